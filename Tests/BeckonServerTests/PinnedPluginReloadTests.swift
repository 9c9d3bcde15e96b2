import BeckonServer
import BeckonTestSupport
import Foundation
import Testing

/// A pinned plugin replaced on disk while serving: the next reload refuses the file at its pin
/// (`plugin.integrity`), never opens it, and the last good configuration keeps serving.
@Suite("beckon serve: a pinned plugin replaced on disk")
struct PinnedPluginReloadTests {
    @Test func aReloadRefusesTheChangedFileAndKeepsServing() async throws {
        let folder = try ServedBeckon.folder()
        let plugin = folder.appendingPathComponent("plugins/libbeckon-calendar.so")
        let built = try CPlugin.buildCalendar(into: plugin.path)
        #expect(built.status == 0, "\(built.output)")
        let digest = try sha256sum(plugin.path)
        let pinned = ServedBeckon.configuration + "\nplugins:\n  - {path: plugins/libbeckon-calendar.so, sha256: \(digest)}\n"
        try ServedBeckon.replaceConfiguration(in: folder, with: pinned)

        try await ServedBeckon.withServing(folder) { client, server in
            // The same file under the same pin: the reload goes through.
            #expect(server.reloader.reload(trigger: "test").result == .ok)

            // One byte changed, in a new file moved over the old one (the running process keeps
            // the old one mapped, as the loader does for every library it opened).
            var bytes = [UInt8](try Data(contentsOf: plugin))
            bytes[bytes.count / 2] ^= 0x01
            let staged = folder.appendingPathComponent("plugins/.staged.so")
            try Data(bytes).write(to: staged)
            #expect(rename(staged.path, plugin.path) == 0)

            let reload = server.reloader.reload(trigger: "test")
            #expect(reload.result == .invalid)
            #expect(try await client.get("/v1/subjects/ada/tips/welcome").status == 200)
            let config = try await client.get("/v1/config").object
            #expect(config["generation"] as? Int == 2)
            let lastReload = try #require(config["lastReload"] as? [String: Any])
            let diagnostics = try #require(lastReload["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.map { $0["code"] as? String } == ["plugin.integrity"], "\(diagnostics)")
            #expect(diagnostics.first?["line"] as? Int == ServedBeckon.configuration.split(separator: "\n", omittingEmptySubsequences: false).count + 2)
        }
    }
}
