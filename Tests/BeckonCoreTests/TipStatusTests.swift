import BeckonCore
import BeckonRules
import Testing

/// SEMANTICS §4: a tip's status, checked in order — testing overrides, invalidation, rules,
/// display frequency, group gating.
@Suite struct TipStatusTests {
    // MARK: 1. Testing overrides

    struct OverrideCase: Sendable, CustomTestStringConvertible {
        var name: String
        /// The configuration's `testing:` section.
        var configuration = TestingOverrides()
        /// The request's overrides (CLI flags).
        var request = TestingOverrides()
        /// Whether the tip was invalidated before the status is asked.
        var invalidated = false
        /// Whether the tip's rule holds (without overrides it is then available).
        var ruleHolds = false
        var status: TipStatus
        var code: String
        var testDescription: String { name }
    }

    static let overrideCases: [OverrideCase] = [
        OverrideCase(name: "no override: the rule decides", status: .pending, code: "rule"),
        OverrideCase(name: "no override, rule holds", ruleHolds: true, status: .available, code: "available"),
        OverrideCase(name: "show", configuration: .init(show: ["t"]), status: .available, code: "testingShow"),
        OverrideCase(name: "hide", configuration: .init(hide: ["t"]), ruleHolds: true, status: .pending, code: "testingHide"),
        OverrideCase(name: "showAll", configuration: .init(showAll: true), status: .available, code: "testingShow"),
        OverrideCase(name: "hideAll", configuration: .init(hideAll: true), ruleHolds: true, status: .pending, code: "testingHide"),
        OverrideCase(name: "show beats hide", configuration: .init(show: ["t"], hide: ["t"]), status: .available, code: "testingShow"),
        OverrideCase(name: "hide beats showAll", configuration: .init(hide: ["t"], showAll: true), ruleHolds: true, status: .pending, code: "testingHide"),
        OverrideCase(name: "showAll beats hideAll", configuration: .init(showAll: true, hideAll: true), status: .available, code: "testingShow"),
        OverrideCase(name: "show beats hideAll", configuration: .init(show: ["t"], hideAll: true), status: .available, code: "testingShow"),
        OverrideCase(name: "show of another tip leaves hideAll", configuration: .init(show: ["other"], hideAll: true), ruleHolds: true, status: .pending, code: "testingHide"),
        OverrideCase(name: "hide of another tip leaves showAll", configuration: .init(hide: ["other"], showAll: true), status: .available, code: "testingShow"),
        OverrideCase(name: "show: shown even when invalidated", configuration: .init(show: ["t"]), invalidated: true, status: .available, code: "testingShow"),
        OverrideCase(name: "showAll: shown even when invalidated", configuration: .init(showAll: true), invalidated: true, status: .available, code: "testingShow"),
        OverrideCase(name: "hide comes before invalidation", configuration: .init(hide: ["t"]), invalidated: true, status: .pending, code: "testingHide"),
        OverrideCase(name: "hideAll comes before invalidation", configuration: .init(hideAll: true), invalidated: true, status: .pending, code: "testingHide"),
        // The request's overrides merge with the configuration's, in the same precedence.
        OverrideCase(name: "request show", request: .init(show: ["t"]), status: .available, code: "testingShow"),
        OverrideCase(name: "request hideAll", request: .init(hideAll: true), ruleHolds: true, status: .pending, code: "testingHide"),
        OverrideCase(name: "request show beats configuration hide", configuration: .init(hide: ["t"]), request: .init(show: ["t"]), status: .available, code: "testingShow"),
        OverrideCase(name: "configuration show beats request hide", configuration: .init(show: ["t"]), request: .init(hide: ["t"]), status: .available, code: "testingShow"),
        OverrideCase(name: "request hide beats configuration showAll", configuration: .init(showAll: true), request: .init(hide: ["t"]), ruleHolds: true, status: .pending, code: "testingHide"),
        OverrideCase(name: "configuration showAll beats request hideAll", configuration: .init(showAll: true), request: .init(hideAll: true), status: .available, code: "testingShow"),
    ]

    @Test(arguments: overrideCases)
    func testingOverrides(_ test: OverrideCase) throws {
        let testing = test.configuration
        let harness = try Harness("""
            parameters: {flag: {type: bool, default: \(test.ruleHolds)}}
            tips:
              t: {title: T, rules: [params.flag]}
              other: {title: Other}
            testing:
              show: \(yamlList(testing.show))
              hide: \(yamlList(testing.hide))
              showAll: \(testing.showAll)
              hideAll: \(testing.hideAll)
            """)
        if test.invalidated {
            // Invalidate with no override in force (the configuration's apply to every request).
            _ = try harness.engine.invalidateTip("t", reason: .tipClosed, at(t0))
            #expect(try harness.record().tips["t"]?.invalidation == .tipClosed)
        }
        let decision = try harness.engine.tipStatus("t", at(t0 + 1, testing: test.request))
        #expect(decision.status == test.status)
        #expect(decision.reason.code == test.code)
    }

