import BeckonTestSupport
import Foundation
import Testing

/// A plugin store's `store.options` are checked when the configuration loads (plugin ABI 1.2
/// `check_options`): `beckon check` and every other command refuse bad options with exit 65,
/// every problem at its line and column, before the store is opened; a secret value (a
/// password, a URL carrying one) appears in no output, text or `--json`.
@Suite("beckon: plugin store options checked at their YAML positions")
struct StoreOptionsCommandTests {
    /// The C fixture store (Fixtures/v1_2/options_check.c): fixed problems whenever its options
    /// are not empty, and an `open` that always refuses.
    static let fixtureYAML = """
        plugins: [{path: liboptcheck.so}]
        store:
          backend: optcheck.opts
          options:
            unknwn: 1
            size: big
            nested:
              list: [a, b]
            password: hunter2-secret
        events: {opened: {}}
        tips: {hello: {title: Hello}}

        """

    static let fixtureLines = [
        "beckon.yaml:5:3: error: 'store.options' of 'optcheck.opts' at /missing: a key that is not written [config.value]",
        "beckon.yaml:6:5: error: 'store.options' of 'optcheck.opts' at /unknwn: unknown key 'unknwn'; did you mean 'unknown'? [config.value]",
        "beckon.yaml:7:11: error: 'store.options' of 'optcheck.opts' at /size: size must be an integer, not a string [config.value]",
        "beckon.yaml:9:17: error: 'store.options' of 'optcheck.opts' at /nested/list/1: the second item is wrong [config.value]",
        "beckon.yaml:10:5: error: 'store.options' of 'optcheck.opts' at /password: a password is never written in the configuration [config.value]",
    ]

    static func fixtureFolder(_ yaml: String = fixtureYAML) throws -> URL {
        try PluginCommandTests.folder(yaml, plugins: [("v1_2/options_check", "optcheck")])
    }

    @Test func checkShowsEveryProblemAtItsPositionAndMasksTheSecret() throws {
        let checked = try BeckonProcess.run(["check"], in: try Self.fixtureFolder())
        #expect(checked.status == 65)
        let lines = checked.standardError.split(separator: "\n").map(String.init).filter { $0.hasPrefix("beckon.yaml:") }
        #expect(lines == Self.fixtureLines, "\(checked.standardError)")
        #expect(checked.standardError.contains("""
               10 |     password: **************
                  |     ^~~~~~~~

            """), "\(checked.standardError)")
        #expect(!(checked.standardOutput + checked.standardError).contains("hunter2"))
        #expect(checked.standardError.hasSuffix("beckon: error: beckon.yaml is not valid: 5 errors\n"), "\(checked.standardError)")
    }

    @Test func jsonCarriesEveryProblemAndNoSecret() throws {
        let checked = try BeckonProcess.run(["check", "--json"], in: try Self.fixtureFolder())
        #expect(checked.status == 65)
        let document = try JSONSerialization.jsonObject(with: Data(checked.standardOutput.utf8)) as? [[String: Any]]
        let shown = (document ?? []).map { "\($0["line"] as? Int ?? 0):\($0["column"] as? Int ?? 0) \($0["code"] as? String ?? "")" }
        #expect(shown == ["5:3 config.value", "6:5 config.value", "7:11 config.value", "9:17 config.value", "10:5 config.value"])
        #expect(!(checked.standardOutput + checked.standardError).contains("hunter2"))
    }

    /// The store is never opened (its `open` would say "open was called"): the options are
    /// refused at load, the same way, by every command.
    @Test(arguments: [["status"], ["tip", "status", "hello"], ["event", "donate", "opened"]])
    func everyCommandRefusesThemBeforeOpening(_ command: [String]) throws {
        let result = try BeckonProcess.run(command + ["--now", "2026-03-01T09:00:00Z"], in: try Self.fixtureFolder())
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix(Self.fixtureLines[0] + "\n"), "\(result.standardError)")
        #expect(!result.standardError.contains("open was called"))
        #expect(!(result.standardOutput + result.standardError).contains("hunter2"))
    }

    @Test func goodOptionsPassTheCheck() throws {
        let folder = try Self.fixtureFolder("""
            plugins: [{path: liboptcheck.so}]
            store: {backend: optcheck.opts, options: {}}

            """)
        let checked = try BeckonProcess.run(["check"], in: folder)
        #expect(checked.status == 0, "\(checked.standardError)")
    }

    /// A store built before 1.2 (struct_size without check_options) is never asked: its
    /// options are first seen by `open`, as before.
    @Test func aStoreOf1_1IsNeverAsked() throws {
        let folder = try BeckonProcess.temporaryFolder()
        let source = Repository.url("Tests/BeckonPluginHostTests/Fixtures/v1_2/options_check.c")
        try CPlugin.compile([source.path], into: folder.appendingPathComponent("liboptcheck.so").path, defines: ["AS_1_1"])
        try ("version: 1\n" + Self.fixtureYAML).write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        let checked = try BeckonProcess.run(["check"], in: folder)
        #expect(checked.status == 0, "\(checked.standardError)")
        let opened = try BeckonProcess.run(["status", "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(opened.status == 69)
        #expect(opened.standardError.contains("open was called"), "\(opened.standardError)")
    }
}
