import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import BeckonRules
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
        let maxCounts = Self.events.map { _ in [0, 1, 2, 3, 5, 17][Int.random(in: 0..<6, using: &generator)] }
        let ages: [Int64?] = Self.events.map { _ in Bool.random(using: &generator) ? nil : Int64.random(in: 5...200, using: &generator) }
        var versions = ["s1": Int64(0), "s2": Int64(0)]
        var clock: Int64 = 1000
        for step in 0..<120 {
            let subject = Bool.random(using: &generator) ? "s1" : "s2"
            var changes = DonationChanges()
            let roll = Int.random(in: 0..<100, using: &generator)
            if roll < 4 {
                changes.clearsAll = true
            } else if roll < 8 {
                changes.clearedEvents = [Self.events[Int.random(in: 0..<Self.events.count, using: &generator)]]
            }
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let slot = Int.random(in: 0..<Self.events.count, using: &generator)
                clock += Int64.random(in: -3...6, using: &generator)
                let retention = Retention(maxCount: maxCounts[slot], maxAge: ages[slot])
                changes.appends.append((Self.events[slot], Donation(time: clock, info: [.int(Int64(step))]), retention))
            }
            let version = versions[subject]!
            #expect(try writer.commit(subject: subject, expectedVersion: version, record: SubjectRecord(), donations: changes))
            #expect(try memory.commit(subject: subject, expectedVersion: version, record: SubjectRecord(), donations: changes))
            versions[subject] = version + 1
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
