import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// SEMANTICS §6: scenarios with WaitForIt's exact checks.
@Suite struct ScenarioTests {
    /// One step of a scenario's history: a trigger or a try at an offset from t0.
    enum Step: Sendable, CustomStringConvertible {
        case trigger(Int64)
        case execute(Int64)
        var description: String {
            switch self {
            case .trigger(let offset): "trigger@\(offset)"
            case .execute(let offset): "try@\(offset)"
            }
        }
    }

    struct CheckCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// The scenario's settings, as YAML flow-mapping entries.
        var settings: String
        var history: [Step]
        /// When the status is asked, from t0.
        var asked: Int64
        var passes: Bool
        var testDescription: String { name }
    }

    static let checkCases: [CheckCase] = [
        // minEventsRequired: events >= N
        CheckCase(name: "minEventsRequired 3, 0 events", settings: "minEventsRequired: 3", history: [], asked: 0, passes: false),
        CheckCase(name: "minEventsRequired 3, 2 events", settings: "minEventsRequired: 3", history: [.trigger(0), .trigger(1)], asked: 2, passes: false),
        CheckCase(name: "minEventsRequired 3, 3 events", settings: "minEventsRequired: 3", history: [.trigger(0), .trigger(1), .trigger(2)], asked: 3, passes: true),
        CheckCase(name: "minEventsRequired 3, 4 events", settings: "minEventsRequired: 3", history: [.trigger(0), .trigger(1), .trigger(2), .trigger(3)], asked: 4, passes: true),
        CheckCase(name: "minEventsRequired 0, 0 events", settings: "minEventsRequired: 0", history: [], asked: 0, passes: true),
        // maxEventsPermitted: events <= N, inclusive
        CheckCase(name: "maxEventsPermitted 2, 0 events", settings: "maxEventsPermitted: 2", history: [], asked: 0, passes: true),
        CheckCase(name: "maxEventsPermitted 2, 2 events", settings: "maxEventsPermitted: 2", history: [.trigger(0), .trigger(1)], asked: 2, passes: true),
        CheckCase(name: "maxEventsPermitted 2, 3 events", settings: "maxEventsPermitted: 2", history: [.trigger(0), .trigger(1), .trigger(2)], asked: 3, passes: false),
        CheckCase(name: "maxEventsPermitted 0 before the first event", settings: "maxEventsPermitted: 0", history: [], asked: 0, passes: true),
        CheckCase(name: "maxEventsPermitted 0 after one event", settings: "maxEventsPermitted: 0", history: [.trigger(0)], asked: 1, passes: false),
        // maxExecutionsPermitted: executions < N
        CheckCase(name: "maxExecutionsPermitted 2, never executed", settings: "maxExecutionsPermitted: 2", history: [], asked: 0, passes: true),
        CheckCase(name: "maxExecutionsPermitted 2, executed once", settings: "maxExecutionsPermitted: 2", history: [.execute(0)], asked: 1, passes: true),
        CheckCase(name: "maxExecutionsPermitted 2, executed twice", settings: "maxExecutionsPermitted: 2", history: [.execute(0), .execute(1)], asked: 2, passes: false),
        CheckCase(name: "maxExecutionsPermitted 0", settings: "maxExecutionsPermitted: 0", history: [], asked: 0, passes: false),
        // minTimeSinceFirstEvent: no event yet, or now - first > D (strict)
        CheckCase(name: "minTimeSinceFirstEvent, no event yet", settings: "minTimeSinceFirstEvent: 1h", history: [], asked: 0, passes: true),
        CheckCase(name: "minTimeSinceFirstEvent, exactly D", settings: "minTimeSinceFirstEvent: 1h", history: [.trigger(0), .trigger(hour)], asked: hour, passes: false),
        CheckCase(name: "minTimeSinceFirstEvent, D + 1ms", settings: "minTimeSinceFirstEvent: 1h", history: [.trigger(0), .trigger(hour)], asked: hour + 1, passes: true),
        CheckCase(name: "minTimeSinceFirstEvent, D - 1ms", settings: "minTimeSinceFirstEvent: 1h", history: [.trigger(0)], asked: hour - 1, passes: false),
        CheckCase(name: "minTimeSinceFirstEvent, clock backwards", settings: "minTimeSinceFirstEvent: 0s", history: [.trigger(0)], asked: -1, passes: false),
        CheckCase(name: "minTimeSinceFirstEvent 0s, same instant", settings: "minTimeSinceFirstEvent: 0s", history: [.trigger(0)], asked: 0, passes: false),
        // minTimeSinceLastEvent: measured from the last event
        CheckCase(name: "minTimeSinceLastEvent, no event yet", settings: "minTimeSinceLastEvent: 1h", history: [], asked: 0, passes: true),
        CheckCase(name: "minTimeSinceLastEvent, exactly D after the last", settings: "minTimeSinceLastEvent: 1h", history: [.trigger(0), .trigger(30 * minute)], asked: 90 * minute, passes: false),
        CheckCase(name: "minTimeSinceLastEvent, D + 1ms after the last", settings: "minTimeSinceLastEvent: 1h", history: [.trigger(0), .trigger(30 * minute)], asked: 90 * minute + 1, passes: true),
        CheckCase(name: "minTimeSinceLastEvent, clock backwards", settings: "minTimeSinceLastEvent: 1h", history: [.trigger(0)], asked: -2 * hour, passes: false),
        // minTimeBetweenExecutions: never executed, or now - lastExecution > D
        CheckCase(name: "minTimeBetweenExecutions, never executed", settings: "minTimeBetweenExecutions: 1d", history: [.trigger(0)], asked: 0, passes: true),
        CheckCase(name: "minTimeBetweenExecutions, exactly D", settings: "minTimeBetweenExecutions: 1d", history: [.execute(0)], asked: day, passes: false),
        CheckCase(name: "minTimeBetweenExecutions, D + 1ms", settings: "minTimeBetweenExecutions: 1d", history: [.execute(0)], asked: day + 1, passes: true),
        CheckCase(name: "minTimeBetweenExecutions, from the last execution", settings: "minTimeBetweenExecutions: 1d", history: [.execute(0), .execute(day + 1)], asked: day + 2, passes: false),
        CheckCase(name: "minTimeBetweenExecutions, clock backwards", settings: "minTimeBetweenExecutions: 1d", history: [.execute(0)], asked: -2 * day, passes: false),
        // WaitForIt's names, in seconds
        CheckCase(name: "minSecondsSinceFirstEvent 3600, exactly", settings: "minSecondsSinceFirstEvent: 3600", history: [.trigger(0)], asked: hour, passes: false),
        CheckCase(name: "minSecondsSinceFirstEvent 3600, + 1ms", settings: "minSecondsSinceFirstEvent: 3600", history: [.trigger(0)], asked: hour + 1, passes: true),
        CheckCase(name: "minSecondsSinceLastEvent 60, exactly", settings: "minSecondsSinceLastEvent: 60", history: [.trigger(0), .trigger(minute)], asked: 2 * minute, passes: false),
        CheckCase(name: "minSecondsSinceLastEvent 60, + 1ms", settings: "minSecondsSinceLastEvent: 60", history: [.trigger(0), .trigger(minute)], asked: 2 * minute + 1, passes: true),
        CheckCase(name: "minSecondsBetweenExecutions 1.5, exactly", settings: "minSecondsBetweenExecutions: 1.5", history: [.execute(0)], asked: 1_500, passes: false),
        CheckCase(name: "minSecondsBetweenExecutions 1.5, + 1ms", settings: "minSecondsBetweenExecutions: 1.5", history: [.execute(0)], asked: 1_501, passes: true),
        // conditions
        CheckCase(name: "condition false", settings: "conditions: [params.flag]", history: [], asked: 0, passes: false),
        CheckCase(name: "condition on triggers", settings: "conditions: [\"scenarios.s.events >= 2\"]", history: [.trigger(0), .trigger(1)], asked: 2, passes: true),
        CheckCase(name: "condition that fails to evaluate", settings: "conditions: [\"1 / scenarios.s.events == 1\"]", history: [], asked: 0, passes: false),
        // nothing set: every check passes
        CheckCase(name: "no settings", settings: "", history: [.execute(0), .execute(0), .trigger(1)], asked: 1, passes: true),
    ]

    @Test(arguments: checkCases)
    func check(_ test: CheckCase) throws {
        let harness = try Harness("""
            parameters: {flag: {type: bool, default: false}}
            scenarios: {s: {\(test.settings)}}
            """)
        for step in test.history {
            switch step {
            case .trigger(let offset):
                _ = try harness.engine.triggerScenario("s", at(t0 + offset))
            case .execute(let offset):
                #expect(try harness.engine.tryScenario("s", at(t0 + offset)).executed, "history step \(step) must execute")
            }
        }
        let before = try harness.stored()
        let status = try harness.engine.scenarioStatus("s", at(t0 + test.asked))
        #expect(status.executed == test.passes)
        // The same check decides `try`, which commits only when it passes.
        let attempt = try harness.engine.tryScenario("s", at(t0 + test.asked))
        #expect(attempt.executed == test.passes)
        let after = try harness.stored()
        if test.passes {
            #expect(after.record.scenarios["s"]?.executions == (before.record.scenarios["s"]?.executions ?? 0) + 1)
            #expect(after.record.scenarios["s"]?.lastExecution == t0 + test.asked)
        } else {
            #expect(after.version == before.version)
            #expect(after.record == before.record)
        }
    }

    @Test(arguments: [
        ("minSecondsSinceFirstEvent: 86400", "minTimeSinceFirstEvent", day),
        ("minSecondsSinceLastEvent: 3600", "minTimeSinceLastEvent", hour),
        ("minSecondsBetweenExecutions: 604800", "minTimeBetweenExecutions", 7 * day),
        ("minSecondsBetweenExecutions: 0.5", "minTimeBetweenExecutions", 500),
        ("minSecondsSinceFirstEvent: 2h", "minTimeSinceFirstEvent", 2 * hour),
        ("minTimeSinceFirstEvent: 1d12h", "minTimeSinceFirstEvent", 36 * hour),
    ])
    func aliasesAreSeconds(setting: String, field: String, milliseconds: Int64) throws {
        let harness = try Harness("scenarios: {s: {\(setting)}}")
        let scenario = try #require(harness.configuration.scenarios["s"])
        let value = ["minTimeSinceFirstEvent": scenario.minTimeSinceFirstEvent, "minTimeSinceLastEvent": scenario.minTimeSinceLastEvent,
                     "minTimeBetweenExecutions": scenario.minTimeBetweenExecutions][field]
        #expect(value == milliseconds)
    }

    @Test func aliasAndCanonicalNameTogetherIsAnError() {
        let errors = loadErrors("scenarios: {s: {minTimeSinceFirstEvent: 1h, minSecondsSinceFirstEvent: 3600}}")
        #expect(errors.map(\.code) == ["config.conflict"])
    }

    @Test func everyCheckIsEvaluatedAndEveryFailureListed() throws {
        let harness = try Harness("""
            parameters: {flag: {type: bool, default: false}}
            scenarios:
              s:
                minEventsRequired: 5
                maxEventsPermitted: 0
                maxExecutionsPermitted: 0
                minTimeSinceFirstEvent: 1d
                minTimeSinceLastEvent: 1d
                minTimeBetweenExecutions: 1d
                conditions: [params.flag, "!params.flag", params.flag]
            """)
        _ = try harness.engine.triggerScenario("s", at(t0))
        let status = try harness.engine.scenarioStatus("s", at(t0 + hour))
        #expect(!status.executed)
        #expect(status.checks.map(\.name) == ["minEventsRequired", "maxEventsPermitted", "maxExecutionsPermitted", "minTimeSinceFirstEvent",
                                              "minTimeSinceLastEvent", "minTimeBetweenExecutions", "condition 1", "condition 2", "condition 3"])
        #expect(status.failures.map(\.name) == ["minEventsRequired", "maxEventsPermitted", "maxExecutionsPermitted", "minTimeSinceFirstEvent",
                                                "minTimeSinceLastEvent", "condition 1", "condition 3"])
        let attempt = try harness.engine.tryScenario("s", at(t0 + hour))
        #expect(attempt.failures.map(\.name) == status.failures.map(\.name))
        let rendered = status.rendered()
        #expect(rendered.filter { $0 == "✗" }.count == 7)
        #expect(rendered.contains("t.yaml:"))
    }

    @Test func triggerCountsEventsAndInstants() throws {
        let harness = try Harness("scenarios: {s: {minEventsRequired: 2}}")
        let first = try harness.engine.triggerScenario("s", at(t0))
        #expect(first.events == 1)
        #expect(!first.executed)
        let second = try harness.engine.triggerScenario("s", at(t0 + hour))
        #expect(second.events == 2)
        #expect(second.executed, "a try now would run")
        #expect(second.executions == 0, "a trigger never executes")
        #expect(try harness.record().scenarios["s"] == ScenarioRecord(events: 2, firstEvent: t0, lastEvent: t0 + hour))
    }

    @Test func tryCommitsExecutionsOnlyWhenAllPass() throws {
        let harness = try Harness("scenarios: {s: {minEventsRequired: 1, maxExecutionsPermitted: 2}}")
        #expect(!(try harness.engine.tryScenario("s", at(t0)).executed))
        #expect(try harness.stored().version == 0)
        _ = try harness.engine.triggerScenario("s", at(t0))
        let first = try harness.engine.tryScenario("s", at(t0 + 1))
        #expect(first.executed)
        #expect(first.executions == 1)
        #expect(try harness.engine.tryScenario("s", at(t0 + 2)).executions == 2)
        let third = try harness.engine.tryScenario("s", at(t0 + 3))
        #expect(!third.executed)
        #expect(third.executions == 2)
        #expect(try harness.record().scenarios["s"] == ScenarioRecord(events: 1, firstEvent: t0, lastEvent: t0, executions: 2, lastExecution: t0 + 2))
    }

    @Test func statusHasNoSideEffect() throws {
        let harness = try Harness("scenarios: {s: {minEventsRequired: 1, maxExecutionsPermitted: 1}}")
        _ = try harness.engine.triggerScenario("s", at(t0))
        let before = try harness.stored()
        for _ in 0..<5 {
            #expect(try harness.engine.scenarioStatus("s", at(t0 + 1)).executed)
            #expect(try harness.engine.scenarioStatus("s", at(t0 + 1), explaining: true).executed)
        }
        #expect(try harness.stored().version == before.version)
        #expect(try harness.engine.tryScenario("s", at(t0 + 1)).executed)
    }

    @Test func resetClearsEventsAndExecutions() throws {
        let harness = try Harness("scenarios: {s: {minEventsRequired: 1, maxExecutionsPermitted: 1}, other: {}}")
        _ = try harness.engine.triggerScenario("s", at(t0))
        _ = try harness.engine.triggerScenario("other", at(t0))
        #expect(try harness.engine.tryScenario("s", at(t0)).executed)
        #expect(!(try harness.engine.tryScenario("s", at(t0 + 1)).executed))
        let reset = try harness.engine.resetScenario("s", at(t0 + 2))
        #expect(reset.events == 0 && reset.executions == 0)
        #expect(try harness.record().scenarios["s"] == nil)
        #expect(try harness.record().scenarios["other"]?.events == 1)
        #expect(!(try harness.engine.tryScenario("s", at(t0 + 3)).executed), "needs an event again")
        _ = try harness.engine.triggerScenario("s", at(t0 + 4))
        #expect(try harness.engine.tryScenario("s", at(t0 + 5)).executed)
    }

    @Test func scenarioCountingAnEvent() throws {
        let harness = try Harness("""
            events: {appLaunched: {}}
            scenarios: {offer: {event: appLaunched, minEventsRequired: 2, minTimeSinceFirstEvent: 1h, maxExecutionsPermitted: 1}}
            """)
        // Triggering it is not how it counts.
        #expect(engineError { try harness.engine.triggerScenario("offer", at(t0)) }?.isNotApplicable == true)
        #expect(try harness.stored().version == 0)
        _ = try harness.engine.donate("appLaunched", at(t0))
        _ = try harness.engine.donate("appLaunched", at(t0 + 1))
        var status = try harness.engine.scenarioStatus("offer", at(t0 + hour))
        #expect(status.events == 2)
        #expect(status.failures.map(\.name) == ["minTimeSinceFirstEvent"])
        #expect(try harness.engine.tryScenario("offer", at(t0 + hour + 1)).executed)

        // After a reset only later donations count, from their own first instant.
        _ = try harness.engine.donate("appLaunched", at(t0 + 2 * hour))
        _ = try harness.engine.resetScenario("offer", at(t0 + 3 * hour))
        status = try harness.engine.scenarioStatus("offer", at(t0 + 3 * hour))
        #expect(status.events == 0 && status.executions == 0)
        #expect(status.failures.map(\.name) == ["minEventsRequired"])
        _ = try harness.engine.donate("appLaunched", at(t0 + 4 * hour))
        _ = try harness.engine.donate("appLaunched", at(t0 + 5 * hour))
        status = try harness.engine.scenarioStatus("offer", at(t0 + 5 * hour))
        #expect(status.events == 2)
        // The first event counted is the one at 4h, so 1h later is not yet more than 1h.
        #expect(status.failures.map(\.name) == ["minTimeSinceFirstEvent"])
        #expect(try harness.engine.tryScenario("offer", at(t0 + 5 * hour + 1)).executed)
        // The event's own lifetime count is untouched by the scenario's reset.
        #expect(try harness.record().events["appLaunched"]?.count == 5)
    }

    @Test func scenarioCountersInRules() throws {
        let harness = try Harness("""
            scenarios: {review: {}}
            tips: {thanks: {title: Thanks, rules: ["scenarios.review.executions >= 1", "scenarios.review.events == 1"]}}
            """)
        _ = try harness.engine.triggerScenario("review", at(t0))
        #expect(try harness.engine.tipStatus("thanks", at(t0)).status == .pending)
        _ = try harness.engine.tryScenario("review", at(t0))
        #expect(try harness.engine.tipStatus("thanks", at(t0)).status == .available)
    }

    @Test func undeclaredScenario() throws {
        let harness = try Harness("scenarios: {review: {}}")
        #expect(engineError { try harness.engine.tryScenario("reveiw", at(t0)) } == .undeclared(kind: "scenario", id: "reveiw", suggestion: "review"))
    }
}
