import BeckonCore
import BeckonRules
@_spi(Benchmarks) import BeckonSQLite
import BeckonTestSupport
import Foundation
import Testing

/// The store serves records from memory while nobody else has written (issue 14): a write from
/// another connection or another process must be seen by the next load, and compare-and-set
/// must still catch a commit made elsewhere.
@Suite struct SQLiteStoreCacheTests {
    static let sqlite3 = "/usr/bin/sqlite3"

    /// Ways another writer changes subject "s" (stored at version 1 with `launches` = 1) to
    /// `launches` = 2; whether that writer moves the version on (a raw write may not).
    enum Writer: String, CaseIterable, CustomTestStringConvertible {
        case otherStore, otherStoreWithDonation, rawConnection, otherProcess

        var testDescription: String { rawValue }

        var movesVersion: Bool { self != .rawConnection }

        func write(_ path: String) throws {
            let record = SQLiteStoreCacheTests.record(launches: 2)
            switch self {
            case .otherStore, .otherStoreWithDonation:
                let store = try SQLiteStore(path: path)
                let version = try store.load(subject: "s").version
                let changes = self == .otherStore ? DonationChanges.none
                    : DonationChanges(appends: [("launched", Donation(time: 2), Retention(maxCount: 10))])
                #expect(try store.commit(subject: "s", expectedVersion: version, record: record, donations: changes))
            case .rawConnection:
                try RawSQLite(path).setRecord(of: "s", to: SubjectRecordCodec.encode(record))
            case .otherProcess:
                let hex = SubjectRecordCodec.encode(record).map { String(format: "%02X", $0) }.joined()
                let updated = try ProcessRunner.run(SQLiteStoreCacheTests.sqlite3,
                                                    [path, "UPDATE subjects SET version = version + 1, record = X'\(hex)' WHERE subject = 's'"])
                #expect(updated.status == 0, "\(updated.error)")
            }
        }
    }

    static func record(launches: Int64) -> SubjectRecord {
        var record = SubjectRecord()
        record.events["launched"] = EventCounters(count: launches, first: 1, last: launches)
        return record
    }

    /// A store holding "s" at version 1, loaded once (so cached).
    func warmStore(_ folder: TemporaryFolder) throws -> SQLiteStore {
        let store = try SQLiteStore(path: folder.file("cache.db"))
        #expect(try store.commit(subject: "s", expectedVersion: 0, record: Self.record(launches: 1), donations: .none))
        #expect(try store.load(subject: "s").record == Self.record(launches: 1))
        return store
    }

    @Test(arguments: Writer.allCases.filter { $0 != .otherProcess || FileManager.default.isExecutableFile(atPath: sqlite3) })
    func theNextLoadSeesAWriteMadeElsewhere(by writer: Writer) throws {
        let folder = try TemporaryFolder()
        let store = try warmStore(folder)
        try writer.write(store.path)
        let stored = try store.load(subject: "s")
        #expect(stored.record == Self.record(launches: 2))
        #expect(stored.version == (writer.movesVersion ? 2 : 1))
    }

    @Test(arguments: Writer.allCases.filter { $0.movesVersion && ($0 != .otherProcess || FileManager.default.isExecutableFile(atPath: sqlite3)) })
    func compareAndSetStillDetectsAWriteMadeElsewhere(by writer: Writer) throws {
        let folder = try TemporaryFolder()
        let store = try warmStore(folder)
        try writer.write(store.path)
        // This connection last saw version 1, now stale: its commit must lose, not overwrite.
        #expect(try store.commit(subject: "s", expectedVersion: 1, record: Self.record(launches: 9), donations: .none) == false)
        #expect(try store.load(subject: "s").record == Self.record(launches: 2))
    }

    /// Loads served from memory (no commit anywhere since the last look) alternate with commits
    /// by another connection and by this one: every load returns the latest record.
    @Test func repeatedLoadsFollowEveryCommit() throws {
        let folder = try TemporaryFolder()
        let store = try warmStore(folder)
        let other = try SQLiteStore(path: store.path)
        for launches in Int64(2)...40 {
            let writer = launches % 3 == 0 ? store : other
            let version = try writer.load(subject: "s").version
            let changes = launches % 2 == 0 ? DonationChanges.none
                : DonationChanges(appends: [("launched", Donation(time: launches), Retention(maxCount: 5))])
            #expect(try writer.commit(subject: "s", expectedVersion: version, record: Self.record(launches: launches), donations: changes))
            for _ in 0..<3 {
                let stored = try store.load(subject: "s")
                #expect(stored.record == Self.record(launches: launches) && stored.version == launches)
                #expect(try other.load(subject: "s").version == launches)
            }
        }
    }

