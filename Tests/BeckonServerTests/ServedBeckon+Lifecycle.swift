import BeckonCore
import BeckonRuntime
import BeckonServer
import Foundation
import Logging

/// The harness for the server's lifecycle: the server itself handed to the test beside its
/// client (its reloader, its metrics), a file watcher, a logger, a given store.
extension ServedBeckon {
    /// Serves the configuration in `folder` as `withServer` does, with its file known to the
    /// server (so it reloads), polled every `watchInterval` when one is given, logging to `logger`,
    /// over `store` when one is given; runs `body` with a client and the server.
    static func withServing<R: Sendable>(
        _ folder: URL, store: (any Store)? = nil, watchInterval: Duration? = nil, logger: Logger = BeckonServer.silentLogger,
        _ body: @Sendable (Client, BeckonServer) async throws -> R
    ) async throws -> R {
        let file = folder.appendingPathComponent("beckon.yaml").path
        let server = BeckonServer(runtime: try ReloadableRuntime(configPath: file, store: store), configurationFile: file,
                                  watchInterval: watchInterval, logger: logger)
        return try await run(server, body)
    }

    /// Writes `yaml` as the folder's configuration the way deploy tools do: a new file renamed
    /// over the old one.
    static func replaceConfiguration(in folder: URL, with yaml: String) throws {
        let staged = folder.appendingPathComponent(".beckon.yaml.new")
        try yaml.write(to: staged, atomically: false, encoding: .utf8)
        guard rename(staged.path, folder.appendingPathComponent("beckon.yaml").path) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }

    /// Whether `condition` holds within `tries` checks `pause` apart (a bound, not a timing: a
    /// loaded machine only takes more of the tries).
    static func eventually(tries: Int = 1000, pause: Duration = .milliseconds(20),
                           _ condition: @Sendable () async throws -> Bool) async rethrows -> Bool {
        for _ in 0..<tries {
            if try await condition() { return true }
            try? await Task.sleep(for: pause)
        }
        return false
    }

    /// The configuration with one more tip, `news`.
    static let configurationWithNews = configuration.replacingOccurrences(
        of: "tips:\n  welcome:", with: "tips:\n  news: {title: New in this version, message: Read what changed.}\n  welcome:")
}
