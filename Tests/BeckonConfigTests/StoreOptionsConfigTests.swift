import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Synchronization
import Testing

/// A plugin store's `store.options` are checked when the configuration loads (the store's
/// `check_options`, plugin ABI 1.2): each problem is a `config.value` error at the YAML position
/// its JSON pointer names (the key or the value; `options:` itself for the whole options or for
/// a pointer to nothing written), and a secret value is never quoted in the excerpt.
@Suite struct StoreOptionsConfigTests {
    static let yaml = """
        version: 1
        plugins:
          - {path: libfake.so, as: fake}
        store:
          backend: fake.store
          options:
            unknwn: 1
            size: big
            nested:
              list: [a, b]
            password: hunter2-secret
            url: "postgres://u:pw-secret@h/db"

        """

    static let problems: [StoreOptionsProblem] = [
        StoreOptionsProblem(pointer: "/unknwn", atKey: true, message: "unknown key 'unknwn'"),
        StoreOptionsProblem(pointer: "/size", message: "size must be an integer, not a string"),
        StoreOptionsProblem(pointer: "/nested/list/1", message: "the second item is wrong"),
        StoreOptionsProblem(pointer: "/password", atKey: true, message: "a password is never written here", secret: true),
        StoreOptionsProblem(pointer: "/url", message: "url must not carry a password", secret: true),
        StoreOptionsProblem(pointer: "/missing", atKey: true, message: "missing is required"),
        StoreOptionsProblem(pointer: "", message: "the options as a whole"),
    ]

    /// A loader whose plugin step offers `fake.store`, and whose store finds `problems`; counts
    /// how often the store was asked, and keeps the options it was given.
    final class FakeStore: Sendable {
        let asked = Mutex<[(String, ConfigValue)]>([])
        let problems: [StoreOptionsProblem]

        init(_ problems: [StoreOptionsProblem]) {
            self.problems = problems
        }

        var loader: ConfigurationLoader {
            ConfigurationLoader(pluginLoading: { _ in ([:], [], ["fake.store"], []) }, storeOptionsChecking: { backend, options in
                self.asked.withLock { $0.append((backend, options)) }
                return self.problems
            })
        }
    }

    static func diagnostics(_ yaml: String, _ store: FakeStore) throws -> DiagnosticsError {
        do throws(ConfigurationLoadError) {
            _ = try store.loader.load(yaml: yaml, path: "beckon.yaml")
        } catch {
            if case .invalid(let diagnostics) = error { return diagnostics }
        }
        throw LoadedAnyway()
    }

    struct LoadedAnyway: Error {}

