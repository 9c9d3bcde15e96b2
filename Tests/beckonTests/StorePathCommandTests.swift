import BeckonTestSupport
import Foundation
import Testing

/// `store.path` is a file path: SQLite's `:memory:` and `file:` URIs are refused before anything
/// is opened, whichever way the configuration is named, and no file of that name appears.
@Suite("beckon store.path")
struct StorePathCommandTests {
    @Test(arguments: [
        (":memory:", [] as [String]),
        (":memory:", ["--config", "./beckon.yaml"]),
        ("file:beckon.db?mode=memory", [] as [String]),
        ("file:beckon.db?mode=memory", ["--config", "./beckon.yaml"]),
    ])
    func aPathSQLiteWouldNotTakeAsAFileIsRefused(path: String, config: [String]) throws {
        let folder = try BeckonProcess.folder(configuration: """
            version: 1
            store: {path: "\(path)"}
            events: {opened: {}}

            """)
        for command in [["check"], ["event", "donate", "opened", "--now", "2026-03-01T09:00:00Z"]] {
            let result = try BeckonProcess.run(command + config, in: folder)
            #expect(result.status == 65, "\(command): \(result.standardError)")
            #expect(result.standardError.contains("beckon.yaml:2:15: error: 'store.path' is a file path"), "\(result.standardError)")
            #expect(result.standardError.contains("'backend: memory'"), "\(result.standardError)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["beckon.yaml"])
    }
}
