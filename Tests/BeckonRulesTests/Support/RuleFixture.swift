import BeckonDiagnostics
import BeckonRules
import Testing

/// Milliseconds in the units rules are written with, for fixture instants.
enum Span {
    static let second: Int64 = 1000
    static let minute: Int64 = 60 * second
    static let hour: Int64 = 60 * minute
    static let day: Int64 = 24 * hour
}

/// The schema, context and helpers every rule-language test shares: one set of declared names,
/// with values chosen so that each rule in the tables has one obvious outcome.
enum RuleFixture {
    /// 2023-11-14T22:13:20Z, the decision instant of the default context.
    static let now: Int64 = 1_700_000_000_000

    /// Rules start at line 1, column 1, so a diagnostic's column is the token's offset + 1.
    static let origin = TextOrigin(file: "r.yaml", startingAt: SourcePosition(line: 1, column: 1))

    static let schema: RuleSchema = {
        var schema = RuleSchema()
        let parameters: [(String, ValueType)] = [
            ("plan", .string), ("flag", .bool), ("off", .bool), ("count", .int), ("ratio", .double),
            ("minVersion", .version), ("tags", .list(.string)), ("unset", .int), ("wait", .duration),
            ("since", .timestamp), ("big", .int), ("small", .int), ("zero", .int), ("none", .bool),
            ("noPlan", .string), ("noWait", .duration), ("noSince", .timestamp), ("noVersion", .version),
            ("noRatio", .double), ("dash-name", .int),
        ]
        for (slot, (name, type)) in parameters.enumerated() {
            schema.parameters[name] = .init(slot: slot, type: type)
        }
        schema.events["launch"] = .init(slot: 0)
        schema.events["app-launched"] = .init(slot: 1)
        schema.events["view"] = .init(slot: 2, infoFields: [("kind", .string), ("size", .int), ("premium", .bool)],
                                      maxAge: 30 * Span.day)
        schema.events["never"] = .init(slot: 3, infoFields: [("kind", .string)], maxAge: Span.day)
        schema.tips = ["favorite": 0, "favorite-landmark": 1]
        schema.scenarios = ["onboarding": 0, "welcome-back": 1]
        let signatures: [(String, [ValueType], ValueType)] = [
            ("geo.inRegion", [.string], .bool), ("geo.distance", [.double, .double], .double),
            ("spy.touch", [], .bool), ("spy.fail", [], .bool), ("spy.echo", [.int], .int),
            ("spy.version", [], .version), ("spy.wrong", [], .bool), ("spy.number", [], .double),
            ("spy.picky", [.int], .bool),
        ]
        for (slot, (name, parameters, result)) in signatures.enumerated() {
            schema.functions[name] = .init(parameters: parameters, result: result, implementation: FixtureFunction(slot: slot))
        }
        return schema
    }()

    static let compiler = RuleCompiler(schema: schema)

    static func compile(_ text: String) -> RuleCompilation {
        compiler.compile(text, origin: origin)
    }

    /// Compiles a rule that must have no errors (warnings are allowed).
    static func rule(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> CompiledRule {
        let compilation = compile(text)
        let errors = compilation.diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(text): \(errors.map(\.message))", sourceLocation: sourceLocation)
        return try #require(compilation.rule, sourceLocation: sourceLocation)
    }

    /// The only error of a rule that must not compile.
    static func onlyError(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> Diagnostic {
        let compilation = compile(text)
        #expect(compilation.rule == nil, "\(text) compiled", sourceLocation: sourceLocation)
        #expect(compilation.diagnostics.count == 1, "\(text): \(compilation.diagnostics.map(\.message))",
                sourceLocation: sourceLocation)
        return try #require(compilation.diagnostics.first, sourceLocation: sourceLocation)
    }
}

/// A rule context whose every answer can be set; it records the plugin calls it receives, so
/// tests can prove what short-circuiting skipped.
final class FixtureContext: RuleContext {
    var now: Int64 = RuleFixture.now
    var subject = "user-1"
    var appVersion: Version? = Version(major: 2, minor: 1)
    var parameters: [Int: Value] = [:]
    var events: [Int: EventSummary] = [:]
    var logs: [Int: DonationLog] = [:]
    var tips: [Int: TipSummary] = [:]
    var scenarios: [Int: ScenarioSummary] = [:]
    /// Plugin functions by slot.
    var functions: [Int: ([Value]) -> Result<Value, RuleCallError>] = [:]
    /// Every plugin call, in order: the function's slot and its arguments.
    private(set) var calls: [(function: Int, arguments: [Value])] = []

    func parameter(_ slot: Int) -> Value { parameters[slot] ?? .null }
    func eventSummary(_ slot: Int) -> EventSummary { events[slot] ?? EventSummary() }
    func donations(_ slot: Int) -> DonationLog { logs[slot] ?? DonationLog() }
    func tipSummary(_ slot: Int) -> TipSummary { tips[slot] ?? TipSummary() }
    func scenarioSummary(_ slot: Int) -> ScenarioSummary { scenarios[slot] ?? ScenarioSummary() }

