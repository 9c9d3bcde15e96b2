import BeckonServer
import BeckonTestSupport
import Foundation
import InMemoryLogging
import Logging
import Testing

/// Reloading the configuration while serving: a good one moves the generation on and serves at
/// once; one that does not check, or a file that cannot be read, leaves the last good one
/// serving; `GET /v1/config` says which.
@Suite("beckon serve: reload")
struct ReloadTests {
    @Test func theConfigurationAtStartIsGenerationOne() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServing(folder) { client, _ in
            let answer = try await client.get("/v1/config")
            #expect(answer.status == 200)
            #expect(answer.contentType == "application/json")
            let config = answer.object
            #expect(config["generation"] as? Int == 1)
            #expect(config["file"] as? String == folder.appendingPathComponent("beckon.yaml").path)
            #expect((config["loadedAt"] as? String)?.hasSuffix("Z") == true)
            #expect(config["lastReload"] is NSNull)
        }
    }

    @Test func aGoodConfigurationServesAtOnceAsTheNextGeneration() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServing(folder) { client, server in
            #expect(try await client.get("/v1/subjects/ada/tips/news").status == 404)
            try ServedBeckon.replaceConfiguration(in: folder, with: ServedBeckon.configurationWithNews)
            let reload = server.reloader.reload(trigger: "test")
            #expect(reload.result == .ok)

            #expect(try await client.get("/v1/subjects/ada/tips/news").status == 200)
            let config = try await client.get("/v1/config").object
            #expect(config["generation"] as? Int == 2)
            let lastReload = try #require(config["lastReload"] as? [String: Any])
            #expect(lastReload["result"] as? String == "ok")
            #expect((lastReload["diagnostics"] as? [Any])?.isEmpty == true)
            #expect(lastReload["at"] as? String == config["loadedAt"] as? String)
        }
    }

    /// A reload that fails, and what `/v1/config` says of it.
    struct FailedReload: Sendable, CustomTestStringConvertible {
        var name: String
        /// Changes the folder's configuration (nil: removes the file).
        var yaml: String?
        var result: String
        var code: String
        var testDescription: String { name }
    }

    static let failedReloads: [FailedReload] = [
        FailedReload(name: "a rule that does not parse", yaml: ServedBeckon.configuration.replacingOccurrences(
            of: "params.screenBrightness > 0.5", with: "params.screenBrightnes > 0.5"), result: "invalid", code: "rule.unknownName"),
        FailedReload(name: "another store", yaml: ServedBeckon.configuration.replacingOccurrences(
            of: "path: state/beckon.db", with: "path: state/other.db"), result: "invalid", code: "reload.storeChanged"),
        FailedReload(name: "no file", yaml: nil, result: "unreadable", code: "config.unreadable"),
    ]

    @Test(arguments: failedReloads)
    func aFailedReloadKeepsTheLastGoodConfigurationServing(_ failure: FailedReload) async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServing(folder) { client, server in
            let file = folder.appendingPathComponent("beckon.yaml")
            if let yaml = failure.yaml {
                try ServedBeckon.replaceConfiguration(in: folder, with: yaml)
            } else {
                try FileManager.default.removeItem(at: file)
            }
            let reload = server.reloader.reload(trigger: "test")
            #expect(reload.result.rawValue == failure.result)

            #expect(try await client.get("/readyz").status == 200)
            #expect(try await client.get("/v1/subjects/ada/tips/welcome").status == 200)
            let config = try await client.get("/v1/config").object
            #expect(config["generation"] as? Int == 1)
            let lastReload = try #require(config["lastReload"] as? [String: Any])
            #expect(lastReload["result"] as? String == failure.result)
            let diagnostics = try #require(lastReload["diagnostics"] as? [[String: Any]])
            let diagnostic = try #require(diagnostics.first { $0["severity"] as? String == "error" })
            #expect(diagnostic["code"] as? String == failure.code, "\(diagnostics)")
            #expect(diagnostic["file"] as? String != nil)
            #expect(diagnostic["line"] as? Int != nil)
            #expect(diagnostic["column"] as? Int != nil)
            #expect(diagnostic["message"] as? String != nil)
            #expect(diagnostic["notes"] is [Any])
        }
    }

    @Test func theDiagnosticsAreTheObjectsCheckPrints() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServing(folder) { client, server in
            try ServedBeckon.replaceConfiguration(in: folder, with: ServedBeckon.configuration
                .replacingOccurrences(of: "params.screenBrightness > 0.5", with: "params.screenBrightnes > 0.5")
                .replacingOccurrences(of: "events.landmarkViewed.within", with: "events.landmarkVisited.within"))
            #expect(server.reloader.reload(trigger: "test").result == .invalid)
            let lastReload = try #require(try await client.get("/v1/config").object["lastReload"] as? [String: Any])
            let served = try #require(lastReload["diagnostics"] as? [Any])

            let check = try ServedBeckon.beckon(folder, ["check", "--json"])
            #expect(check.status == 65)
            let printed = try #require(try JSONSerialization.jsonObject(with: Data(check.standardOutput.utf8)) as? [Any])
            #expect(served.count == 2)
            #expect(NSArray(array: served).isEqual(to: printed), "\(served)\n\(printed)")
        }
    }

    @Test func aReloadIsLoggedWithItsDiagnosticsAsFileLineColumnLines() async throws {
        let folder = try ServedBeckon.folder()
        let log = InMemoryLogHandler()
        let logger = Logger(label: "beckon.serve", factory: { _ in log })
        try await ServedBeckon.withServing(folder, logger: logger) { _, server in
            try ServedBeckon.replaceConfiguration(in: folder, with: ServedBeckon.configuration.replacingOccurrences(
                of: "params.screenBrightness > 0.5", with: "params.screenBrightnes > 0.5"))
            server.reloader.reload(trigger: "SIGHUP")
        }
        let entries = log.entries
        let summary = try #require(entries.first { $0.metadata["result"] != nil })
        #expect(summary.level == .error)
        #expect(summary.metadata["result"] == "invalid")
        #expect(summary.metadata["trigger"] == "SIGHUP")
        #expect(summary.metadata["generation"] == "1")
        let file = folder.appendingPathComponent("beckon.yaml").path
        #expect(entries.contains { $0.message.description.hasPrefix("\(file):") && $0.message.description.contains("[rule.unknownName]") },
                "\(entries.map(\.message))")
    }

    @Test func aChangedFileIsReloadedOnceSettledAndAMissingOneKeepsServing() async throws {
        let folder = try ServedBeckon.folder()
        let log = InMemoryLogHandler()
        let logger = Logger(label: "beckon.serve", factory: { _ in log })
        try await ServedBeckon.withServing(folder, watchInterval: .milliseconds(20), logger: logger) { client, _ in
            @Sendable func generation() async throws -> Int? { try await client.get("/v1/config").object["generation"] as? Int }

            try ServedBeckon.replaceConfiguration(in: folder, with: ServedBeckon.configurationWithNews)
            #expect(try await ServedBeckon.eventually { try await generation() == 2 })
            #expect(try await client.get("/v1/subjects/ada/tips/news").status == 200)

            // Removed: said once, the last good configuration serves on.
            try FileManager.default.removeItem(at: folder.appendingPathComponent("beckon.yaml"))
            #expect(await ServedBeckon.eventually { log.entries.contains { $0.message.description.contains("is gone") } })
            #expect(try await client.get("/v1/subjects/ada/tips/news").status == 200)
            #expect(try await client.get("/readyz").status == 200)

            // Back: reloaded.
            try ServedBeckon.replaceConfiguration(in: folder, with: ServedBeckon.configuration)
            #expect(try await ServedBeckon.eventually { try await generation() == 3 })
            #expect(try await client.get("/v1/subjects/ada/tips/news").status == 404)
        }
        #expect(log.entries.count { $0.message.description.contains("is gone") } == 1)
        #expect(log.entries.count { $0.metadata["result"] == "ok" } == 2)
    }

    /// An edit of a file the configuration includes is a change of the configuration: reloaded
    /// once settled, as an edit of the main file is.
    @Test func anEditedIncludedFileIsReloaded() async throws {
        let folder = try ServedBeckon.folder()
        let extra = folder.appendingPathComponent("extra.yaml")
        try "tips:\n  later: {title: Later}\n".write(to: extra, atomically: true, encoding: .utf8)
        try ServedBeckon.replaceConfiguration(in: folder, with: ServedBeckon.configuration + "\ninclude: [extra.yaml]\n")
        try await ServedBeckon.withServing(folder, watchInterval: .milliseconds(20)) { client, _ in
            @Sendable func generation() async throws -> Int? { try await client.get("/v1/config").object["generation"] as? Int }
            #expect(try await client.get("/v1/subjects/ada/tips/later").status == 200)
            #expect(try await client.get("/v1/subjects/ada/tips/news").status == 404)

            try "tips:\n  news: {title: New in this version}\n".write(to: extra, atomically: true, encoding: .utf8)
            #expect(try await ServedBeckon.eventually { try await generation() == 2 })
            #expect(try await client.get("/v1/subjects/ada/tips/news").status == 200)
            #expect(try await client.get("/v1/subjects/ada/tips/later").status == 404)
            // Settled: no further reload of the same files.
            try await Task.sleep(for: .milliseconds(200))
            #expect(try await generation() == 2)
        }
    }
}
