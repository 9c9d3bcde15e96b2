import BeckonTestSupport
import BeckonCore
import BeckonRules
import BeckonSQLite
import Foundation
import Testing

/// Another process holding the write lock past the busy timeout makes the store unavailable,
/// with a message that says so; readers are not blocked, and the store works once the lock goes.
@Suite struct SQLiteStoreLockingTests {
    @Test func aWriteLockedPastTheTimeoutIsUnavailable() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        do {
            let store = try SQLiteStore(path: path)
            #expect(try store.commit(subject: "s", expectedVersion: 0, record: SubjectRecord(), donations: .none))
        }
        let other = try RawSQLite(path)
        try other.execute("BEGIN EXCLUSIVE; UPDATE subjects SET version = version")
        let store = try SQLiteStore(path: path, busyTimeout: 150)
        // WAL: reading does not wait for the writer.
        #expect(try store.load(subject: "s").version == 1)
        let clock = ContinuousClock()
        let started = clock.now
        let error = try #require(throws: StoreError.self) {
            try store.commit(subject: "s", expectedVersion: 1, record: SubjectRecord(), donations: .none)
        }
        let waited = clock.now - started
        #expect(error.kind == .unavailable)
        #expect(error.message == "the store \(path) is locked by another process (waited 150 ms)")
        #expect(waited >= .milliseconds(140), "gave up after \(waited)")
        // Nothing was written; once the lock is released, the same commit succeeds.
        try other.execute("ROLLBACK")
        #expect(try store.load(subject: "s").version == 1)
        #expect(try store.commit(subject: "s", expectedVersion: 1, record: SubjectRecord(), donations: .none))
    }

    @Test func aFileLockedWhileBeingOpenedIsUnavailable() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        // A database in rollback-journal mode, exclusively locked: not even readable.
        let other = try RawSQLite(path)
        try other.execute("BEGIN EXCLUSIVE; CREATE TABLE t (a)")
        let error = try #require(throws: StoreError.self) { try SQLiteStore(path: path, busyTimeout: 50) }
        #expect(error.kind == .unavailable)
        #expect(error.message == "the store \(path) is locked by another process (waited 50 ms)")
        try other.execute("ROLLBACK")
        // Once released, the (still empty) file becomes a store.
        let store = try SQLiteStore(path: path, busyTimeout: 50)
        #expect(try store.load(subject: "s").version == 0)
    }

    @Test func aFailedCommitLeavesTheFileAsItWas() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        let store = try SQLiteStore(path: path, busyTimeout: 50)
        var record = SubjectRecord()
        record.parameters["kept"] = .bool(true)
        let kept = DonationChanges(appends: [("e", Donation(time: 1), Retention(maxCount: 10))])
        #expect(try store.commit(subject: "s", expectedVersion: 0, record: record, donations: kept))
        // A trigger makes the donation insert fail after the record was already updated in the
        // same transaction: the whole commit must roll back.
        try RawSQLite(path).execute("""
            CREATE TRIGGER fail_on_time_666 BEFORE INSERT ON donations WHEN NEW.time = 666
            BEGIN SELECT RAISE(ABORT, 'refused by a test trigger'); END
            """)
        let reopened = try SQLiteStore(path: path, busyTimeout: 50)
        let failing = DonationChanges(appends: [("e", Donation(time: 2), Retention(maxCount: 10)), ("e", Donation(time: 666), Retention(maxCount: 10))],
                                      clearedEvents: ["other"])
        #expect(throws: StoreError.self) {
            try reopened.commit(subject: "s", expectedVersion: 1, record: SubjectRecord(), donations: failing)
        }
        let after = try reopened.load(subject: "s")
        #expect(after.version == 1)
        #expect(after.record == record)
        #expect(try reopened.donations(subject: "s", event: "e", since: nil) == [Donation(time: 1)])
        // The connection is usable afterwards: no transaction was left open.
        #expect(try reopened.commit(subject: "s", expectedVersion: 1, record: SubjectRecord(), donations: kept))
        #expect(try store.donations(subject: "s", event: "e", since: nil).map(\.time) == [1, 1])
    }
}
