import Foundation
import Testing

/// What SwiftPM built next to the tests, found by walking up from the test binary, and C hosts
/// compiled with plain `cc` against `beckon.h`.
enum BuiltProducts {
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The built file `name` (`beckon`, `beckon-conformance`, `libbeckon-postgres-store.so`, ...).
    static func path(_ name: String) throws -> String {
        var search = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        while search.path != "/" {
            let candidate = search.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
            search = search.deletingLastPathComponent()
        }
        throw PostgresServer.Failure(description: "\(name) was not built next to the tests")
    }

    /// The PostgreSQL store plugin.
    static var plugin: String { get throws { try path("libbeckon-postgres-store.so") } }

    /// A folder with `libbeckon.so` (a link to the built `libBeckonC.so`), made once.
    static let libraryFolder: Result<String, PostgresServer.Failure> = {
        do {
            let built = try path("libBeckonC.so")
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-pg-hosts-\(UUID().uuidString.prefix(8))").path
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder + "/libbeckon.so", withDestinationPath: built)
            return .success(folder)
        } catch let failure as PostgresServer.Failure {
            return .failure(failure)
        } catch {
            return .failure(PostgresServer.Failure(description: "\(error)"))
        }
    }()

    /// Compiles `Tests/BeckonPostgresTests/Fixtures/NAME.c` into a host linked to `libbeckon.so`.
    static func compileHost(_ name: String) throws -> String {
        let library = try libraryFolder.get()
        let source = repositoryRoot.appendingPathComponent("Tests/BeckonPostgresTests/Fixtures/\(name).c").path
        let output = library + "/" + name
        let (status, out, error) = try ProcessRunner.run("/usr/bin/env", [
            "cc", "-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-pthread",
            "-I", repositoryRoot.appendingPathComponent("Sources/CBeckon/include").path, source,
            "-L", library, "-lbeckon", "-Wl,-rpath," + library, "-o", output,
        ])
        try #require(status == 0, "cc failed:\n\(out)\(error)")
        return output
    }

    /// A configuration using `postgres.store` with `options` (JSON, written as YAML flow), in a
    /// new folder; returns its path.
    static func configuration(options: String, body: String = defaultBody) throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-pg-config-\(UUID().uuidString.prefix(8))").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let path = folder + "/beckon.yaml"
        let yaml = """
            version: 1
            plugins:
              - path: \(try plugin)
            store:
              backend: postgres.store
              options: \(options)
            \(body)
            """
        try yaml.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    /// Events, a tip and a scenario that the suites use.
    static let defaultBody = """
        events:
          opened:
            info: {screen: string}
        tips:
          welcome:
            title: Welcome
            rules: [events.opened.within(7d).count >= 3]
        scenarios:
          welcome-tour:
            minEventsRequired: 3
            maxExecutionsPermitted: 1
        """
}
