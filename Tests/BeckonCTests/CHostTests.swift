import BeckonTestSupport
import Foundation
import Testing

/// A C program built with plain `cc` against `beckon.h` and linked to the built `libbeckon.so`
/// drives one engine on a SQLite store from 4 threads at once.
@Suite("libbeckon.so from C")
struct CHostTests {
    static let configuration = """
        version: 1
        store: {backend: sqlite, path: state/beckon.db}
        events:
          opened:
            info: {screen: string}
        scenarios:
          welcome-tour:
            minEventsRequired: 3
            maxExecutionsPermitted: 1
        """

    @Test func fourThreadsRunEachScenarioOnceAndCountEveryDonation() throws {
        let folder = try TestRunFolder.newFolder("c-host").path
        let config = (folder as NSString).appendingPathComponent("beckon.yaml")
        try Self.configuration.write(toFile: config, atomically: true, encoding: .utf8)
        let source = Repository.path("Tests/BeckonCTests/Fixtures/race_host.c")
        let host = try EmbeddingLibrary.compileHost(source, named: "race_host", extraFlags: ["-pthread"])

        let (status, output, error) = try ProcessRunner.run(host, [config, "40", "100"], in: folder)
        #expect(status == 0, "\(output)\(error)")
        #expect(output.hasPrefix("rounds 40, executions 40, donations 401 of 401\n"), "\(output)\(error)")
        // The scenario ran once, and its status says so in the CLI's JSON shape.
        #expect(output.contains("\"executions\":1"), "\(output)")
        #expect(output.contains("\"op\":\"scenario.status\""), "\(output)")
        #expect(FileManager.default.fileExists(atPath: (folder as NSString).appendingPathComponent("state/beckon.db")))
    }
}
