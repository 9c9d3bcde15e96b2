import BeckonDiagnostics
import BeckonRules
import Testing

/// Short-circuiting, proven by a plugin function that records its calls, and `explain`, which
/// shows what was evaluated and what was skipped.
@Suite("Rule short-circuit and explanation")
struct RuleExplanationTests {
    static let shortCircuits: [(rule: String, outcome: RuleOutcome, calls: Int)] = [
        ("params.off && spy.touch()", .notSatisfied, 0),
        ("params.none && spy.touch()", .notSatisfied, 0),
        ("params.flag || spy.touch()", .satisfied, 0),
        ("params.flag && spy.touch()", .satisfied, 1),
        ("params.off || spy.touch()", .satisfied, 1),
        ("params.none || spy.touch()", .satisfied, 1),
        ("params.flag || spy.touch() && spy.touch()", .satisfied, 0),
        ("(params.off && spy.touch()) || spy.touch()", .satisfied, 1),
        ("params.flag && spy.touch() && spy.touch()", .satisfied, 2),
        // Chains of more than two operands stop at the first decisive one.
        ("params.flag && spy.touch() && params.off && spy.touch()", .notSatisfied, 1),
        ("params.off || spy.touch() || spy.touch()", .satisfied, 1),
        ("params.off || params.none || spy.touch() || spy.touch()", .satisfied, 1),
        ("params.count + spy.echo(1) - spy.echo(2) == 2", .satisfied, 2),
        ("params.unset in [1] == false", .satisfied, 0),
        ("!params.flag && spy.touch()", .notSatisfied, 0),
        ("params.off && spy.fail()", .notSatisfied, 0),
        ("params.flag || spy.fail()", .satisfied, 0),
        ("spy.touch() || spy.fail()", .satisfied, 1),
        ("params.unset in [spy.echo(1)]", .notSatisfied, 0),
        ("params.count in [spy.echo(3)]", .satisfied, 1),
        ("spy.echo(1) == null", .notSatisfied, 1),
        ("events.view.where(params.off && spy.touch()).count == 0", .satisfied, 0),
        ("events.view.where(spy.touch()).count == 6", .satisfied, 6),
        ("events.view.within(1h).where(spy.touch()).count == 2", .satisfied, 2),
        ("events.view.where(spy.touch()).within(1h).count == 2", .satisfied, 2),
        ("events.view.where(info.premium && spy.touch()).count == 3", .satisfied, 3),
        ("events.never.where(spy.touch()).count == 0", .satisfied, 0),
        // A query inside where(…) cannot depend on the donation being tested: it runs once, not
        // once per donation (which made nested filters exponential).
        ("events.view.where(events.view.where(spy.touch()).count == 6).count == 6", .satisfied, 6),
        ("events.view.where(info.premium && events.view.largestSubset(info.kind).count > spy.echo(2)).count == 3", .satisfied, 3),
    ]

    @Test(arguments: shortCircuits)
    func shortCircuit(rule: String, outcome: RuleOutcome, calls: Int) throws {
        let context = FixtureContext.standard()
        #expect(try RuleFixture.rule(rule).evaluate(in: context) == outcome)
        #expect(context.calls.count == calls)
    }

    @Test func explainShowsWhatShortCircuitingSkipped() throws {
        let context = FixtureContext.standard()
        let explanation = try RuleFixture.rule("params.off && spy.touch()").explain(in: context)
        #expect(explanation.outcome == .notSatisfied)
        #expect(explanation.rendered() == """
            ✗ params.off && spy.touch()  = false
              ✗ params.off  = false
              – spy.touch()  (not evaluated)
            """)
        #expect(context.calls.isEmpty)
    }

    /// A chain of one operator is one node whose children are its operands, in order.
    @Test func explainShowsAChainAsOneNode() throws {
        let context = FixtureContext.standard()
        let explanation = try RuleFixture.rule("params.flag && params.off && spy.touch()").explain(in: context)
        #expect(explanation.rendered() == """
            ✗ params.flag && params.off && spy.touch()  = false
              ✓ params.flag  = true
              ✗ params.off  = false
              – spy.touch()  (not evaluated)
            """)
        let sum = try RuleFixture.rule("params.count + 1 - params.count * 2 < 0").explain(in: context)
        #expect(sum.rendered() == """
            ✓ params.count + 1 - params.count * 2 < 0  = true
              · params.count + 1 - params.count * 2  = -2
                · params.count  = 3
                · params.count * 2  = 6
                  · params.count  = 3
            """)
    }

    @Test func explainShowsEveryOperandButLiterals() throws {
        let rule = try RuleFixture.rule("events.launch.count >= 3 && params.plan in [\"pro\", \"team\"]")
        let explanation = rule.explain(in: FixtureContext.standard())
        #expect(explanation.outcome == .satisfied)
        #expect(explanation.rendered() == """
            ✓ events.launch.count >= 3 && params.plan in ["pro", "team"]  = true
              ✓ events.launch.count >= 3  = true
                · events.launch.count  = 5
              ✓ params.plan in ["pro", "team"]  = true
                · params.plan  = "pro"
                · ["pro", "team"]  = ["pro", "team"]
            """)
    }

    @Test func explainShowsTimesNullsAndTheError() throws {
        let rule = try RuleFixture.rule("spy.fail() || now - events.launch.last > 1h && !(params.none)")
        let explanation = rule.explain(in: FixtureContext.standard())
        #expect(explanation.outcome == .failed("spy.fail failed: boom"))
        #expect(explanation.rendered(indent: "  ") == """
              ✓ spy.fail() || now - events.launch.last > 1h && !(params.none)  = true
                · spy.fail()  = null
                ✓ now - events.launch.last > 1h && !(params.none)  = true
                  ✓ now - events.launch.last > 1h  = true
                    · now - events.launch.last  = 2h
                      · now  = 2023-11-14T22:13:20Z
                      · events.launch.last  = 2023-11-14T20:13:20Z
                  ✓ !(params.none)  = true
                    · (params.none)  = null
              ! error: spy.fail failed: boom
            """)
    }

    @Test func explainGivesEachNodeItsSpan() throws {
        let explanation = try RuleFixture.rule("params.flag && params.count > 2").explain(in: FixtureContext.standard())
        #expect(explanation.root.span.start == SourcePosition(line: 1, column: 1))
        #expect(explanation.root.span.end == SourcePosition(line: 1, column: 32))
        #expect(explanation.root.children.map(\.span.start.column) == [1, 16])
        #expect(explanation.root.children.map(\.text) == ["params.flag", "params.count > 2"])
        #expect(explanation.root.children[1].children.map(\.value) == [.int(3)])
    }

    /// Explaining evaluates the same compiled form: same outcome, same plugin calls.
    @Test(arguments: ["params.flag && spy.touch()", "spy.fail()", "events.view.where(spy.touch()).count > 5",
                      "params.big + 1 > 0", "params.off || geo.inRegion(\"EU\")"])
    func explainAgreesWithEvaluate(rule: String) throws {
        let compiled = try RuleFixture.rule(rule)
        let evaluated = FixtureContext.standard(), explained = FixtureContext.standard()
        #expect(compiled.explain(in: explained).outcome == compiled.evaluate(in: evaluated))
        #expect(explained.calls.map(\.function) == evaluated.calls.map(\.function))
    }
}
