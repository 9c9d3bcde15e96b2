import BeckonCore
import BeckonRules
import Testing

/// SEMANTICS §4 operations: display, displayed-for, invalidate, reset one tip, reset the subject.
@Suite struct TipOperationTests {
    // MARK: display

    @Test func displayRecordsCountInstantsAndTheCooldown() throws {
        let harness = try Harness("tips: {a: {title: A}}")
        let first = try harness.engine.displayTip("a", at(t0))
        #expect(first.changed)
        #expect(first.status == .available)
        #expect(first.record == TipRecord(displayCount: 1, firstDisplay: t0, lastDisplay: t0))
        #expect(try harness.record().lastNewTipDisplay == t0)
        let second = try harness.engine.displayTip("a", at(t0 + minute))
        #expect(second.changed)
        #expect(second.record == TipRecord(displayCount: 2, firstDisplay: t0, lastDisplay: t0 + minute))
        // Not a first display: the subject's last new-tip display stays.
        #expect(try harness.record().lastNewTipDisplay == t0)
        #expect(try harness.record().tips["a"] == second.record)
    }

    struct UnavailableCase: Sendable, CustomTestStringConvertible {
        var name: String
        var code: String
        var testDescription: String { name }
    }

    @Test(arguments: [
        UnavailableCase(name: "rule false", code: "rule"),
        UnavailableCase(name: "invalidated", code: "tipClosed"),
        UnavailableCase(name: "cooldown", code: "displayFrequency"),
        UnavailableCase(name: "group", code: "group"),
        UnavailableCase(name: "hidden by testing", code: "testingHide"),
    ])
    func displayOfAnUnavailableTipChangesNothing(_ test: UnavailableCase) throws {
        let harness = try Harness("""
            display: {frequency: daily}
            parameters: {flag: {type: bool, default: false}}
            tips:
              ruled: {title: R, rules: [params.flag]}
              closed: {title: C}
              fresh: {title: F}
              leader: {title: L, ignoresDisplayFrequency: true}
              follower: {title: Fo, ignoresDisplayFrequency: true}
              hidden: {title: H}
              starter: {title: S}
            groups: {g: {tips: [leader, follower]}}
            testing: {hide: [hidden]}
            """)
        _ = try harness.engine.displayTip("starter", at(t0))
        _ = try harness.engine.invalidateTip("closed", reason: .tipClosed, at(t0))
        let tip = ["rule false": "ruled", "invalidated": "closed", "cooldown": "fresh", "group": "follower", "hidden by testing": "hidden"][test.name]!
        let before = try harness.stored()
        let decision = try harness.engine.displayTip(tip, at(t0 + 1))
        #expect(!decision.changed)
        #expect(decision.status != .available)
        #expect(decision.reason.code == test.code)
        let after = try harness.stored()
        #expect(after.version == before.version)
        #expect(after.record == before.record)
    }

    @Test(arguments: [1, 2, 3, 5])
    func maxDisplayCountAllowsNDisplays(maximum: Int) throws {
        let harness = try Harness("tips: {t: {title: T, maxDisplayCount: \(maximum)}}")
        for display in 1...maximum {
            #expect(try harness.engine.tipStatus("t", at(t0)).status == .available, "before display \(display)")
            let decision = try harness.engine.displayTip("t", at(t0 + Int64(display)))
            #expect(decision.changed, "display \(display)")
            #expect(decision.record.displayCount == Int64(display))
            if display < maximum {
                #expect(decision.status == .available, "after display \(display)")
                #expect(decision.record.invalidation == nil)
            } else {
                // Invalidated after the N-th display, which itself counted.
                #expect(decision.status == .invalidated)
                #expect(decision.reason == .invalidated(.displayCountExceeded))
            }
        }
        let status = try harness.engine.tipStatus("t", at(t0 + 100))
        #expect(status.status == .invalidated)
        #expect(status.reason == .invalidated(.displayCountExceeded))
        let extra = try harness.engine.displayTip("t", at(t0 + 101))
        #expect(!extra.changed)
        #expect(try harness.record().tips["t"]?.displayCount == Int64(maximum))
    }

