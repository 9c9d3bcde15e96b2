import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// Paths written in a configuration reach C (`open`, `dlopen`, SQLite) as C strings: `store.path`
/// is always a file path, and no path may hold a NUL character, which C would cut it at.
@Suite("File paths in a configuration")
struct FilePathTests {
    static let refusals: [ConfigRefusal] = [
        ConfigRefusal(yaml: #"store: {path: ":memory:"}"#, summary: "test.yaml:2:15 config.value",
                message: "'store.path' is a file path, and ':memory:' is not one; for a store kept in memory, write 'backend: memory'"),
        ConfigRefusal(yaml: #"store: {path: "file:state.db?mode=memory&cache=shared"}"#, summary: "test.yaml:2:15 config.value",
                message: "'store.path' is a file path, not a URI ('file:state.db?mode=memory&cache=shared'); write the file's path (for a store kept in memory, 'backend: memory')"),
        ConfigRefusal(yaml: "store: {path: FILE:/tmp/x.db}", summary: "test.yaml:2:15 config.value",
                message: "'store.path' is a file path, not a URI ('FILE:/tmp/x.db'); write the file's path (for a store kept in memory, 'backend: memory')"),
        ConfigRefusal(yaml: #"store: {path: ""}"#, summary: "test.yaml:2:15 config.value",
                message: "'store.path' must name a file, not be empty"),
        // The NUL is shown where it is written: the backslash of its escape.
        ConfigRefusal(yaml: #"store: {path: "state\0.db"}"#, summary: "test.yaml:2:21 config.value",
                message: "'store.path' contains a NUL character, which a file path cannot hold"),
        ConfigRefusal(yaml: "store:\n  path: \"a/b\\x00c.db\"", summary: "test.yaml:3:13 config.value",
                message: "'store.path' contains a NUL character, which a file path cannot hold"),
        ConfigRefusal(yaml: #"plugins: [{path: "libcal\u0000.so"}]"#, summary: "test.yaml:2:25 config.value",
                message: "a plugin's 'path' contains a NUL character, which a file path cannot hold"),
        ConfigRefusal(yaml: #"include: "other\0.yaml""#, summary: "test.yaml:2:16 config.value",
                message: "an item of 'include' contains a NUL character, which a file path cannot hold"),
    ]

    @Test(arguments: refusals)
    func isRefusedAtItsPosition(_ refusal: ConfigRefusal) throws {
        try refusal.expectRefused(after: "version: 1\n")
    }

    /// What reads as a URI or a special name only at the start is an ordinary relative path
    /// further in, resolved against the declaring file's folder.
    @Test(arguments: [
        ("state/beckon.db", "/srv/app/state/beckon.db"),
        ("state/:memory:", "/srv/app/state/:memory:"),
        ("./file:x.db", "/srv/app/./file:x.db"),
        ("/var/lib/beckon.db", "/var/lib/beckon.db"),
    ])
    func aFilePathIsResolvedAgainstTheDeclaringFile(written: String, resolved: String) throws {
        #expect(try Self.storePath(written, declaredIn: "/srv/app/beckon.yaml") == resolved)
    }

    /// A file declared by a bare name is in the working folder, and so are its relative paths.
    @Test(arguments: [("beckon.yaml", "state.db"), ("./beckon.yaml", "./state.db"), ("/beckon.yaml", "/state.db")])
    func theDeclaringFilesFolderMayBeTheWorkingOrTheRootFolder(file: String, resolved: String) throws {
        #expect(try Self.storePath("state.db", declaredIn: file) == resolved)
    }

    private static func storePath(_ written: String, declaredIn file: String) throws -> String? {
        try ConfigurationLoader().load(yaml: "version: 1\nstore: {path: \"\(written)\"}\n", path: file).configuration.store.path
    }

    /// Plugin `config:` and store `options:` are handed over as canonical JSON, which escapes a
    /// NUL (`\u0000`): no C string is cut, so they may hold one.
    @Test func aNulInPluginOptionsIsKeptAsText() throws {
        let loaded = try ConfigurationLoader().load(yaml: """
            version: 1
            store: {backend: memory, options: {key: "a\\0b"}}
            """, path: "test.yaml")
        #expect(loaded.configuration.store.options == .map([("key", .string("a\0b"))]))
    }
}
