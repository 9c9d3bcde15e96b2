import BeckonDiagnostics
import BeckonRules
import Testing

/// Names a rule can write: the plugin name rules, and "did you mean" hints that only ever name
/// something a rule can write.
@Suite("Writable names")
struct WritableNameTests {
    @Test(arguments: [
        ("roll-out", "it must match [A-Za-z][A-Za-z0-9_]*"),
        ("_private", "it must match [A-Za-z][A-Za-z0-9_]*"),
        ("2fa", "it must match [A-Za-z][A-Za-z0-9_]*"),
        ("", "it must match [A-Za-z][A-Za-z0-9_]*"),
        ("café", "it must match [A-Za-z][A-Za-z0-9_]*"),
        ("true", "'true' is a reserved word of rules"),
        ("in", "'in' is a reserved word of rules"),
        ("params", "'params' is a reserved word of rules"),
        ("now", "'now' is a reserved word of rules"),
        ("info", "'info' is a reserved word of rules"),
        ("roll_out", nil),
        ("geo", nil),
        ("v", nil),
        ("Calendar2", nil),
    ] as [(String, String?)])
    func namespaceRule(name: String, problem: String?) {
        #expect(PluginNames.namespaceProblem(with: name) == problem)
    }

    @Test(arguments: [("roll-out", "roll_out"), ("a.b", "a_b"), ("2fa", nil), ("tips", nil), ("ok", "ok")] as [(String, String?)])
    func writableNamespace(name: String, suggestion: String?) {
        #expect(PluginNames.writableNamespace(for: name) == suggestion)
    }

    @Test(arguments: [("isOpen", nil), ("is-open", "it must match [A-Za-z][A-Za-z0-9_]*"),
                      ("null", "'null' is a keyword of rules"), ("now", nil)] as [(String, String?)])
    func conditionRule(name: String, problem: String?) {
        #expect(PluginNames.conditionProblem(with: name) == problem)
    }

    /// After a dot, an id with '-' is suggested in brackets; in brackets, as it is.
    @Test(arguments: [
        ("params.dash_name == 1", "unknown parameter 'dash_name'; did you mean 'params[\"dash-name\"]'?"),
        ("params[\"dash_name\"] == 1", "unknown parameter 'dash_name'; did you mean 'dash-name'?"),
        ("events.app_launched.count > 0", "unknown event 'app_launched'; did you mean 'events[\"app-launched\"]'?"),
        ("tips.favorite_landmark.invalidated", "unknown tip 'favorite_landmark'; did you mean 'tips[\"favorite-landmark\"]'?"),
        ("scenarios.welcome_back.executions > 0", "unknown scenario 'welcome_back'; did you mean 'scenarios[\"welcome-back\"]'?"),
        ("tips.favorit.invalidated", "unknown tip 'favorit'; did you mean 'favorite'?"),
    ])
    func suggestionsCanBeWritten(rule: String, message: String) throws {
        let diagnostic = try RuleFixture.onlyError(rule)
        #expect(diagnostic.code == "rule.unknownName")
        #expect(diagnostic.message == message)
    }

    /// A namespace no rule can write (registered by a host that skipped the name rule) is never
    /// suggested; a writable one is.
    @Test func unwritableNamespacesAreNeverSuggested() throws {
        var schema = RuleSchema()
        schema.functions["roll-out.inPercent"] = .init(parameters: [.int], result: .bool, implementation: FixtureFunction(slot: 0))
        schema.functions["rollout.inPercent"] = .init(parameters: [.int], result: .bool, implementation: FixtureFunction(slot: 1))
        let compiler = RuleCompiler(schema: schema)
        let messages = ["roll_out.inPercent(5)", "rollot.inPercent(5)"].map { rule in
            compiler.compile(rule, origin: RuleFixture.origin).diagnostics.map(\.message)
        }
        #expect(messages == [["unknown name 'roll_out'; did you mean 'rollout'?"], ["unknown name 'rollot'; did you mean 'rollout'?"]])
        schema.functions["rollout.inPercent"] = nil
        let alone = RuleCompiler(schema: schema).compile("roll_out.inPercent(5)", origin: RuleFixture.origin).diagnostics.map(\.message)
        #expect(alone == ["unknown name 'roll_out'"])
    }
}