    // MARK: 2. Invalidation comes before rules and the cooldown

    @Test func invalidatedBeforeRulesAndCooldown() throws {
        let harness = try Harness("""
            display: {frequency: daily}
            parameters: {flag: {type: bool, default: false}}
            tips:
              t: {title: T, rules: [params.flag]}
              first: {title: First}
            """)
        _ = try harness.engine.displayTip("first", at(t0))
        _ = try harness.engine.invalidateTip("t", reason: .actionPerformed, at(t0))
        // Its rule is false and the cooldown is running, but invalidation is checked first.
        let decision = try harness.engine.tipStatus("t", at(t0 + 1))
        #expect(decision.status == .invalidated)
        #expect(decision.reason == .invalidated(.actionPerformed))
    }

    // MARK: 3. Rules, ANDed

    struct RuleCase: Sendable, CustomTestStringConvertible {
        var rules: [String]
        var a: Bool
        var b: Bool
        var available: Bool
        var testDescription: String { "\(rules) with a=\(a) b=\(b)" }
    }

    static let ruleCases: [RuleCase] = [
        RuleCase(rules: [], a: false, b: false, available: true),
        RuleCase(rules: ["params.a"], a: true, b: false, available: true),
        RuleCase(rules: ["params.a"], a: false, b: true, available: false),
        RuleCase(rules: ["params.a", "params.b"], a: true, b: true, available: true),
        RuleCase(rules: ["params.a", "params.b"], a: true, b: false, available: false),
        RuleCase(rules: ["params.a", "params.b"], a: false, b: true, available: false),
        RuleCase(rules: ["params.a", "params.b"], a: false, b: false, available: false),
        RuleCase(rules: ["params.a || params.b"], a: false, b: true, available: true),
        RuleCase(rules: ["params.a || params.b"], a: true, b: false, available: true),
        RuleCase(rules: ["params.a || params.b"], a: false, b: false, available: false),
        RuleCase(rules: ["params.a || params.b", "!params.a"], a: false, b: true, available: true),
        RuleCase(rules: ["params.a || params.b", "!params.a"], a: true, b: true, available: false),
    ]

    @Test(arguments: ruleCases)
    func rulesAreANDed(_ test: RuleCase) throws {
        let rules = test.rules.map { "\"\($0)\"" }.joined(separator: ", ")
        let harness = try Harness("""
            parameters: {a: {type: bool, default: false}, b: {type: bool, default: false}}
            tips: {t: {title: T, rules: [\(rules)]}}
            """)
        try harness.engine.setParameter("a", to: .bool(test.a), at(t0))
        try harness.engine.setParameter("b", to: .bool(test.b), at(t0))
        let decision = try harness.engine.tipStatus("t", at(t0))
        #expect(decision.status == (test.available ? .available : .pending))
        #expect(decision.reason.code == (test.available ? "available" : "rule"))
    }

    @Test func firstFalseRuleIsTheReason() throws {
        let harness = try Harness("""
            parameters: {a: {type: bool, default: true}, b: {type: bool, default: false}, c: {type: bool, default: false}}
            tips: {t: {title: T, rules: [params.a, params.b, params.c]}}
            """)
        let decision = try harness.engine.tipStatus("t", at(t0))
        guard case .ruleNotSatisfied(let index, let text, _) = decision.reason else {
            Issue.record("reason is \(decision.reason)")
            return
        }
        #expect(index == 1)
        #expect(text == "params.b")
    }

    @Test func ruleThatFailsNeverCountsAsTrue() throws {
        let harness = try Harness("""
            parameters: {n: {type: int, default: 1}, d: {type: int, default: 0}}
            tips: {t: {title: T, rules: ["params.n / params.d >= 0 || true"]}, u: {title: U, rules: ["!(params.n / params.d > 0)"]}}
            """)
        // A division by zero is an error: the tip stays pending, whatever surrounds it.
        for tip in ["t", "u"] {
            let decision = try harness.engine.tipStatus(tip, at(t0))
            #expect(decision.status == .pending, "\(tip)")
            #expect(decision.reason.code == "ruleError", "\(tip)")
        }
        try harness.engine.setParameter("d", to: .int(1), at(t0))
        #expect(try harness.engine.tipStatus("t", at(t0)).status == .available)
    }

    @Test func rulesFollowTheStateTheyRead() throws {
        let harness = try Harness("""
            events: {appLaunched: {}}
            tips: {t: {title: T, rules: ["events.appLaunched.count >= 3"]}}
            """)
        for launch in 1...3 {
            #expect(try harness.engine.tipStatus("t", at(t0)).status == .pending, "after \(launch - 1) launches")
            _ = try harness.engine.donate("appLaunched", at(t0 + Int64(launch)))
        }
        #expect(try harness.engine.tipStatus("t", at(t0 + 10)).status == .available)
    }

