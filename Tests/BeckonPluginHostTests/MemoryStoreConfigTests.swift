import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import Testing

/// BeckonPluginKit's `checkConfig` (ABI 1.1 `check_config`), through the `memstore` sample plugin,
/// which takes no config: every key is a problem, shown at the key. Loads the plugin into this
/// process.
@Suite("memory-store plugin: config problems through BeckonPluginKit")
struct MemoryStoreConfigTests {
    static func load(_ config: ConfigValue, keySpans: [String: SourceSpan] = [:]) throws -> [Diagnostic] {
        let path = try #require(MemoryStorePlugin.library, "libbeckon-memory-store.so was not built next to the tests")
        let declaration = PluginDeclaration(path: path, writtenPath: "libmemstore.so", namespace: "checked", config: config,
                                            configSpans: ["": SourceSpan(file: "beckon.yaml", at: SourcePosition(line: 5, column: 13))],
                                            configKeySpans: keySpans, span: .wholeFile("beckon.yaml"))
        return PluginHost.load([declaration]).diagnostics
    }

    @Test("no config, or an empty one, is accepted", arguments: [ConfigValue.null, .map([])])
    func accepted(_ config: ConfigValue) throws {
        #expect(try Self.load(config).isEmpty)
    }

    @Test("every key is reported at the key")
    func everyKeyAtTheKey() throws {
        let keySpans = ["/capacity": SourceSpan(file: "beckon.yaml", at: SourcePosition(line: 6, column: 7)),
                        "/a~1b": SourceSpan(file: "beckon.yaml", at: SourcePosition(line: 7, column: 7))]
        let diagnostics = try Self.load(.map([("capacity", .int(3)), ("a/b", .map([("nested", .bool(true))]))]), keySpans: keySpans)
        #expect(diagnostics.map(\.message) == [
            "plugin 'libmemstore.so' refused its config at /a~1b: unknown key 'a/b': memstore takes no config",
            "plugin 'libmemstore.so' refused its config at /capacity: unknown key 'capacity': memstore takes no config",
        ])
        #expect(diagnostics.map(\.span) == [keySpans["/a~1b"], keySpans["/capacity"]])
    }

    @Test("a config that is not a mapping is refused as a whole")
    func notAMapping() throws {
        let diagnostics = try Self.load(.list([.int(1)]))
        #expect(diagnostics.map(\.message) == ["plugin 'libmemstore.so' refused its config: memstore takes no config; remove 'config:'"])
        #expect(diagnostics.first?.span.start == SourcePosition(line: 5, column: 13))
    }
}
