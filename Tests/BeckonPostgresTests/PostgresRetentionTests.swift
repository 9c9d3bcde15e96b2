import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import BeckonRules
import BeckonStoreConformance
import BeckonTestSupport
import Foundation
import Testing

/// The schema's `commit` function keeps each log's size on the record's row and drops what is past
/// the bound by that size: over seeded random commits (appends at random, some at equal or earlier
/// instants, retention by count and by age, clears of one log or all), every log read back from
/// PostgreSQL, through a second handle, equals `MemoryStore`'s.
@Suite("postgres.store: retention agrees with the memory store")
struct PostgresRetentionTests {
    static let events = ["a", "b", "c\u{0}nul"]

    @Test(arguments: 1...4)
    func logsAgreeWithTheMemoryStore(seed: Int) throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("retention")
        let writer = try Self.open(server, database: database)
        let reader = try Self.open(server, database: database)
        let memory = MemoryStore()
        var generator = SplitMix64(seed: UInt64(seed))
        var workload = RetentionWorkload(events: Self.events, bounds: [0, 1, 2, 3, 5, 17], clearsAllBelow: 4, clearsOneBelow: 8,
                                         using: &generator)
        for step in 0..<120 {
            let subject = try workload.commitNext(step: step, to: [writer, memory], using: &generator)
            for event in Self.events {
                let expected = try memory.donations(subject: subject, event: event, since: nil)
                #expect(try reader.donations(subject: subject, event: event, since: nil) == expected,
                        "seed \(seed), step \(step), \(subject)/\(event)")
            }
        }
        // The sizes the row keeps are the logs' true sizes.
        let mismatches = try server.admin("""
            SELECT count(*) FROM beckon.records r, jsonb_each_text(r.log_sizes) s
            WHERE s.value::bigint <> (SELECT count(*) FROM beckon.donations d WHERE d.subject = r.subject AND encode(d.event, 'hex') = s.key)
            """, database: database)
        #expect(mismatches == "0")
    }

    static func open(_ server: PostgresServer, database: String) throws -> any Store {
        setenv("BECKON_PG_PASSWORD", PostgresServer.password, 1)
        let plugin = try BuiltProducts.plugin
        let declaration = PluginDeclaration(path: plugin, writtenPath: plugin, namespace: nil, span: .wholeFile("test.yaml"))
        let (host, diagnostics) = PluginHost.load([declaration])
        try #require(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let options: ConfigValue = .map([
            ("host", .string("127.0.0.1")), ("port", .int(Int64(server.port))), ("dbname", .string(database)),
            ("user", .string("beckon")), ("passwordEnv", .string("BECKON_PG_PASSWORD")),
        ])
        return try host.openStore(namespace: "postgres", name: "store", options: options)
    }
}