    /// A log that the loaded record's sizes say is empty is not read; the next load after
    /// another connection appended to it shows the appended donations.
    @Test func logsFollowTheLoadedRecord() throws {
        let folder = try TemporaryFolder()
        let store = try warmStore(folder)
        #expect(try store.donationLog(subject: "s", event: "viewed", since: nil).times.isEmpty)
        let other = try SQLiteStore(path: store.path)
        let version = try other.load(subject: "s").version
        let changes = DonationChanges(appends: [("viewed", Donation(time: 7, info: [.string("k")]), Retention(maxCount: 5))])
        #expect(try other.commit(subject: "s", expectedVersion: version, record: Self.record(launches: 2), donations: changes))
        #expect(try store.load(subject: "s").version == 2)
        let log = try store.donationLog(subject: "s", event: "viewed", since: nil)
        #expect(log.times == [7] && log.infos == [[.string("k")]])
        #expect(try store.donationLog(subject: "s", event: "launched", since: nil).times.isEmpty)
        // A store that never loaded the subject reads the file.
        #expect(try SQLiteStore(path: store.path).donations(subject: "s", event: "viewed", since: nil).map(\.time) == [7])
    }

    @Test func ownCommitsAreServedAndSeenByOthers() throws {
        let folder = try TemporaryFolder()
        let store = try warmStore(folder)
        #expect(try store.commit(subject: "s", expectedVersion: 1, record: Self.record(launches: 3), donations: .none))
        #expect(try store.load(subject: "s").version == 2)
        #expect(try store.load(subject: "s").record == Self.record(launches: 3))
        let other = try SQLiteStore(path: store.path)
        #expect(try other.load(subject: "s").record == Self.record(launches: 3))
    }

    /// Two connections appending in turn to a log of at most 3: each must count what the other
    /// appended, so the log keeps exactly the 3 newest (sizes cached from a connection's own
    /// commit must not be used once another has committed).
    @Test func retentionCountsDonationsAppendedByAnotherConnection() throws {
        let folder = try TemporaryFolder()
        let stores = [try SQLiteStore(path: folder.file("log.db")), try SQLiteStore(path: folder.file("log.db"))]
        for time in Int64(1)...8 {
            let store = stores[Int(time) % 2]
            let stored = try store.load(subject: "s")
            let changes = DonationChanges(appends: [("viewed", Donation(time: time), Retention(maxCount: 3))])
            #expect(try store.commit(subject: "s", expectedVersion: stored.version, record: Self.record(launches: time), donations: changes))
            #expect(try stores[0].donations(subject: "s", event: "viewed", since: nil).map(\.time) == Array(max(1, time - 2)...time))
            #expect(try stores[1].donationLog(subject: "s", event: "viewed", since: nil).times == Array(max(1, time - 2)...time))
        }
    }

    /// Two connections commit donations from the same version: the loser's appends take the same
    /// place in the log as the winner's (same instant, same version), and must end in a conflict
    /// (false), not an error, leaving the winner's log as it was.
    @Test(arguments: [Int64(5), 6])
    func aLosingCommitWithDonationsIsAConflict(loserTime: Int64) throws {
        let folder = try TemporaryFolder()
        let stores = [try SQLiteStore(path: folder.file("race.db")), try SQLiteStore(path: folder.file("race.db"))]
        let changes = { (time: Int64) in DonationChanges(appends: [("viewed", Donation(time: time), Retention(maxCount: 10))]) }
        #expect(try stores[0].commit(subject: "s", expectedVersion: 0, record: Self.record(launches: 1), donations: changes(1)))
        #expect(try stores[1].load(subject: "s").version == 1)
        #expect(try stores[0].commit(subject: "s", expectedVersion: 1, record: Self.record(launches: 2), donations: changes(5)))
        #expect(try stores[1].commit(subject: "s", expectedVersion: 1, record: Self.record(launches: 9), donations: changes(loserTime)) == false)
        #expect(try stores[1].load(subject: "s").record == Self.record(launches: 2))
        #expect(try stores[1].donations(subject: "s", event: "viewed", since: nil).map(\.time) == [1, 5])
    }

    /// With the record cache off (for measuring the file), the store answers as with it on:
    /// records, versions, logs, and a stale compare-and-set refused.
    @Test func theRecordCacheOffAnswersTheSame() throws {
        let folder = try TemporaryFolder()
        for caches in [true, false] {
            let store = try SQLiteStore(path: folder.file("\(caches).db"))
            store.cachesRecords = caches
            #expect(store.cachesRecords == caches)
            let append = { (time: Int64) in DonationChanges(appends: [("viewed", Donation(time: time, info: []), Retention(maxCount: 2))]) }
            #expect(try store.commit(subject: "s", expectedVersion: 0, record: Self.record(launches: 1), donations: append(1)))
            let first = try store.load(subject: "s")
            #expect(first.version == 1 && first.record == Self.record(launches: 1))
            #expect(try store.commit(subject: "s", expectedVersion: 1, record: Self.record(launches: 2), donations: append(2)))
            #expect(try store.commit(subject: "s", expectedVersion: 2, record: Self.record(launches: 3), donations: append(3)))
            #expect(try store.commit(subject: "s", expectedVersion: 2, record: Self.record(launches: 9), donations: .none) == false)
            let last = try store.load(subject: "s")
            #expect(last.version == 3 && last.record == Self.record(launches: 3))
            #expect(try store.donations(subject: "s", event: "viewed", since: nil).map(\.time) == [2, 3])
            #expect(try store.load(subject: "nobody").version == 0)
        }
    }
}
