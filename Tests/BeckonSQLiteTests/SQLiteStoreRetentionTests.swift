import BeckonCore
import BeckonRules
import BeckonSQLite
import BeckonStoreConformance
import Foundation
import Testing
import BeckonTestSupport

/// Retention by count is applied in batches on disk (a log keeps up to 32 dropped rows before
/// deleting them at once), while every read answers as `MemoryStore`, which holds each log
/// exactly at its bound; and a file of schema 1, written before batches, opens and keeps working.
@Suite struct SQLiteStoreRetentionTests {
    static let events = ["a", "b"]

    /// Seeded random commits (appends at random, sometimes equal or earlier instants, with
    /// retention by count and by age, and clears) on two subjects, through one store, read back
    /// after each commit through a second store on the same file (so from the file, not the
    /// writer's caches), with and without a window, compared with `MemoryStore`.
    @Test(arguments: 1...12)
    func readsAgreeWithTheMemoryStore(seed: Int) throws {
        var generator = SplitMix64(seed: UInt64(seed))
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        let writer = try SQLiteStore(path: path)
        let reader = try SQLiteStore(path: path)
        let memory = MemoryStore()
        // Each event keeps one bound for the whole run, so that what stays on disk can be checked.
        var workload = RetentionWorkload(events: Self.events, bounds: [1, 2, 3, 5, 17, 40], clearsAllBelow: 3, clearsOneBelow: 6,
                                         using: &generator)
        for step in 0..<300 {
            let subject = try workload.commitNext(step: step, to: [writer, memory], using: &generator)
            for event in Self.events {
                let since = Bool.random(using: &generator) ? nil : workload.clock - Int64.random(in: 0...60, using: &generator)
                let expected = try memory.donations(subject: subject, event: event, since: since)
                #expect(try reader.donations(subject: subject, event: event, since: since) == expected,
                        "seed \(seed), step \(step), \(subject)/\(event) since \(since.map(String.init) ?? "nil")")
                // Through the writer too: a load first, so that its caches are used.
                _ = try writer.load(subject: subject)
                #expect(try writer.donations(subject: subject, event: event, since: since) == expected)
            }
        }
        // On disk a log holds at most its bound and the slack.
        let raw = try RawSQLite(path)
        for (slot, event) in Self.events.enumerated() {
            for subject in workload.versions.keys {
                let rows = Int(try raw.text("SELECT count(*) FROM donations WHERE subject = '\(subject)' AND event = '\(event)'") ?? "0")!
                #expect(rows <= workload.maxCounts[slot] + 32)
            }
        }
    }

    /// A log well past its bound holds the bound and at most the slack on disk, and reads
    /// exactly the newest donations, also after the store is reopened.
    @Test func aFullLogKeepsItsBoundAndTheSlack() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        let store = try SQLiteStore(path: path)
        var rowCounts: Set<Int> = []
        for index in 0..<200 {
            let append = DonationChanges(appends: [("viewed", Donation(time: Int64(index), info: []), Retention(maxCount: 10))])
            #expect(try store.commit(subject: "s", expectedVersion: Int64(index), record: SubjectRecord(), donations: append))
            rowCounts.insert(Int(try RawSQLite(path).text("SELECT count(*) FROM donations") ?? "0")!)
        }
        #expect(rowCounts.max() == 10 + 32)
        #expect(rowCounts.contains(10))
        #expect(try SQLiteStore(path: path).donations(subject: "s", event: "viewed", since: nil).map(\.time) == Array(190..<200))
        #expect(try SQLiteStore(path: path).donations(subject: "s", event: "viewed", since: 195).map(\.time) == Array(195..<200))
    }

    /// A file written with schema 1 (logs held exactly at their bound) opens, is migrated to
    /// the current schema with its data, and keeps working.
    @Test func aSchema1FileOpensAndKeepsWorking() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        try Self.writeSchema1File(path)
        let store = try SQLiteStore(path: path)
        #expect(try RawSQLite(path).text("PRAGMA user_version") == "3")
        #expect(try store.load(subject: "alice").record == SQLiteStoreOpeningTests.record)
        #expect(try store.donations(subject: "alice", event: "appLaunched", since: nil).map(\.time) == [10, 20, 30])
        for index in 0..<60 {
            let append = DonationChanges(appends: [("appLaunched", Donation(time: Int64(40 + index), info: [.int(0)]), Retention(maxCount: 5))])
            #expect(try store.commit(subject: "alice", expectedVersion: Int64(1 + index), record: SubjectRecord(), donations: append))
        }
        #expect(try SQLiteStore(path: path).donations(subject: "alice", event: "appLaunched", since: nil).map(\.time) == Array(95..<100))
    }

    /// A read-only file of schema 1 is read as it is.
    @Test(.enabled(if: ReadOnlyFiles.method != nil, "neither file modes nor chattr make a file read-only here"))
    func aReadOnlySchema1FileIsRead() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        try Self.writeSchema1File(path)
        try ReadOnlyFiles.makeReadOnly(path)
        defer { ReadOnlyFiles.makeWritable(path) }
        let store = try SQLiteStore(path: path)
        #expect(store.readOnlyReason != nil)
        #expect(try store.load(subject: "alice").record == SQLiteStoreOpeningTests.record)
        #expect(try store.donations(subject: "alice", event: "appLaunched", since: nil).map(\.time) == [10, 20, 30])
        // Listed (as active now, as the migration would make it); never erased or restored.
        #expect(try store.subjects(after: nil, limit: 10).map(\.subject) == ["alice"])
        #expect(throws: StoreError.self) { try store.erase(subject: "alice", activeBefore: nil) }
        #expect(throws: StoreError.self) {
            try store.restore(subject: "alice", expectedVersion: 1, snapshot: SubjectSnapshot(record: SubjectRecord(), version: 2))
        }
        #expect(try store.load(subject: "alice").version == 1)
    }

    /// A store whose logs are within their bounds is byte for byte what schema 1 wrote (sizes
    /// without hidden rows are the same triples); only its schema version differs, and the
    /// column and table schema 3 added.
    static func writeSchema1File(_ path: String) throws {
        do {
            let store = try SQLiteStore(path: path)
            #expect(try store.commit(subject: "alice", expectedVersion: 0, record: SQLiteStoreOpeningTests.record,
                                     donations: SQLiteStoreOpeningTests.launches))
        }
        let raw = try RawSQLite(path)
        try raw.removeSchema3()
        try raw.execute("PRAGMA user_version = 1")
        try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
}
