import BeckonTestSupport
import Foundation
import Testing

/// `beckon-conformance` on `postgres.store` against the suite's own PostgreSQL server: every
/// check of the store contract, concurrent writers, second handles and subject data included.
@Suite("postgres.store: the store contract on a real server")
struct PostgresConformanceTests {
    @Test func everyCheckPasses() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("conformance")
        let (status, output, error) = try ProcessRunner.run(try BuiltProducts.path("beckon-conformance"),
                                                            [try BuiltProducts.plugin, "--options", server.options(database: database)],
                                                            environment: PostgresServer.environment)
        #expect(status == 0, "\(output)\(error)")
        #expect(output.contains("checks passed"), "\(output)")
        // The store lists, erases and restores subjects (ABI 1.3): none of the checks is skipped.
        #expect(!output.contains("skipped"), "\(output)")
        #expect(!output.contains("✗"), "\(output)")
        #expect(!(output + error).contains(PostgresServer.password))
    }

    /// The shipped plugin passes `beckon plugin verify` as it is, its store against this server.
    @Test func thePluginPassesVerify() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("verify")
        let (status, output, error) = try ProcessRunner.run(try BuiltProducts.beckon.path,
                                                            ["plugin", "verify", try BuiltProducts.plugin, "--json",
                                                             "--store-options", server.options(database: database)],
                                                            environment: PostgresServer.environment)
        #expect(status == 0, "\(output)\(error)")
        let report = try #require(try JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any])
        #expect(report["passed"] as? Bool == true)
        let checks = try #require(report["checks"] as? [[String: Any]])
        #expect(checks.map { $0["name"] as? String } == ["exports", "undefined", "descriptor", "conditions", "stores"])
        #expect((checks.last?["notes"] as? [String]) == ["store postgres.store: passes the Store contract"])
        #expect(!(output + error).contains(PostgresServer.password))
    }

    @Test func aDifferentSchemaKeepsItsOwnSubjects() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("schemas")
        let (status, output, error) = try ProcessRunner.run(try BuiltProducts.path("beckon-conformance"),
                                                            [try BuiltProducts.plugin, "--options",
                                                             server.options(database: database, extra: ",\"schema\":\"fleet_two\"")],
                                                            environment: PostgresServer.environment)
        #expect(status == 0, "\(output)\(error)")
        let tables = try server.admin("SELECT string_agg(table_name, ',' ORDER BY table_name) FROM information_schema.tables WHERE table_schema = 'fleet_two'",
                                      database: database)
        #expect(tables == "donations,meta,records")
        let version = try server.admin("SELECT value FROM fleet_two.meta WHERE key = 'schema_version'", database: database)
        #expect(version == "2")
    }
}