    @Test func withoutMaxDisplayCountDisplaysNeverInvalidate() throws {
        let harness = try Harness("tips: {t: {title: T}}")
        for display in 1...50 { _ = try harness.engine.displayTip("t", at(t0 + Int64(display))) }
        #expect(try harness.engine.tipStatus("t", at(t0 + 100)).status == .available)
        #expect(try harness.record().tips["t"]?.displayCount == 50)
    }

    @Test func displayShownByTestingIsRecordedAndKeepsTheFirstReason() throws {
        let harness = try Harness("""
            tips: {t: {title: T}}
            """)
        _ = try harness.engine.invalidateTip("t", reason: .actionPerformed, at(t0))
        let shown = try harness.engine.displayTip("t", at(t0 + 1, testing: TestingOverrides(show: ["t"])))
        #expect(shown.changed)
        #expect(shown.status == .available)
        #expect(try harness.record().tips["t"] == TipRecord(displayCount: 1, firstDisplay: t0 + 1, lastDisplay: t0 + 1, invalidation: .actionPerformed))
    }

    // MARK: displayed for D

    struct DurationCase: Sendable, CustomTestStringConvertible {
        var shown: [Int64]
        var maximum: Int64?
        var total: Int64
        var invalidated: Bool
        var testDescription: String { "shown \(shown) with max \(maximum.map(String.init) ?? "none")" }
    }

    static let durationCases: [DurationCase] = [
        DurationCase(shown: [4 * second], maximum: 10 * second, total: 4 * second, invalidated: false),
        DurationCase(shown: [4 * second, 5 * second], maximum: 10 * second, total: 9 * second, invalidated: false),
        DurationCase(shown: [9_999], maximum: 10 * second, total: 9_999, invalidated: false),
        DurationCase(shown: [4 * second, 5 * second, 1 * second], maximum: 10 * second, total: 10 * second, invalidated: true),
        DurationCase(shown: [10 * second], maximum: 10 * second, total: 10 * second, invalidated: true),
        DurationCase(shown: [25 * second], maximum: 10 * second, total: 25 * second, invalidated: true),
        // Once invalidated, more on-screen time changes nothing.
        DurationCase(shown: [10 * second, 5 * second], maximum: 10 * second, total: 10 * second, invalidated: true),
        DurationCase(shown: [0, 0], maximum: 10 * second, total: 0, invalidated: false),
        DurationCase(shown: [day, day, day], maximum: nil, total: 3 * day, invalidated: false),
        // The total saturates instead of overflowing.
        DurationCase(shown: [Int64.max, Int64.max], maximum: nil, total: Int64.max, invalidated: false),
    ]

    @Test(arguments: durationCases)
    func displayDurationAccumulates(_ test: DurationCase) throws {
        let maximum = test.maximum.map { ", maxDisplayDuration: \($0)ms" } ?? ""
        let harness = try Harness("tips: {t: {title: T\(maximum)}}")
        for duration in test.shown { _ = try harness.engine.recordTipShown("t", duration: duration, at(t0)) }
        let record = try #require(try harness.record().tips["t"])
        #expect(record.displayDuration == test.total)
        #expect(record.invalidation == (test.invalidated ? .displayDurationExceeded : nil))
        let status = try harness.engine.tipStatus("t", at(t0 + 1))
        #expect(status.status == (test.invalidated ? .invalidated : .available))
    }

    @Test func negativeOnScreenTimeIsRefused() throws {
        let harness = try Harness("tips: {t: {title: T, maxDisplayDuration: 10s}}")
        #expect(engineError { try harness.engine.recordTipShown("t", duration: -1, at(t0)) }?.isInvalidValue == true)
        #expect(try harness.stored().version == 0)
    }

