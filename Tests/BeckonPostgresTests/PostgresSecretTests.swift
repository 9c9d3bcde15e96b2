import BeckonTestSupport
import Foundation
import Testing

/// The password reaches libpq and nothing else: every output of a run of every command, in
/// every way a connection can go wrong, is searched for it (and for the wrong passwords tried).
@Suite("postgres.store: the password never appears in any output")
struct PostgresSecretTests {
    struct Run: CustomTestStringConvertible {
        var name: String
        var arguments: [String]
        var environment: [String: String] = [:]
        var options: String?
        var status: Int32
        var testDescription: String { name }
    }

    static let wrongPassword = "Wrong-\(UUID().uuidString.prefix(8))"

    /// Every command on a store that works, then each way of failing to reach it.
    static func runs(_ server: PostgresServer, database: String, passwordFile: String) -> [Run] {
        let subject = ["--subject", "secret-subject"]
        return [
            Run(name: "check", arguments: ["check"], status: 0),
            Run(name: "plugins", arguments: ["plugins"], status: 0),
            Run(name: "plugins --json", arguments: ["plugins", "--json"], status: 0),
            Run(name: "event donate", arguments: ["event", "donate", "opened", "--info", "screen=home"] + subject, status: 0),
            Run(name: "event donate --json", arguments: ["event", "donate", "opened", "--info", "screen=map", "--json"] + subject, status: 0),
            Run(name: "tip status", arguments: ["tip", "status", "welcome"] + subject, status: 1),
            Run(name: "tip status --json", arguments: ["tip", "status", "welcome", "--json"] + subject, status: 1),
            Run(name: "explain tip", arguments: ["explain", "tip", "welcome"] + subject, status: 1),
            Run(name: "status --json", arguments: ["status", "--json"] + subject, status: 0),
            Run(name: "scenario try", arguments: ["scenario", "try", "welcome-tour"] + subject, status: 1),
            Run(name: "reset", arguments: ["reset", "--all"] + subject, status: 0),
            Run(name: "password from a file", arguments: ["tip", "status", "welcome"] + subject,
                options: server.options(database: database).replacing("\"passwordEnv\":\"BECKON_PG_PASSWORD\"", with: "\"passwordFile\":\"\(passwordFile)\""),
                status: 1),
            Run(name: "a wrong password", arguments: ["tip", "status", "welcome"] + subject,
                environment: ["BECKON_PG_PASSWORD": wrongPassword], status: 69),
            Run(name: "the password variable not set", arguments: ["tip", "status", "welcome"] + subject,
                options: server.options(database: database).replacing("BECKON_PG_PASSWORD", with: "BECKON_PG_UNSET_PASSWORD"), status: 69),
            Run(name: "no server on the port", arguments: ["tip", "status", "welcome"] + subject,
                options: server.options(database: database).replacing("\"port\":\(server.port)", with: "\"port\":\((try? PostgresServer.freePort()) ?? 1)"),
                status: 69),
            Run(name: "a database that does not exist", arguments: ["tip", "status", "welcome"] + subject,
                options: server.options(database: "no_such_database"), status: 69),
            Run(name: "a password in the url", arguments: ["tip", "status", "welcome"] + subject,
                options: "{\"url\":\"postgresql://beckon:\(PostgresServer.password)@127.0.0.1:\(server.port)/\(database)\"}", status: 65),
            Run(name: "a password key", arguments: ["tip", "status", "welcome"] + subject,
                options: "{\"dbname\":\"\(database)\",\"password\":\"\(PostgresServer.password)\"}", status: 65),
            Run(name: "a misspelt password key", arguments: ["tip", "status", "welcome"] + subject,
                options: "{\"dbname\":\"\(database)\",\"pasword\":\"\(PostgresServer.password)\"}", status: 65),
        ]
    }

    @Test func noOutputOfAnyCommandCarriesThePassword() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("secrets")
        let folder = try TestRunFolder.newFolder("pg-secret").path
        let passwordFile = folder + "/password"
        try (PostgresServer.password + "\n").write(toFile: passwordFile, atomically: true, encoding: .utf8)
        let beckon = try BuiltProducts.beckon.path
        var everything = ""
        for run in Self.runs(server, database: database, passwordFile: passwordFile) {
            let config = try BuiltProducts.configuration(options: run.options ?? server.options(database: database))
            let environment = PostgresServer.environment.merging(["BECKON_LOG_LEVEL": "debug"]) { _, new in new }
                .merging(run.environment) { _, new in new }
            let (status, output, error) = try ProcessRunner.run(beckon, run.arguments + ["--config", config], environment: environment)
            #expect(status == run.status, "\(run.name): \(output)\(error)")
            #expect(!(output + error).contains(PostgresServer.password), "\(run.name) printed the password: \(output)\(error)")
            #expect(!(output + error).contains(Self.wrongPassword), "\(run.name) printed the password it tried: \(output)\(error)")
            everything += output + error
        }
        // The failures said what went wrong, without the secret.
        #expect(everything.contains("password authentication failed"), "\(everything)")
        #expect(everything.contains("BECKON_PG_UNSET_PASSWORD, which is not set"), "\(everything)")
        #expect(everything.contains("url must not carry a password"), "\(everything)")
        #expect(everything.contains("a password is never written in the configuration"), "\(everything)")
        // The server's log has no password either (it logs failed logins and statements in error).
        let log = (try? String(contentsOfFile: server.folder + "/server.log", encoding: .utf8)) ?? ""
        #expect(!log.contains(PostgresServer.password))
    }
}
