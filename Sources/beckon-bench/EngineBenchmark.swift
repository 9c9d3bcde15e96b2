import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonRules

/// Decision speed of the engine over the in-memory store.
struct EngineBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "engine",
        abstract: "Time tip status (five rules), scenario try, and the status of every tip of a 1,000-tip configuration, with the memory store."
    )

    @Option(help: "Operations per measured run.") var operations = 200_000
    @Option(help: "Tips in the configuration for the all-tips figure.") var tips = 1_000

    func run() throws {
        let loaded = try ConfigurationLoader().load(yaml: Self.configuration(tips: tips), path: "bench.yaml")
        let engine = Engine(configuration: loaded.configuration, rules: loaded.rules, store: MemoryStore())
        let now: Int64 = 1_800_000_000_000
        let request = DecisionRequest(subject: "bench", now: now, appVersion: Version(major: 2))
        try engine.setParameter("isLoggedIn", to: .bool(true), request)
        try engine.setParameter("plan", to: .string("free"), request)
        for hour in 0..<50 {
            _ = try engine.donate("viewed", info: ["kind": .string("k\(hour % 3)")], DecisionRequest(subject: "bench", now: now - Int64(hour) * 3_600_000))
        }

        var available = 0
        let status = try Measurement.run(runs: 7) {
            for _ in 0..<operations where try engine.tipStatus("five-rules", request).status == .available { available += 1 }
        }
        print("engine: tip status, 5 rules: \(Self.perOperation(status, operations)) (available: \(available > 0))")

        var executed = 0
        let scenario = try Measurement.run(runs: 7) {
            for _ in 0..<operations where try engine.tryScenario("unlimited", request).executed { executed += 1 }
        }
        print("engine: scenario try (executes and commits): \(Self.perOperation(scenario, operations)) (executed: \(executed))")

        var counted = 0
        let all = try Measurement.run(runs: 21) {
            counted += try engine.allTipStatuses(request).count
        }
        print("engine: status of all \(tips + 1) tips: \(all.summary())")
    }

    static func perOperation(_ measurement: Measurement, _ operations: Int) -> String {
        let nanoseconds = measurement.median / Double(operations) * 1e9
        return "\((nanoseconds * 10).rounded() / 10) ns per operation (median of \(measurement.samples.count) runs of \(operations))"
    }

    static func configuration(tips: Int) -> String {
        var yaml = """
            version: 1
            app: {version: 2.0.0}
            display: {frequency: daily}
            store: {backend: memory}
            parameters:
              isLoggedIn: {type: bool, default: false}
              plan: {type: string, default: free}
              count: {type: int, default: 3}
            events:
              viewed: {info: {kind: string}, retention: {maxCount: 1000}}
            scenarios:
              unlimited: {minEventsRequired: 0, maxEventsPermitted: 1000000, minTimeSinceFirstEvent: 0s, conditions: [params.isLoggedIn]}
            tips:
              five-rules:
                title: Five rules
                rules:
                  - params.isLoggedIn
                  - params.plan == "free"
                  - events.viewed.count >= 3
                  - events.viewed.within(7d).count >= 3
                  - params.count <= 5

            """
        for index in 0..<tips {
            yaml += "  tip-\(index): {title: Tip \(index), rules: [\"params.isLoggedIn && events.viewed.within(\(index % 7 + 1)d).count >= \(index % 5)\", \"params.plan != 'p\(index)'\"]}\n"
        }
        return yaml
    }
}
