import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// SEMANTICS §8: every decision can be explained, naming exactly the check that decided it.
@Suite struct ExplanationTests {
    /// Line 1 is `version: 1`; the tips start on line 5.
    static let yaml = """
        display: {frequency: 2h}
        events: {appLaunched: {}}
        parameters: {isLoggedIn: {type: bool, default: false}}
        tips:
          launches:
            title: Launches
            rules:
              - events.appLaunched.count >= 3
              - params.isLoggedIn
          starter: {title: Starter, ignoresDisplayFrequency: true}
          fresh: {title: Fresh}
          first: {title: First}
          second: {title: Second}
        groups: {g: {priority: ordered, tips: [first, second]}}
        """

    @Test func ruleExplanationNamesTheRuleWithItsPlaceAndValues() throws {
        let harness = try Harness(Self.yaml)
        _ = try harness.engine.donate("appLaunched", at(t0))
        _ = try harness.engine.donate("appLaunched", at(t0 + 1))
        let explanation = try harness.engine.explainTip("launches", at(t0 + 2))
        #expect(explanation.status == .pending)
        guard case .ruleNotSatisfied(let index, let text, let span) = explanation.reason else {
            Issue.record("reason is \(explanation.reason)")
            return
        }
        #expect(index == 0)
        #expect(text == "events.appLaunched.count >= 3")
        #expect(span.file == "t.yaml")
        #expect(span.start.line == 9)
        #expect(explanation.reason.description.contains("t.yaml:9"))
        // Every rule is evaluated and listed, with its sub-expressions' values.
        let rules = explanation.checks.filter { $0.name.hasPrefix("rule") }
        #expect(rules.map(\.name) == ["rule 1", "rule 2"])
        #expect(rules.map(\.passed) == [false, false])
        #expect(rules.map { $0.span?.start.line } == [9, 10])
        #expect(rules[0].rule?.value(of: "events.appLaunched.count") == .int(2))
        #expect(rules[0].rule?.root.value == .bool(false))
        #expect(rules[1].rule?.value(of: "params.isLoggedIn") == .bool(false))
        let rendered = explanation.rendered()
        #expect(rendered.contains("rule 1 (t.yaml:9)"))
        #expect(rendered.contains("events.appLaunched.count  = 2"))
        #expect(rendered.contains("rule 2 (t.yaml:10)"))
    }

    @Test func cooldownExplanationGivesTheTimeLeft() throws {
        let harness = try Harness(Self.yaml)
        _ = try harness.engine.displayTip("starter", at(t0))
        let explanation = try harness.engine.explainTip("fresh", at(t0 + 30 * minute))
        #expect(explanation.status == .pending)
        #expect(explanation.reason == .displayFrequency(remaining: 90 * minute))
        let check = try #require(explanation.checks.first { $0.name == "display frequency" })
        #expect(check.passed == false)
        #expect(check.detail.contains("1h30m"))
        #expect(explanation.rendered().contains("1h30m"))
    }

    @Test func groupExplanationNamesTheGroup() throws {
        let harness = try Harness(Self.yaml)
        let explanation = try harness.engine.explainTip("second", at(t0))
        #expect(explanation.reason == .withheldByGroup("g"))
        let check = try #require(explanation.checks.last)
        #expect(check.name == "group g")
        #expect(check.passed == false)
        #expect(check.detail.contains("first"))
        #expect(explanation.rendered().contains("withheld by group g"))
    }

    @Test(arguments: [
        (TestingOverrides(show: ["fresh"]), TipReason.shownByTesting("testing.show")),
        (TestingOverrides(hide: ["fresh"]), .hiddenByTesting("testing.hide")),
        (TestingOverrides(showAll: true), .shownByTesting("testing.showAll")),
        (TestingOverrides(hideAll: true), .hiddenByTesting("testing.hideAll")),
    ])
    func testingExplanationNamesTheOverride(testing: TestingOverrides, reason: TipReason) throws {
        let harness = try Harness(Self.yaml)
        let explanation = try harness.engine.explainTip("fresh", at(t0, testing: testing))
        #expect(explanation.reason == reason)
        #expect(explanation.checks.map(\.name) == ["testing"])
    }

    @Test func invalidatedExplanation() throws {
        let harness = try Harness(Self.yaml)
        _ = try harness.engine.invalidateTip("fresh", reason: .tipClosed, at(t0))
        let explanation = try harness.engine.explainTip("fresh", at(t0))
        #expect(explanation.reason == .invalidated(.tipClosed))
        #expect(explanation.checks.last?.name == "invalidated")
        #expect(explanation.rendered().contains("tipClosed"))
    }

    @Test func availableExplanationListsEveryCheckPassed() throws {
        let harness = try Harness(Self.yaml)
        let explanation = try harness.engine.explainTip("first", at(t0))
        #expect(explanation.status == .available)
        #expect(explanation.checks.map(\.name) == ["testing", "invalidated", "display frequency", "group g"])
        #expect(explanation.checks.allSatisfy { $0.passed == true })
    }

    /// `status` and `explain` agree on the answer and the reason in every state.
    @Test func explainAgreesWithStatus() throws {
        let harness = try Harness(Self.yaml)
        _ = try harness.engine.donate("appLaunched", at(t0))
        _ = try harness.engine.displayTip("starter", at(t0))
        _ = try harness.engine.invalidateTip("first", reason: .actionPerformed, at(t0))
        for offset in [0, hour, 2 * hour, -1] as [Int64] {
            for tip in harness.configuration.tips.ids {
                let status = try harness.engine.tipStatus(tip, at(t0 + offset))
                let explanation = try harness.engine.explainTip(tip, at(t0 + offset))
                #expect(status.status == explanation.status, "\(tip) at +\(offset)")
                #expect(status.reason == explanation.reason, "\(tip) at +\(offset)")
            }
        }
    }

    @Test func scenarioExplanationListsAllFailuresWithRuleTrees() throws {
        let harness = try Harness("""
            events: {appLaunched: {}}
            scenarios:
              review:
                minEventsRequired: 3
                maxExecutionsPermitted: 0
                conditions: ["events.appLaunched.count >= 5"]
            """)
        _ = try harness.engine.donate("appLaunched", at(t0))
        _ = try harness.engine.donate("appLaunched", at(t0))
        let status = try harness.engine.scenarioStatus("review", at(t0), explaining: true)
        #expect(status.failures.map(\.name) == ["minEventsRequired", "maxExecutionsPermitted", "condition 1"])
        let condition = try #require(status.checks.last)
        #expect(condition.rule?.span.start.line == 7)
        #expect(condition.explanation?.value(of: "events.appLaunched.count") == .int(2))
        let rendered = status.rendered()
        #expect(rendered.contains("needs at least 3 events; has 0"))
        #expect(rendered.contains("allows fewer than 0 executions; has 0"))
        #expect(rendered.contains("condition 1 (t.yaml:7)"))
        #expect(rendered.contains("events.appLaunched.count  = 2"))
    }
}
