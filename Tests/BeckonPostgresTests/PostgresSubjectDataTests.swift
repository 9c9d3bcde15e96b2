import BeckonCore
import BeckonRules
import BeckonTestSupport
import Foundation
import Synchronization
import Testing

/// `postgres.store`'s subject data (ABI 1.3) against the suite's own server: an erased subject's
/// id and its unique values are in no row of any table of the store's schema, the others are
/// untouched, also while commits race the erase; a version 1 database migrates to version 2 with
/// each record's activity.
@Suite("postgres.store: erasing and migrating subjects' data")
struct PostgresSubjectDataTests {
    /// Every row of every table of `schema`, as text (a bytea reads as `\x` and its hex).
    static func everyRow(_ server: PostgresServer, database: String, schema: String = "beckon") throws -> String {
        let tables = try server.admin("SELECT string_agg(table_name, ',' ORDER BY table_name) FROM information_schema.tables WHERE table_schema = '\(schema)'",
                                      database: database).split(separator: ",")
        #expect(tables == ["donations", "meta", "records"])
        return try tables.map { table in try server.admin("SELECT t::text FROM \(schema).\(table) t", database: database) }.joined(separator: "\n")
    }

    /// Where `text` may show in a row's text: itself (text columns) and its UTF-8 in hex (bytea).
    static func forms(_ text: String) -> [String] {
        [text, text.utf8.map { String(format: "%02x", $0) }.joined()]
    }

    @Test func anErasedSubjectIsInNoRowOfAnyTable() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("erase")
        let store = try PostgresRetentionTests.open(server, database: database)
        let marker = UUID().uuidString.prefix(8).lowercased()
        let gone = "user-\(marker)", secret = "payload-\(marker)-value"
        func state(_ subject: String, _ value: String) -> (SubjectRecord, DonationChanges) {
            var record = SubjectRecord()
            record.parameters["email"] = .string(value)
            record.events["opened"] = EventCounters(count: 2, first: 10, last: 20)
            let logged = [10, 20].map { ("opened", Donation(time: $0, info: [.string(value)]), Retention(maxCount: 100)) }
            return (record, DonationChanges(appends: logged))
        }
        for (subject, value) in [(gone, secret), ("kept-1", "other-1"), ("kept-2", "other-2")] {
            let (record, changes) = state(subject, value)
            #expect(try store.commit(subject: subject, expectedVersion: 0, record: record, donations: changes))
        }
        let before = try Self.everyRow(server, database: database)
        // The search finds them while they are stored: the test can fail.
        for text in [gone, secret] { #expect(Self.forms(text).contains { before.contains($0) }, "\(text) not found before the erase") }
        let others = try ["kept-1", "kept-2"].map { try store.snapshot(subject: $0) }

        #expect(try store.erase(subject: gone, activeBefore: nil))

        let after = try Self.everyRow(server, database: database)
        for form in Self.forms(gone) + Self.forms(secret) { #expect(!after.contains(form), "\(form) still in a row after the erase") }
        #expect(try ["kept-1", "kept-2"].map { try store.snapshot(subject: $0) } == others)
        #expect(try store.subjects(after: nil, limit: 10).map(\.subject) == ["kept-1", "kept-2"])
        #expect(try server.admin("SELECT count(*) FROM beckon.donations", database: database) == "4")
    }

    @Test func aVersionOneDatabaseMigratesWithEachRecordsActivity() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("migrate")
        let store = try PostgresRetentionTests.open(server, database: database)
        #expect(try store.commit(subject: "ada", expectedVersion: 0, record: SubjectRecord(), donations: .none))
        // Back to version 1's layout: no activity column, no erase function, the row older.
        try server.admin("""
            ALTER TABLE beckon.records DROP COLUMN active_at; DROP FUNCTION beckon.erase(bytea, bigint);
            UPDATE beckon.records SET updated_at = '2020-01-02 03:04:05.678+00'; UPDATE beckon.meta SET value = '1'
            """, database: database)
        let migrated = try PostgresRetentionTests.open(server, database: database)
        #expect(try server.admin("SELECT value FROM beckon.meta WHERE key = 'schema_version'", database: database) == "2")
        #expect(try migrated.subjects(after: nil, limit: 5) == [StoredSubject(subject: "ada", lastActive: 1_577_934_245_678)])
        #expect(try migrated.load(subject: "ada").version == 1)
        #expect(try migrated.commit(subject: "ada", expectedVersion: 1, record: SubjectRecord(), donations: .none))
        #expect(try migrated.erase(subject: "ada", activeBefore: nil))
        #expect(try server.admin("SELECT count(*) FROM pg_proc WHERE proname IN ('commit', 'erase') AND pronamespace = 'beckon'::regnamespace",
                                 database: database) == "2")
    }

    /// Two writers donate to one subject while a third erases it again and again: every erase is
    /// whole, even against a commit in flight (no donation outlives its record, every kept log
    /// size is the true one).
    @Test func eraseRacingCommitsLeavesNoOrphans() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("eraserace")
        let stores = try (0..<3).map { _ in try PostgresRetentionTests.open(server, database: database) }
        let erased = Mutex(0)
        DispatchQueue.concurrentPerform(iterations: 3) { worker in
            let store = stores[worker]
            for step in 0..<80 {
                if worker == 2 {
                    if (try? store.erase(subject: "s", activeBefore: nil)) == true { erased.withLock { $0 += 1 } }
                    continue
                }
                while let stored = try? store.load(subject: "s") {
                    let append = (event: "e\(worker)", donation: Donation(time: Int64(step), info: [.int(Int64(step))]), retention: Retention(maxCount: 50))
                    if (try? store.commit(subject: "s", expectedVersion: stored.version, record: SubjectRecord(), donations: DonationChanges(appends: [append]))) == true { break }
                }
            }
        }
        #expect(erased.withLock { $0 } > 0, "no erase landed between the commits")
        #expect(try server.admin("SELECT count(*) FROM beckon.donations d WHERE NOT EXISTS (SELECT 1 FROM beckon.records r WHERE r.subject = d.subject)",
                                 database: database) == "0")
        let mismatches = try server.admin("""
            SELECT count(*) FROM beckon.records r, jsonb_each_text(r.log_sizes) s
            WHERE s.value::bigint <> (SELECT count(*) FROM beckon.donations d WHERE d.subject = r.subject AND encode(d.event, 'hex') = s.key)
            """, database: database)
        #expect(mismatches == "0")
    }
}