    /// Answers a plugin call by the function's slot, recording it.
    func call(_ function: Int, arguments: [Value]) -> Result<Value, RuleCallError> {
        calls.append((function, arguments))
        return functions[function]?(arguments) ?? .failure(RuleCallError(message: "no such function"))
    }

    /// Slots of the spy functions, for checking `calls`.
    static let touchSlot = 2

    /// The context every evaluation table runs against.
    static func standard() -> FixtureContext {
        let context = FixtureContext()
        let now = RuleFixture.now, day = Span.day, hour = Span.hour
        let slot = { (name: String) in RuleFixture.schema.parameters[name]!.slot }
        context.parameters = [
            slot("plan"): .string("pro"), slot("flag"): .bool(true), slot("off"): .bool(false),
            slot("count"): .int(3), slot("ratio"): .double(0.5), slot("minVersion"): .version(Version(major: 2)),
            slot("tags"): .list([.string("pro"), .string("team")]), slot("wait"): .duration(90 * Span.minute),
            slot("since"): .timestamp(now - 2 * day), slot("big"): .int(.max), slot("small"): .int(.min),
            slot("zero"): .int(0), slot("dash-name"): .int(7),
            // unset, none, noPlan, noWait, noSince, noVersion and noRatio stay null.
        ]
        context.events = [
            0: EventSummary(count: 5, first: now - 10 * day, last: now - 2 * hour),
            1: EventSummary(count: 2, first: now - 5 * day, last: now - hour),
            2: EventSummary(count: 6, first: now - 20 * day, last: now),
        ]
        context.logs = [
            0: DonationLog(times: [now - 10 * day, now - 7 * day, now - 3 * day, now - day, now - 2 * hour]),
            1: DonationLog(times: [now - 5 * day, now - hour]),
            2: DonationLog(
                times: [now - 20 * day, now - 7 * day, now - 7 * day + 1, now - 2 * day, now - hour, now],
                infos: [
                    [.string("a"), .int(1), .bool(false)],
                    [.string("b"), .int(2), .bool(true)], // exactly on the 7d boundary
                    [.string("a"), .int(3), .bool(true)],
                    [.string("a"), .int(4), .bool(false)],
                    [.string("c"), .null, .bool(true)],
                    [.string("b"), .int(6), .bool(false)],
                ]
            ),
        ]
        context.tips = [
            0: TipSummary(displayCount: 2, invalidated: false, status: "available"),
            1: TipSummary(displayCount: 0, invalidated: true, status: "invalidated"),
        ]
        context.scenarios = [0: ScenarioSummary(executions: 1, events: 4)]
        context.functions = [
            0: { arguments in .success(.bool(arguments.first == .string("EU"))) },
            1: { arguments in
                guard case .double(let a) = arguments[0], case .double(let b) = arguments[1] else {
                    return .failure(RuleCallError(message: "expected two doubles, got \(arguments)"))
                }
                return .success(.double(abs(a - b)))
            },
            2: { _ in .success(.bool(true)) },
            3: { _ in .failure(RuleCallError(message: "boom")) },
            4: { arguments in .success(arguments[0]) },
            5: { _ in .success(.version(Version(major: 3))) },
            6: { _ in .success(.int(1)) },
            7: { _ in .success(.int(2)) },
            8: { arguments in .success(.bool(arguments == [.int(1)])) },
        ]
        return context
    }
}

/// A plugin function of the fixture: binding records the constants it saw (and `spy.picky`
/// rejects a negative constant, as a plugin's bind may); evaluation asks the `FixtureContext`.
final class FixtureFunction: RuleFunction, RuleFunctionCall {
    let slot: Int

    init(slot: Int) {
        self.slot = slot
    }

    func bind(constants: [Value?], schema: RuleSchema) -> Result<any RuleFunctionCall, RuleCallError> {
        if case .int(let value)? = constants.first ?? nil, value < 0, slot == 8 {
            return .failure(RuleCallError(message: "the limit must not be negative, not \(value)"))
        }
        return .success(self)
    }

    func evaluate(_ arguments: UnsafeBufferPointer<Value>, context: any RuleContext) -> Result<Value, RuleCallError> {
        (context as! FixtureContext).call(slot, arguments: Array(arguments))
    }

    /// `geo.inRegion` is pure: its answer depends on its argument only.
    var changesWithTime: Bool { slot != 0 }

    /// `spy.echo` says its answer holds for 5 minutes; the others do not say.
    func evaluateWithLifetime(_ arguments: UnsafeBufferPointer<Value>,
                              context: any RuleContext) -> (result: Result<Value, RuleCallError>, holdsUntil: Int64?) {
        (evaluate(arguments, context: context), slot == 4 ? context.now + 5 * Span.minute : nil)
    }
}
