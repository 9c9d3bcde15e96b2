import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import BeckonRules
import Testing

/// Bad plugins whose descriptor is sound: they fail in `validate_config`, `init`, `evaluate` or a
/// store operation, each with its exact message, through `PluginHost`. Loads plugins into this
/// process (a process-wide resource: they are never unloaded).
@Suite("bad plugins in the host")
struct BadPluginHostTests {
    static let configFile = "beckon.yaml"

    /// A declaration of the fixture's library; written as its path, so that messages name it
    /// whichever of the two the host shows.
    static func declaration(_ fixture: String, config: ConfigValue = .null,
                            configSpans: [String: SourceSpan] = [:]) throws -> PluginDeclaration {
        let path = try BadPluginTests.build(fixture)
        return PluginDeclaration(path: path, writtenPath: path, namespace: nil,
                                 config: config, configSpans: configSpans,
                                 span: SourceSpan(file: configFile, at: SourcePosition(line: 3, column: 11)))
    }

    @Test("a descriptor refusal becomes plugin.unavailable at the declaration")
    func descriptorRefusal() throws {
        let declaration = try Self.declaration("null_evaluate")
        let (host, diagnostics) = PluginHost.load([declaration])
        #expect(host.plugins.isEmpty)
        #expect(diagnostics == [.error("plugin.unavailable", "plugin '\(declaration.path)': conditions[1].evaluate is NULL",
                                       at: declaration.span)])
    }

    @Test("two plugins under one namespace: the second is refused at its declaration, the first keeps it")
    func duplicateNamespace() throws {
        let path = try LoadingGoodPluginTests.build("hello")
        let first = PluginDeclaration(path: path, writtenPath: "libhello.so", namespace: nil,
                                      span: SourceSpan(file: Self.configFile, at: SourcePosition(line: 3, column: 11)))
        let second = PluginDeclaration(path: path, writtenPath: "copies/libhello.so", namespace: nil,
                                       span: SourceSpan(file: Self.configFile, at: SourcePosition(line: 4, column: 11)))
        let renamedSecond = PluginDeclaration(path: path, writtenPath: "copies/libhello.so", namespace: "greeting",
                                              span: SourceSpan(file: Self.configFile, at: SourcePosition(line: 4, column: 11)))
        let (host, diagnostics) = PluginHost.load([first, second, renamedSecond])
        #expect(host.plugins.map(\.namespace) == ["greeting"])
        #expect(host.plugins.map(\.path) == ["libhello.so"])
        #expect(diagnostics == [
            .error("plugin.duplicate", "plugin 'copies/libhello.so': namespace 'greeting' is already taken by plugin 'libhello.so'; give one of them another with 'as:'",
                   at: second.span),
            .error("plugin.duplicate", "plugin 'copies/libhello.so': namespace 'greeting' is already taken by plugin 'libhello.so'",
                   at: renamedSecond.span),
        ])
        // With another namespace, the same file loads twice, each under its own name.
        let renamed = PluginDeclaration(path: path, writtenPath: "copies/libhello.so", namespace: "hello2", span: second.span)
        let (both, noDiagnostics) = PluginHost.load([first, renamed])
        #expect(noDiagnostics.isEmpty)
        #expect(both.functions.keys.sorted() == ["greeting.atLeast", "greeting.isLongName", "hello2.atLeast", "hello2.isLongName"])
    }

    @Test("init fails with a message")
    func initFails() throws {
        let declaration = try Self.declaration("init_fails")
        let (host, diagnostics) = PluginHost.load([declaration])
        #expect(host.plugins.isEmpty)
        #expect(diagnostics == [.error(
            "plugin.unavailable",
            "plugin '\(declaration.path)': init failed: cannot reach the holiday service at calendar.invalid:443",
            at: declaration.span
        )])
    }

    @Test("validate_config refuses a value, shown where the YAML wrote it")
    func configRejected() throws {
        let valueSpan = SourceSpan(file: Self.configFile, start: SourcePosition(line: 7, column: 9), end: SourcePosition(line: 7, column: 21))
        let config = ConfigValue.map([("holidays", .list([.string("2026-01-01"), .string("2026-02-30")]))])
        let spans = ["": SourceSpan(file: Self.configFile, at: SourcePosition(line: 5, column: 5)), "/holidays/1": valueSpan]
        let declaration = try Self.declaration("config_rejected", config: config, configSpans: spans)
        let (host, diagnostics) = PluginHost.load([declaration])
        #expect(host.plugins.isEmpty)
        #expect(diagnostics == [.error(
            "plugin.config",
            "plugin '\(declaration.path)' refused its config at /holidays/1: '2026-02-30' is not a date",
            at: valueSpan
        )])
    }

    @Test("evaluate returns an error: the call fails with the plugin's message")
    func evaluateFails() throws {
        let (host, diagnostics) = PluginHost.load([try Self.declaration("evaluate_error")])
        #expect(diagnostics.isEmpty)
        let function = try #require(host.functions["weather.isSunny"])
        #expect(function.parameters == [] && function.result == .bool)
        let result = function.call([], context: LoadingTestContext(subject: "ada"))
        #expect(result == .failure(RuleCallError(message: "the weather service answered 503")))
    }

    @Test("a store whose commit is UNAVAILABLE: load works, commit throws the plugin's message")
    func storeUnavailable() throws {
        let (host, diagnostics) = PluginHost.load([try Self.declaration("store_unavailable")])
        #expect(diagnostics.isEmpty)
        #expect(host.storeNames == ["frozen.readonly"])
        let store = try host.openStore(namespace: "frozen", name: "readonly", options: .null)
        let loaded = try store.load(subject: "ada")
        #expect(loaded.version == 0)
        #expect(throws: StoreError(.unavailable, "store 'frozen.readonly' failed to commit: the database is read-only until maintenance ends")) {
            try store.commit(subject: "ada", expectedVersion: 0, record: SubjectRecord(), donations: .none)
        }
    }
}