    // MARK: 4. Display frequency

    struct FrequencyCase: Sendable, CustomTestStringConvertible {
        /// When the status is asked, relative to the other tip's first display.
        var elapsed: Int64
        var status: TipStatus
        /// For a pending tip, the time left the reason must give.
        var remaining: Int64?
        var testDescription: String { "elapsed \(elapsed) ms → \(status)" }
    }

    static let frequencyCases: [FrequencyCase] = [
        FrequencyCase(elapsed: 0, status: .pending, remaining: hour),
        FrequencyCase(elapsed: 1, status: .pending, remaining: hour - 1),
        FrequencyCase(elapsed: 30 * minute, status: .pending, remaining: 30 * minute),
        FrequencyCase(elapsed: hour - 1, status: .pending, remaining: 1),
        FrequencyCase(elapsed: hour, status: .available),
        FrequencyCase(elapsed: hour + 1, status: .available),
        FrequencyCase(elapsed: 365 * day, status: .available),
        // A clock that went backwards: the difference is negative, so the check fails.
        FrequencyCase(elapsed: -1, status: .pending, remaining: hour + 1),
        FrequencyCase(elapsed: -day, status: .pending, remaining: hour + day),
    ]

    @Test(arguments: frequencyCases)
    func displayFrequencyGatesNewTips(_ test: FrequencyCase) throws {
        let harness = try Harness("""
            display: {frequency: hourly}
            tips:
              a: {title: A}
              b: {title: B}
              c: {title: C, ignoresDisplayFrequency: true}
            """)
        #expect(try harness.engine.displayTip("a", at(t0)).changed)
        let b = try harness.engine.tipStatus("b", at(t0 + test.elapsed))
        #expect(b.status == test.status)
        if let remaining = test.remaining {
            #expect(b.reason == .displayFrequency(remaining: remaining))
        } else {
            #expect(b.reason == .allChecksPassed)
        }
        // The tip already displayed keeps showing; a tip that ignores the frequency is never gated.
        #expect(try harness.engine.tipStatus("a", at(t0 + test.elapsed)).status == .available)
        #expect(try harness.engine.tipStatus("c", at(t0 + test.elapsed)).status == .available)
    }

    @Test(arguments: [("immediate", Int64(0)), ("hourly", hour), ("daily", day), ("weekly", 7 * day), ("monthly", 30 * day), ("90m", 90 * minute), ("1d12h", 36 * hour)])
    func namedDisplayFrequencies(name: String, frequency: Int64) throws {
        let harness = try Harness("""
            display: {frequency: \(name)}
            tips: {a: {title: A}, b: {title: B}}
            """)
        #expect(harness.configuration.displayFrequency == frequency)
        _ = try harness.engine.displayTip("a", at(t0))
        if frequency > 0 {
            #expect(try harness.engine.tipStatus("b", at(t0 + frequency - 1)).status == .pending)
        }
        #expect(try harness.engine.tipStatus("b", at(t0 + frequency)).status == .available)
    }

    @Test func onlyFirstDisplaysStartTheCooldown() throws {
        let harness = try Harness("""
            display: {frequency: hourly}
            tips: {a: {title: A}, b: {title: B}}
            """)
        _ = try harness.engine.displayTip("a", at(t0))
        // Showing `a` again is not a first display: the cooldown still counts from t0.
        #expect(try harness.engine.displayTip("a", at(t0 + 50 * minute)).changed)
        #expect(try harness.record().lastNewTipDisplay == t0)
        #expect(try harness.engine.tipStatus("b", at(t0 + hour)).status == .available)
    }

    @Test func tipIgnoringTheFrequencyStillStartsTheCooldown() throws {
        let harness = try Harness("""
            display: {frequency: hourly}
            tips: {c: {title: C, ignoresDisplayFrequency: true}, b: {title: B}}
            """)
        _ = try harness.engine.displayTip("c", at(t0))
        #expect(try harness.record().lastNewTipDisplay == t0)
        #expect(try harness.engine.tipStatus("b", at(t0 + 1)).reason == .displayFrequency(remaining: hour - 1))
    }

    @Test func noCooldownBeforeAnyDisplay() throws {
        let harness = try Harness("""
            display: {frequency: monthly}
            tips: {a: {title: A}}
            """)
        #expect(try harness.engine.tipStatus("a", at(t0)).status == .available)
        #expect(try harness.engine.tipStatus("a", at(Int64.min)).status == .available)
    }

