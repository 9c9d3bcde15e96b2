import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// `as:` gives a plugin its namespace, so it follows the one namespace rule: a name rules can
/// write before a condition's name. Refused at the `as:` value, before any plugin loads.
@Suite struct PluginNamespaceConfigTests {
    @Test(arguments: [
        ("roll-out", "'roll-out' cannot be a plugin's namespace, which rules write before its conditions' names: it must match [A-Za-z][A-Za-z0-9_]*; choose another, such as 'roll_out'"),
        ("tips", "'tips' cannot be a plugin's namespace, which rules write before its conditions' names: 'tips' is a reserved word of rules; choose another"),
        ("true", "'true' cannot be a plugin's namespace, which rules write before its conditions' names: 'true' is a reserved word of rules; choose another"),
    ])
    func unwritableNamespaceRefusedAtAs(name: String, message: String) throws {
        let yaml = "version: 1\nplugins:\n  - {path: libx.so, as: \(name)}\n"
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.diagnostics.map(\.code) == ["config.id"])
        #expect(error.diagnostics.first?.message == message)
        #expect(error.diagnostics.first?.span.start == SourcePosition(line: 3, column: 25))
    }

    @Test func writableNamespaceIsKept() throws {
        let yaml = "version: 1\nplugins:\n  - {path: libx.so, as: roll_out}\n"
        let loaded = try ConfigurationLoader().load(yaml: yaml, path: "test.yaml")
        #expect(loaded.configuration.plugins.map(\.namespace) == ["roll_out"])
    }
}
