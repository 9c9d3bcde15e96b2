import ArgumentParser
import BeckonDiagnostics
import BeckonRules

/// Evaluation and checking speed of the rule language.
struct RulesBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "rules",
        abstract: "Time rule evaluation (ns per evaluation) and checking (ms for many rules)."
    )

    @Option(help: "Evaluations per measured run.") var evaluations = 2_000_000
    @Option(help: "Donations in the event log.") var donations = 1_000
    @Option(help: "Rules to check at load.") var rules = 10_000

    func run() throws {
        let schema = Self.schema()
        let compiler = RuleCompiler(schema: schema)
        let context = BenchContext(donations: donations)
        let simple = try Self.compile("params.a && params.b", compiler)
        let window = try Self.compile("events.x.within(7d).count >= 3 && params.isLoggedIn && tips.t.displayCount <= 3", compiler)

        for (name, rule) in [("params.a && params.b", simple),
                             ("events.x.within(7d).count >= 3 && params.isLoggedIn && tips.t.displayCount <= 3 (\(donations) donations)", window)] {
            var satisfied = 0
            let measurement = Measurement.run(runs: 7) {
                for _ in 0..<evaluations where rule.evaluate(in: context).isSatisfied { satisfied += 1 }
            }
            let perEvaluation = measurement.median / Double(evaluations)
            print("rules: \(name): \((perEvaluation * 1e10).rounded() / 10) ns per evaluation (median of 7 runs of \(evaluations); satisfied \(satisfied > 0))")
        }

        let texts = (0..<rules).map { index in
            "events.x.within(\(index % 30 + 1)d).count >= \(index % 7) && params.isLoggedIn && tips.t.displayCount <= \(index % 5)"
        }
        let origin = TextOrigin(file: "bench.yaml", startingAt: .start)
        let measurement = Measurement.run(runs: 9) {
            for text in texts where compiler.compile(text, origin: origin).rule == nil {
                fatalError("benchmark rule did not compile: \(text)")
            }
        }
        print("rules: checking \(rules) rules: \(measurement.summary())")
    }

    static func compile(_ text: String, _ compiler: RuleCompiler) throws -> CompiledRule {
        let compilation = compiler.compile(text, origin: TextOrigin(file: "bench.yaml", startingAt: .start))
        guard let rule = compilation.rule else {
            throw ValidationError("benchmark rule did not compile: \(compilation.diagnostics.map(\.message))")
        }
        return rule
    }

    static func schema() -> RuleSchema {
        var schema = RuleSchema()
        schema.parameters = [
            "a": .init(slot: 0, type: .bool), "b": .init(slot: 1, type: .bool), "isLoggedIn": .init(slot: 2, type: .bool),
        ]
        schema.events = ["x": .init(slot: 0, infoFields: [("kind", .string)], maxAge: nil)]
        schema.tips = ["t": 0]
        return schema
    }
}

/// A context over plain arrays, as an engine with a warm store would supply.
final class BenchContext: RuleContext, @unchecked Sendable {
    let now: Int64 = 1_800_000_000_000
    let subject = "bench"
    let appVersion: Version? = Version(major: 2, minor: 3, patch: 1)
    private let parameters: [Value] = [.bool(true), .bool(true), .bool(true)]
    private let log: DonationLog

    init(donations: Int) {
        // One donation an hour going back from now: about 168 fall inside a 7-day window.
        let now = self.now
        let times = (0..<donations).map { now - Int64(donations - $0) * 3_600_000 }
        log = DonationLog(times: times, infos: times.map { _ in [.string("kind")] })
    }

    func parameter(_ slot: Int) -> Value { parameters[slot] }
    func eventSummary(_ slot: Int) -> EventSummary { EventSummary(count: Int64(log.times.count), first: log.times.first, last: log.times.last) }
    func donations(_ slot: Int) -> DonationLog { log }
    func tipSummary(_ slot: Int) -> TipSummary { TipSummary(displayCount: 1, invalidated: false, status: "available") }
    func scenarioSummary(_ slot: Int) -> ScenarioSummary { ScenarioSummary() }
}
