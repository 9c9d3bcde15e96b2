import BeckonTestSupport
import Foundation

/// The suite's built products: the PostgreSQL store plugin, C hosts compiled against `beckon.h`,
/// and configurations that use the plugin.
extension BuiltProducts {
    /// The PostgreSQL store plugin.
    static var plugin: String { get throws { try path("libbeckon-postgres-store.so") } }

    /// Compiles `Tests/BeckonPostgresTests/Fixtures/NAME.c` into a host linked to `libbeckon.so`.
    static func compileHost(_ name: String) throws -> String {
        try EmbeddingLibrary.compileHost(Repository.path("Tests/BeckonPostgresTests/Fixtures/\(name).c"), named: name, extraFlags: ["-pthread"])
    }

    /// A configuration using `postgres.store` with `options` (JSON, written as YAML flow), in a
    /// new folder; returns its path.
    static func configuration(options: String, body: String = defaultBody) throws -> String {
        let folder = try TestRunFolder.newFolder("pg-config").path
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