    @Test func extremeClocksNeverCrash() throws {
        let harness = try Harness("""
            display: {frequency: hourly}
            tips: {a: {title: A}, b: {title: B}}
            """)
        _ = try harness.engine.displayTip("a", at(Int64.max))
        let decision = try harness.engine.tipStatus("b", at(Int64.min))
        #expect(decision.status == .pending)
        #expect(decision.reason.code == "displayFrequency")
        #expect(try harness.engine.explainTip("b", at(Int64.min)).status == .pending)
        let late = try Harness("""
            display: {frequency: hourly}
            tips: {a: {title: A}, b: {title: B}}
            """)
        _ = try late.engine.displayTip("a", at(Int64.min))
        #expect(try late.engine.tipStatus("b", at(Int64.max)).status == .available)
    }

    // MARK: 5. Group gating comes last

    @Test func groupGatingAfterOwnChecks() throws {
        let harness = try Harness("""
            parameters: {flag: {type: bool, default: false}}
            tips:
              a: {title: A}
              b: {title: B, rules: [params.flag]}
            groups: {g: {tips: [a, b]}}
            """)
        // b's own rule is false: that is its reason, not the group.
        #expect(try harness.engine.tipStatus("b", at(t0)).reason.code == "rule")
        try harness.engine.setParameter("flag", to: .bool(true), at(t0))
        let b = try harness.engine.tipStatus("b", at(t0))
        #expect(b.status == .pending)
        #expect(b.reason == .withheldByGroup("g"))
        #expect(b.reason.description == "withheld by group g")
        #expect(try harness.engine.tipStatus("a", at(t0)).status == .available)
    }

    // MARK: status has no side effect

    @Test func statusWritesNothing() throws {
        let harness = try Harness("""
            display: {frequency: hourly}
            events: {e: {}}
            tips: {a: {title: A, rules: ["events.e.count >= 0"]}, b: {title: B}}
            groups: {g: {priority: ordered, tips: [a, b]}}
            """)
        _ = try harness.engine.displayTip("a", at(t0))
        let before = try harness.stored()
        for offset in [0, 1, hour, -hour] as [Int64] {
            _ = try harness.engine.tipStatus("a", at(t0 + offset))
            _ = try harness.engine.tipStatus("b", at(t0 + offset))
            _ = try harness.engine.allTipStatuses(at(t0 + offset))
            _ = try harness.engine.explainTip("b", at(t0 + offset))
            _ = try harness.engine.groupCurrent("g", at(t0 + offset))
        }
        let after = try harness.stored()
        #expect(after.version == before.version)
        #expect(after.record == before.record)
    }

    @Test func allStatusesMatchEachStatus() throws {
        let harness = try Harness("""
            parameters: {flag: {type: bool, default: false}}
            tips:
              a: {title: A}
              b: {title: B, rules: [params.flag]}
              c: {title: C}
              d: {title: D}
            groups: {g: {tips: [c, d]}}
            """)
        _ = try harness.engine.invalidateTip("a", reason: .tipClosed, at(t0))
        let all = try harness.engine.allTipStatuses(at(t0))
        #expect(all.map(\.tip) == ["a", "b", "c", "d"])
        #expect(all.map(\.status) == [.invalidated, .pending, .available, .pending])
        for decision in all {
            let single = try harness.engine.tipStatus(decision.tip, at(t0))
            #expect(single.status == decision.status)
            #expect(single.reason == decision.reason)
        }
    }

    @Test func statusReturnsTheTipsContent() throws {
        let harness = try Harness("""
            tips:
              t:
                title: Save favorites
                message: Tap the star.
                image: star
                actions: [{id: learn, title: Learn more}]
            """)
        let content = try harness.engine.tipStatus("t", at(t0)).content
        #expect(content.title.text == "Save favorites")
        #expect(content.message?.text == "Tap the star.")
        #expect(content.image == "star")
        #expect(content.actions.map { [$0.id, $0.title.text] } == [["learn", "Learn more"]])
    }

    @Test func undeclaredTipIsAnErrorWithASuggestion() throws {
        let harness = try Harness("tips: {welcome: {title: W}}")
        let error = engineError { try harness.engine.tipStatus("welcom", at(t0)) }
        #expect(error == .undeclared(kind: "tip", id: "welcom", suggestion: "welcome"))
        #expect(engineError { try harness.engine.displayTip("nope", at(t0)) }?.isUndeclared == true)
        #expect(try harness.stored().version == 0)
    }

    @Test func tipStatusReadsOtherTipsState() throws {
        let harness = try Harness("""
            tips:
              first: {title: First}
              second: {title: Second, rules: ["tips.first.displayCount >= 1", "tips.first.status == \\"available\\""]}
            """)
        #expect(try harness.engine.tipStatus("second", at(t0)).status == .pending)
        _ = try harness.engine.displayTip("first", at(t0))
        #expect(try harness.engine.tipStatus("second", at(t0)).status == .available)
    }
}