    @Test func everyProblemIsAnErrorAtItsPosition() throws {
        let store = FakeStore(Self.problems)
        let error = try Self.diagnostics(Self.yaml, store)
        let prefix = "'store.options' of 'fake.store'"
        let shown = error.diagnostics.map { "\($0.span) \($0.code) \($0.message)" }
        #expect(shown == [
            "beckon.yaml:6:3 config.value \(prefix) at /missing: missing is required",
            "beckon.yaml:6:3 config.value \(prefix): the options as a whole",
            "beckon.yaml:7:5 config.value \(prefix) at /unknwn: unknown key 'unknwn'",
            "beckon.yaml:8:11 config.value \(prefix) at /size: size must be an integer, not a string",
            "beckon.yaml:10:17 config.value \(prefix) at /nested/list/1: the second item is wrong",
            "beckon.yaml:11:5 config.value \(prefix) at /password: a password is never written here",
            "beckon.yaml:12:10 config.value \(prefix) at /url: url must not carry a password",
        ])
        #expect(error.diagnostics.allSatisfy { $0.severity == .error })
        let asked = store.asked.withLock { $0 }
        #expect(asked.count == 1)
        #expect(asked.first?.0 == "fake.store")
        guard case .map(let pairs)? = asked.first?.1 else { Issue.record("the options were not a mapping"); return }
        #expect(pairs.map(\.0) == ["unknwn", "size", "nested", "password", "url"])
    }

    @Test func aSecretIsMaskedInTheExcerptAndNowhereElseShown() throws {
        let error = try Self.diagnostics(Self.yaml, FakeStore(Self.problems))
        let rendered = DiagnosticRenderer(sources: error.sources).render(error.diagnostics)
        #expect(!rendered.contains("hunter2"), "\(rendered)")
        #expect(!rendered.contains("pw-secret"), "\(rendered)")
        #expect(rendered.contains("""
            beckon.yaml:11:5: error: 'store.options' of 'fake.store' at /password: a password is never written here [config.value]
               11 |     password: **************
                  |     ^~~~~~~~

            """), "\(rendered)")
        #expect(rendered.contains("""
               12 |     url: *****************************
                  |          ^~~~~~~~~~~~~~~~~~~~~~~~~~~~~

            """), "\(rendered)")
        // Problems that are not secret quote their line as it is.
        #expect(rendered.contains("    8 |     size: big\n"), "\(rendered)")
        #expect(error.diagnostics.filter { $0.secret != nil }.map(\.span.start.line) == [11, 12])
    }

    @Test func optionsInFlowStyleAreMaskedOnTheirOwnColumns() throws {
        let yaml = """
            version: 1
            plugins: [{path: libfake.so, as: fake}]
            store: {backend: fake.store, options: {password: hunter2, size: 3}}

            """
        let problems = [
            StoreOptionsProblem(pointer: "/password", atKey: true, message: "no passwords", secret: true),
            StoreOptionsProblem(pointer: "/size", message: "size must be at least 4"),
        ]
        let error = try Self.diagnostics(yaml, FakeStore(problems))
        let rendered = DiagnosticRenderer(sources: error.sources).render(error.diagnostics)
        // Both problems quote line 3: neither shows the password, each keeps its caret.
        #expect(!rendered.contains("hunter2"), "\(rendered)")
        let line = "    3 | store: {backend: fake.store, options: {password: *******, size: 3}}\n"
        let gutter = "      | "
        #expect(rendered == "beckon.yaml:3:40: error: 'store.options' of 'fake.store' at /password: no passwords [config.value]\n"
            + line + gutter + String(repeating: " ", count: 39) + "^~~~~~~~\n"
            + "beckon.yaml:3:65: error: 'store.options' of 'fake.store' at /size: size must be at least 4 [config.value]\n"
            + line + gutter + String(repeating: " ", count: 64) + "^\n", "\(rendered)")
    }

    @Test(arguments: [
        ("memory", "a built-in store"),
        ("sqlite", "a built-in store"),
    ])
    func aBuiltInStoreIsNeverAsked(backend: String, _: String) throws {
        let store = FakeStore(Self.problems)
        let yaml = "version: 1\nstore: {backend: \(backend), options: {x: 1}}\n"
        _ = try store.loader.load(yaml: yaml, path: "beckon.yaml")
        #expect(store.asked.withLock { $0.count } == 0)
    }

    @Test func aStoreNoPluginOffersIsReportedAtBackendAndNotAsked() throws {
        let store = FakeStore(Self.problems)
        let yaml = "version: 1\nplugins: [{path: libfake.so, as: fake}]\nstore: {backend: fake.other, options: {x: 1}}\n"
        let error = try Self.diagnostics(yaml, store)
        #expect(error.diagnostics.map(\.code) == ["config.value"])
        #expect(error.diagnostics.first?.message.hasPrefix("'store.backend' names the store 'fake.other'") == true)
        #expect(store.asked.withLock { $0.count } == 0)
    }

    @Test func acceptedOptionsLoad() throws {
        let store = FakeStore([])
        let loaded = try store.loader.load(yaml: Self.yaml, path: "beckon.yaml")
        #expect(loaded.configuration.store.backend == .plugin(namespace: "fake", store: "store"))
        #expect(store.asked.withLock { $0.count } == 1)
    }

    @Test func withoutOptionsTheStoreIsAskedAboutNullAndProblemsAreAtBackend() throws {
        let store = FakeStore([StoreOptionsProblem(pointer: "", message: "give a url or a host")])
        let yaml = "version: 1\nplugins: [{path: libfake.so, as: fake}]\nstore: {backend: fake.store}\n"
        let error = try Self.diagnostics(yaml, store)
        #expect(error.diagnostics.map { "\($0.span) \($0.message)" } == ["beckon.yaml:3:18 'store.options' of 'fake.store': give a url or a host"])
        #expect(store.asked.withLock { $0.first?.1 } == .null)
    }
}