    @Test func onScreenTimeOfAnInvalidatedTipChangesNothing() throws {
        let harness = try Harness("tips: {t: {title: T, maxDisplayDuration: 10s}}")
        _ = try harness.engine.recordTipShown("t", duration: 3 * second, at(t0))
        _ = try harness.engine.invalidateTip("t", reason: .tipClosed, at(t0))
        let before = try harness.stored()
        let decision = try harness.engine.recordTipShown("t", duration: 20 * second, at(t0))
        #expect(!decision.changed)
        #expect(decision.reason == .invalidated(.tipClosed))
        #expect(try harness.stored().version == before.version)
        #expect(try harness.record().tips["t"]?.displayDuration == 3 * second)
    }

    // MARK: invalidate

    @Test(arguments: [InvalidationReason.actionPerformed, .tipClosed])
    func invalidateIsPermanentUntilReset(reason: InvalidationReason) throws {
        let harness = try Harness("tips: {t: {title: T}}")
        let decision = try harness.engine.invalidateTip("t", reason: reason, at(t0))
        #expect(decision.status == .invalidated)
        #expect(decision.reason == .invalidated(reason))
        for later in [t0 + 1, t0 + 365 * day, t0 - day, Int64.max] {
            #expect(try harness.engine.tipStatus("t", at(later)).reason == .invalidated(reason))
        }
        #expect(!(try harness.engine.displayTip("t", at(t0 + day)).changed))
        _ = try harness.engine.resetTip("t", at(t0 + 2 * day))
        #expect(try harness.engine.tipStatus("t", at(t0 + 2 * day)).status == .available)
    }

    @Test func invalidatingAPendingTipWorks() throws {
        let harness = try Harness("""
            parameters: {flag: {type: bool, default: false}}
            tips: {t: {title: T, rules: [params.flag]}}
            """)
        _ = try harness.engine.invalidateTip("t", reason: .actionPerformed, at(t0))
        try harness.engine.setParameter("flag", to: .bool(true), at(t0))
        #expect(try harness.engine.tipStatus("t", at(t0)).reason == .invalidated(.actionPerformed))
    }

    @Test func secondInvalidationKeepsTheFirstReason() throws {
        let harness = try Harness("tips: {t: {title: T, maxDisplayCount: 1}, u: {title: U}}")
        _ = try harness.engine.invalidateTip("u", reason: .tipClosed, at(t0))
        let before = try harness.stored()
        let again = try harness.engine.invalidateTip("u", reason: .actionPerformed, at(t0 + 1))
        #expect(again.reason == .invalidated(.tipClosed))
        #expect(!again.changed)
        #expect(try harness.stored().version == before.version)
        #expect(try harness.record().tips["u"]?.invalidation == .tipClosed)
        // An engine-set reason stays too.
        _ = try harness.engine.displayTip("t", at(t0))
        _ = try harness.engine.invalidateTip("t", reason: .actionPerformed, at(t0 + 1))
        #expect(try harness.record().tips["t"]?.invalidation == .displayCountExceeded)
    }

    @Test(arguments: [InvalidationReason.displayCountExceeded, .displayDurationExceeded])
    func hostCannotSetEngineReasons(reason: InvalidationReason) throws {
        let harness = try Harness("tips: {t: {title: T}}")
        let error = engineError { try harness.engine.invalidateTip("t", reason: reason, at(t0)) }
        #expect(error?.isInvalidValue == true)
        #expect(error?.message == "a tip can be invalidated with actionPerformed or tipClosed, not \(reason.rawValue) (the engine sets that one)")
        #expect(try harness.stored().version == 0)
    }

    // MARK: reset

