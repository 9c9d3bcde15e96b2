import BeckonTestSupport
import Foundation
import Testing

/// C hosts of the ABI 1.1 additions of issue 13: reloading a long-running engine's
/// configuration (beckon_reload_path) while 4 threads decide, and what an operation changed
/// (BECKON_REQUEST_REPORT_CHANGES), both built with plain `cc` against `beckon.h`.
@Suite("libbeckon.so reload and changes from C")
struct ReloadAndChangesHostTests {
    /// Two good configurations that answer the same tip status differently (a mix of the two
    /// would be a third answer), and one that does not check.
    static let files = [
        "a.yaml": """
            version: 1
            store: {backend: sqlite, path: state/beckon.db}
            events: {opened: {}}
            parameters: {mode: {type: string, default: a}}
            tips:
              welcome: {title: Welcome A, rules: ["params.mode == \\"a\\""]}
            """,
        "b.yaml": """
            version: 1
            store: {backend: sqlite, path: state/beckon.db}
            events: {opened: {}}
            parameters: {mode: {type: string, default: b}}
            tips:
              welcome: {title: Welcome B, rules: ["params.mode == \\"b\\"", "events.opened.count > 1000000"]}
            """,
        "bad.yaml": """
            version: 1
            store: {backend: sqlite, path: state/beckon.db}
            events: {opened: {}}
            tips:
              welcome: {title: Welcome, rules: ["events.closed.count > 0"]}
            """,
        "changes.yaml": """
            version: 1
            events: {opened: {}}
            tips:
              welcome: {title: Welcome, rules: ["events.opened.count >= 2"]}
            """,
    ]

    static func folder() throws -> String {
        let folder = try TestRunFolder.newFolder("reload-host").path
        for (name, text) in files { try text.write(toFile: (folder as NSString).appendingPathComponent(name), atomically: true, encoding: .utf8) }
        return folder
    }

    static func host(_ name: String) throws -> String {
        let source = Repository.path("Tests/BeckonCTests/Fixtures/\(name).c")
        return try EmbeddingLibrary.compileHost(source, named: name, extraFlags: ["-pthread"])
    }

    /// Acceptance 4 of issue 13: 4 threads decide while the configuration is reloaded 100 times,
    /// alternating a good and a bad file.
    @Test func fourThreadsDecideWhileTheConfigurationIsReloaded() throws {
        let folder = try Self.folder()
        let host = try Self.host("reload_host")
        let (status, output, error) = try ProcessRunner.run(host, ["a.yaml", "b.yaml", "bad.yaml", "100"], in: folder)
        #expect(status == 0, "\(output)\(error)")
        #expect(output.hasPrefix("reloads 100: 50 swapped, 50 refused, 0 without diagnostics, 0 wrong after a refusal\n"), "\(output)\(error)")
        #expect(output.contains(" 0 mixed; 0 calls failed"), "\(output)")
        // The refusal names the file, the line and the problem, as `beckon check --json` does.
        #expect(output.contains("\"file\":\"bad.yaml\""), "\(output)")
        #expect(output.contains("closed"), "\(output)")
    }

    @Test func anOperationReportsWhatItChangedOnlyWhenAsked() throws {
        let folder = try Self.folder()
        let host = try Self.host("changes_host")
        let (status, output, error) = try ProcessRunner.run(host, ["changes.yaml", "30"], in: folder)
        #expect(status == 0, "\(output)\(error)")
        #expect(output.contains("rounds 30, reported 30"), "\(output)")
    }
}
