@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import CBeckonPlugin
import Testing

/// One name rule for namespaces: a plugin's name that is its namespace, and its conditions'
/// names, are names rules can write; a plugin whose name is not one (ABI 1.0 allowed '-') loads
/// only under an `as:` name. Loads a C fixture into this process (a process-wide resource).
@Suite("plugin namespaces rules can write")
struct NamespaceRuleTests {
    static func validate(name: String, nameIsNamespace: Bool) -> Result<PluginDescriptor, PluginLoadFailure> {
        var descriptor = LoadingTestDescriptor.sound()
        descriptor.plugin.name = LoadingTestDescriptor.cString(name)
        return DescriptorValidator.validate(descriptor.make(), path: "/abs/plugins/libtest.so", shownPath: "plugins/libtest.so",
                                            hostMinor: 0, nameIsNamespace: nameIsNamespace)
    }

    @Test("a name that is the namespace must be writable in rules", arguments: [
        ("roll-out", "name 'roll-out' cannot be the namespace rules call the plugin by: it must match [A-Za-z][A-Za-z0-9_]*; "
            + "give the plugin 'as:' with a name rules can write, such as 'roll_out'"),
        ("params", "name 'params' cannot be the namespace rules call the plugin by: 'params' is a reserved word of rules; "
            + "give the plugin 'as:' with a name rules can write"),
        ("null", "name 'null' cannot be the namespace rules call the plugin by: 'null' is a reserved word of rules; "
            + "give the plugin 'as:' with a name rules can write"),
    ])
    func namespaceNameRefused(name: String, problem: String) throws {
        let failure = try #require(Self.validate(name: name, nameIsNamespace: true).failureValue)
        #expect(failure.messages == ["plugin 'plugins/libtest.so': \(problem)"])
        // Renamed with `as:`, the name is only shown, and ABI 1.0's rule applies.
        #expect(try Self.validate(name: name, nameIsNamespace: false).get().name == name)
    }

    @Test("a name that breaks even ABI 1.0's rule is refused, renamed or not")
    func invalidNameRefusedEitherWay() throws {
        let bare = try #require(Self.validate(name: "my plugin", nameIsNamespace: true).failureValue)
        #expect(bare.messages == ["plugin 'plugins/libtest.so': name 'my plugin' is not a valid plugin name: it must match [A-Za-z][A-Za-z0-9_]*"])
        let renamed = try #require(Self.validate(name: "my plugin", nameIsNamespace: false).failureValue)
        #expect(renamed.messages == ["plugin 'plugins/libtest.so': name 'my plugin' is not a valid plugin name: it must match [A-Za-z][A-Za-z0-9_-]*"])
    }

    @Test("a condition named like a keyword could never be called")
    func keywordCondition() throws {
        var descriptor = LoadingTestDescriptor.sound()
        descriptor.conditions[1]?.name = LoadingTestDescriptor.cString("in")
        let failure = try #require(DescriptorValidator.validate(descriptor.make(), path: "/p.so", hostMinor: 0).failureValue)
        #expect(failure.messages == ["plugin '/p.so': conditions[1].name 'in' is not a valid condition name: 'in' is a keyword of rules"])
    }

    @Test("a 1.0 plugin named 'roll-out' is refused without 'as:', and loads and is called under 'as: roll_out'")
    func dashedPluginThroughTheHost() throws {
        let path = try CPluginBuilder.build("dashed_namespace", sources: ["Tests/BeckonPluginHostTests/Fixtures/bad/dashed_namespace.c"])
        let bare = PluginDeclaration(path: path, writtenPath: "plugins/librollout.so", namespace: nil, span: .wholeFile("beckon.yaml"))
        let (_, refusals) = PluginHost.load([bare])
        #expect(refusals.map(\.code) == ["plugin.unavailable"])
        #expect(refusals.map(\.message) == [
            "plugin 'plugins/librollout.so': name 'roll-out' cannot be the namespace rules call the plugin by: it must match "
                + "[A-Za-z][A-Za-z0-9_]*; give the plugin 'as:' with a name rules can write, such as 'roll_out'",
        ])

        let renamed = PluginDeclaration(path: path, writtenPath: "plugins/librollout.so", namespace: "roll_out", span: .wholeFile("beckon.yaml"))
        let (host, diagnostics) = PluginHost.load([renamed])
        #expect(diagnostics.isEmpty)
        #expect(host.plugins.map(\.name) == ["roll-out"])
        #expect(host.plugins.map(\.namespace) == ["roll_out"])
        var schema = RuleSchema()
        schema.functions = host.functions
        let compilation = RuleCompiler(schema: schema).compile("roll_out.inPercent(5)", origin: TextOrigin(file: "r.yaml", startingAt: SourcePosition(line: 1, column: 1)))
        #expect(compilation.diagnostics.isEmpty)
        #expect(compilation.rule != nil)
    }
}