    @Test func resetClearsOneTipOnly() throws {
        let harness = try Harness("""
            display: {frequency: hourly}
            tips:
              t: {title: T, maxDisplayDuration: 1m, ignoresDisplayFrequency: true}
              u: {title: U, ignoresDisplayFrequency: true}
            """)
        _ = try harness.engine.displayTip("t", at(t0))
        _ = try harness.engine.displayTip("u", at(t0))
        _ = try harness.engine.recordTipShown("t", duration: 2 * minute, at(t0))
        #expect(try harness.engine.tipStatus("t", at(t0)).reason == .invalidated(.displayDurationExceeded))
        let reset = try harness.engine.resetTip("t", at(t0 + 1))
        #expect(reset.status == .available)
        #expect(reset.record == TipRecord())
        let record = try harness.record()
        #expect(record.tips["t"] == nil)
        #expect(record.tips["u"] == TipRecord(displayCount: 1, firstDisplay: t0, lastDisplay: t0))
        // The subject-wide cooldown is not the tip's state.
        #expect(record.lastNewTipDisplay == t0)
        // Counts start over: the next display is a first display again.
        let display = try harness.engine.displayTip("t", at(t0 + 2))
        #expect(display.record == TipRecord(displayCount: 1, firstDisplay: t0 + 2, lastDisplay: t0 + 2))
    }

    @Test func changedSaysWhetherTheTipsStateChanged() throws {
        let harness = try Harness("tips: {t: {title: T}}")
        #expect(!(try harness.engine.resetTip("t", at(t0)).changed), "reset of a tip with no state")
        #expect(!(try harness.engine.recordTipShown("t", duration: 0, at(t0)).changed), "zero on-screen time")
        #expect(try harness.engine.recordTipShown("t", duration: 1, at(t0)).changed)
        #expect(try harness.engine.invalidateTip("t", reason: .tipClosed, at(t0)).changed)
        #expect(try harness.engine.resetTip("t", at(t0)).changed)
    }

    @Test func resetAllClearsTheWholeSubject() throws {
        let harness = try Harness("""
            app: {version: 1.0.0}
            parameters: {plan: {type: string, default: free}}
            events: {e: {info: {n: int}}}
            tips:
              t: {title: T, rules: ["events.e.count == 0"]}
              u: {title: U}
            scenarios: {s: {maxExecutionsPermitted: 1}}
            whatsNew: {entries: [{version: 1.0.0, title: One}]}
            """)
        try harness.engine.setParameter("plan", to: .string("pro"), at(t0))
        _ = try harness.engine.donate("e", info: ["n": .int(1)], at(t0))
        _ = try harness.engine.displayTip("u", at(t0))
        _ = try harness.engine.invalidateTip("u", reason: .tipClosed, at(t0))
        _ = try harness.engine.triggerScenario("s", at(t0))
        #expect(try harness.engine.tryScenario("s", at(t0)).executed)
        #expect(try harness.engine.whatsNewPresent(at(t0)).entries.count == 1)
        try harness.engine.setParameter("plan", to: .string("team"), at(t0, "other"))
        _ = try harness.engine.donate("e", at(t0, "other"))

        try harness.engine.resetSubject(at(t0 + 1))

        #expect(try harness.record().isEmpty)
        #expect(try harness.logTimes("e") == [])
        #expect(try harness.engine.parameter("plan", at(t0 + 1)) == .string("free"))
        #expect(try harness.engine.tipStatus("t", at(t0 + 1)).status == .available)
        #expect(try harness.engine.tipStatus("u", at(t0 + 1)).status == .available)
        let scenario = try harness.engine.scenarioStatus("s", at(t0 + 1))
        #expect(scenario.executed)
        #expect(scenario.events == 0 && scenario.executions == 0)
        let whatsNew = try harness.engine.whatsNewNext(at(t0 + 1))
        #expect(whatsNew.isFreshInstall)
        #expect(whatsNew.entries.map(\.version) == [Version(major: 1)])
        // Another subject keeps everything.
        #expect(try harness.engine.parameter("plan", at(t0, "other")) == .string("team"))
        #expect(try harness.logTimes("e", "other") == [t0])
    }
}
