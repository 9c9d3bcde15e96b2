@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// The minimal C plugin written from the header alone (Fixtures/good/hello.c), through the
/// loader and the host; and the loader's once-per-process entry call. Loads plugins into this
/// process (a process-wide resource: they are never unloaded).
@Suite("good plugins")
struct LoadingGoodPluginTests {
    static func build(_ fixture: String) throws -> String {
        try CPluginBuilder.build(fixture, sources: ["Tests/BeckonPluginHostTests/Fixtures/good/\(fixture).c"])
    }

    @Test("hello's descriptor, as the loader reads it")
    func descriptor() throws {
        let path = try Self.build("hello")
        let plugin = try PluginLibrary.load(path: path, host: HostServices.table).get()
        #expect(plugin.path == path)
        #expect(plugin.name == "greeting")
        #expect(plugin.version == "1.0.0")
        #expect(plugin.summary == "greets subjects with long names and regular visitors")
        #expect(plugin.abiMajor == 1 && plugin.abiMinor == HostServices.abiMinor && plugin.minHostMinor == 0 && plugin.flags == 0)
        #expect(plugin.conditions.map(\.name) == ["isLongName", "atLeast"])
        #expect(plugin.conditions.map(\.signatureText) == ["() -> bool", "(int) -> bool"])
        #expect(plugin.conditions.map(\.parameters) == [[], [.int]])
        #expect(plugin.conditions.allSatisfy { $0.result == .bool && $0.isPure })
        #expect(plugin.stores.isEmpty)
    }

    @Test("the entry is called once per process: loading a file again returns the same descriptor")
    func entryOnce() throws {
        let path = try Self.build("entry_once")
        let first = try PluginLibrary.load(path: path, host: HostServices.table).get()
        let second = try PluginLibrary.load(path: path, host: HostServices.table).get()
        #expect(first.raw == second.raw)
        #expect(second.name == "once")
    }

    @Test("racing loads of one file all succeed, with one entry call")
    func racingLoads() async throws {
        let path = try CPluginBuilder.build("entry_once_racing", sources: ["Tests/BeckonPluginHostTests/Fixtures/good/entry_once.c"])
        let names = await withTaskGroup(of: String?.self) { group in
            for _ in 0..<16 {
                group.addTask { try? PluginLibrary.load(path: path, host: HostServices.table).get().name }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(names == Array(repeating: "once", count: 16))
    }

    @Test("arguments reach the plugin as written, few or many, known at load or only at evaluation")
    func argumentsCrossTheABI() throws {
        let path = try Self.build("echo")
        let (host, diagnostics) = PluginHost.load([PluginDeclaration(path: path, writtenPath: path, namespace: nil, span: .wholeFile("beckon.yaml"))])
        #expect(diagnostics.isEmpty)
        let context = LoadingTestContext(subject: "ada")
        let two = try #require(host.functions["echo.two"])
        #expect(two.call([.string("naïve"), .int(-7)], context: context) == .success(.string("'naïve' -7")))
        #expect(two.call([.string("bound"), .int(3)], constants: [.string("bound"), .int(3)], context: context) == .success(.string("'bound' 3")))
        // Six arguments, more than fit on the stack: a temporary allocation carries them.
        let six = try #require(host.functions["echo.six"])
        let version = try #require(Version("2.3.1"))
        let arguments: [Value] = [.string("a"), .int(42), .bool(true), .double(0.5), .version(version), .duration(86_400_000)]
        let expected = Result<Value, RuleCallError>.success(.string("'a' 42 true 0.5 '2.3.1' 86400000"))
        #expect(six.call(arguments, context: context) == expected)
        #expect(six.call(arguments, constants: [nil, .int(42), nil, .double(0.5), nil, nil], context: context) == expected)
        #expect(six.call(arguments, constants: arguments.map(Optional.some), context: context) == expected)
    }

    @Test("hello through the host: conditions read the subject and a parameter")
    func evaluates() throws {
        let path = try Self.build("hello")
        let declaration = PluginDeclaration(path: path, writtenPath: path, namespace: "hi", span: .wholeFile("beckon.yaml"))
        let (host, diagnostics) = PluginHost.load([declaration])
        #expect(diagnostics.isEmpty)
        #expect(host.plugins.map(\.namespace) == ["hi"])
        let isLongName = try #require(host.functions["hi.isLongName"])
        #expect(isLongName.call([], context: LoadingTestContext(subject: "ada")) == .success(.bool(false)))
        #expect(isLongName.call([], context: LoadingTestContext(subject: "ada-lovelace")) == .success(.bool(true)))

        let atLeast = try #require(host.functions["hi.atLeast"])
        #expect(atLeast.parameters == [.int] && atLeast.result == .bool)
        var schema = RuleSchema()
        schema.parameters["visits"] = RuleSchema.Parameter(slot: 0, type: .int)
        let regular = LoadingTestContext(subject: "ada", parameters: [.int(5)])
        #expect(atLeast.call([.int(3)], schema: schema, context: regular) == .success(.bool(true)))
        #expect(atLeast.call([.int(6)], schema: schema, context: regular) == .success(.bool(false)))
        #expect(atLeast.call([.int(5)], constants: [.int(5)], schema: schema, context: regular) == .success(.bool(true)))
        #expect(atLeast.call([.int(3)], context: regular)
            == .failure(RuleCallError(message: "greeting.atLeast needs an int parameter 'visits' in the configuration")))
    }
}
