import BeckonClock
import BeckonCore
import BeckonRules
import BeckonSQLite
import BeckonTestSupport
import Foundation
import Synchronization
import Testing

/// The `Store` contract of users' data (listing, erasing and restoring whole subjects), run over
/// `MemoryStore` (the reference) and `SQLiteStore` on a real file, whose state is also read
/// through a second connection, as another process would.
///
/// These tests set `HostClock`, which is process-wide: the suite is serialized, and the
/// migration test, which reads it too, lives here.
@Suite(.serialized) struct SubjectDataContractTests {
    enum Kind: String, CaseIterable, CustomTestStringConvertible {
        case memory, sqlite
        var testDescription: String { rawValue }
    }

    /// A fresh store of a kind, and a second handle on the same data.
    struct Fixture {
        let store: any Store
        let other: any Store
        let folder: TemporaryFolder?

        init(_ kind: Kind) throws {
            switch kind {
            case .memory:
                store = MemoryStore(clock: HostClock.now)
                other = store
                folder = nil
            case .sqlite:
                let folder = try TemporaryFolder()
                store = try SQLiteStore(path: folder.file("data.db"))
                other = try SQLiteStore(path: folder.file("data.db"))
                self.folder = folder
            }
        }

        /// Both handles.
        var handles: [any Store] { [store, other] }
    }

    static func record(_ launches: Int64, plan: String = "free") -> SubjectRecord {
        var record = SubjectRecord()
        record.events["launched"] = EventCounters(count: launches, first: 1, last: launches)
        record.parameters["plan"] = .string(plan)
        return record
    }

    /// Commits a record over whatever version is stored, with `appends` to event "launched".
    @discardableResult
    static func commit(_ store: any Store, _ subject: String, launches: Int64, appends: [Donation] = []) throws -> Int64 {
        let version = try store.load(subject: subject).version
        let changes = DonationChanges(appends: appends.map { ("launched", $0, Retention(maxCount: 100)) })
        #expect(try store.commit(subject: subject, expectedVersion: version, record: record(launches), donations: changes))
        return version + 1
    }

    // MARK: Listing

    /// Ids that ASCII order, prefixes, case and multi-byte UTF-8 all tell apart; stored in an
    /// order that is none of theirs. (Not two spellings of one character, "é" and "e\u{301}":
    /// Swift's strings take them for one id, the SQLite store for two.)
    static let ids = ["b", "ab", "a", "é", "Z", "日本", "a b", "ä", "z", "abc", "😀", "aa"]

    @Test(arguments: Kind.allCases)
    func subjectsAreListedByTheirIdsUTF8Bytes(kind: Kind) throws {
        defer { HostClock.set(nil) }
        let fixture = try Fixture(kind)
        for (index, id) in Self.ids.enumerated() {
            HostClock.set(1000 + Int64(index))
            try Self.commit(fixture.store, id, launches: 1)
        }
        let expected = Self.ids.sorted(by: StoredSubject.precedes)
        // The byte order, spelled out.
        #expect(expected == ["Z", "a", "a b", "aa", "ab", "abc", "b", "z", "ä", "é", "日本", "😀"])
        for handle in fixture.handles {
            let listed = try handle.subjects(after: nil, limit: 100)
            #expect(listed.map(\.subject) == expected)
            #expect(listed.map(\.lastActive) == expected.map { 1000 + Int64(Self.ids.firstIndex(of: $0)!) })
        }
    }

    @Test(arguments: Kind.allCases, [0, 1, 2, 5, 11, 12, 100])
    func pagingWithACursorListsEachSubjectOnce(kind: Kind, limit: Int) throws {
        let fixture = try Fixture(kind)
        for id in Self.ids { try Self.commit(fixture.store, id, launches: 1) }
        let expected = Self.ids.sorted(by: StoredSubject.precedes)
        for handle in fixture.handles {
            guard limit > 0 else {
                #expect(try handle.subjects(after: nil, limit: 0).isEmpty)
                continue
            }
            var listed: [String] = []
            var cursor: String?
            while true {
                let page = try handle.subjects(after: cursor, limit: limit)
                #expect(page.count <= limit)
                listed += page.map(\.subject)
                guard page.count == limit, let last = page.last else { break }
                cursor = last.subject
            }
            #expect(listed == expected)
        }
    }

    /// The cursor need not be a stored id; listing is strictly after it.
    @Test(arguments: Kind.allCases, [("a", ["a b", "aa", "ab"]), ("a\u{0}", ["a b", "aa", "ab"]), ("ab", ["abc", "b", "z"]),
                                     ("", ["Z", "a", "a b"]), ("😀", []), ("zz", ["ä", "é", "日本"])])
    func listingIsStrictlyAfterTheCursor(kind: Kind, page: (cursor: String, expected: [String])) throws {
        let fixture = try Fixture(kind)
        for id in Self.ids { try Self.commit(fixture.store, id, launches: 1) }
        #expect(try fixture.other.subjects(after: page.cursor, limit: 3).map(\.subject) == page.expected)
    }

    /// For any ids (the empty one, prefixes, multi-byte characters; no two spellings of one
    /// character), any cursor and any limit, a page is the ids after the cursor in byte order,
    /// the first `limit` of them (seeded: the same cases on every run).
    @Test(arguments: Kind.allCases)
    func aPageIsTheFirstIdsAfterTheCursorInByteOrder(kind: Kind) throws {
        let fixture = try Fixture(kind)
        var random = SplitMix64(seed: 2027)
        let alphabet = ["a", "b", "A", "0", " ", "é", "ä", "日", "😀", "\u{7F}"]
        func id() -> String { (0..<random.below(5)).map { _ in random.pick(alphabet) }.joined() }
        var stored: Set<String> = []
        for _ in 0..<150 { stored.insert(id()) }
        for subject in stored { try Self.commit(fixture.store, subject, launches: 1) }
        let ordered = stored.sorted(by: StoredSubject.precedes)
        for _ in 0..<40 {
            let cursor = random.below(4) == 0 ? nil : id()
            let limit = random.below(40)
            let expected = Array(ordered.filter { id in cursor.map { StoredSubject.precedes($0, id) } ?? true }.prefix(limit))
            for handle in fixture.handles {
                #expect(try handle.subjects(after: cursor, limit: limit).map(\.subject) == expected, "after \(String(describing: cursor)), limit \(limit)")
            }
        }
    }

    @Test(arguments: Kind.allCases)
    func lastActivityIsTheHostClockAtTheLastCommitOrRestore(kind: Kind) throws {
        defer { HostClock.set(nil) }
        let fixture = try Fixture(kind)
        HostClock.set(5_000)
        try Self.commit(fixture.store, "a", launches: 1)
        HostClock.set(6_000)
        try Self.commit(fixture.store, "b", launches: 1)
        HostClock.set(7_000)
        try Self.commit(fixture.store, "a", launches: 2)
        #expect(try fixture.other.subjects(after: nil, limit: 10) == [StoredSubject(subject: "a", lastActive: 7_000), StoredSubject(subject: "b", lastActive: 6_000)])
        HostClock.set(8_000)
        let version = try fixture.store.load(subject: "b").version
        #expect(try fixture.store.restore(subject: "b", expectedVersion: version, snapshot: SubjectSnapshot(record: Self.record(3), version: version + 1)))
        #expect(try fixture.other.subjects(after: "a", limit: 10) == [StoredSubject(subject: "b", lastActive: 8_000)])
    }

    // MARK: Erasing

    /// Erase by `activeBefore`: a subject last active at 2,000 is erased only by a bound above it.
    @Test(arguments: Kind.allCases, [(nil, true), (1_999, false), (2_000, false), (2_001, true)] as [(Int64?, Bool)])
    func eraseTakesOnlySubjectsInactiveBeforeTheBound(kind: Kind, bound: (activeBefore: Int64?, erases: Bool)) throws {
        let (activeBefore, erases) = bound
        defer { HostClock.set(nil) }
        let fixture = try Fixture(kind)
        HostClock.set(2_000)
        try Self.commit(fixture.store, "gone", launches: 3, appends: [Donation(time: 10, info: [.string("secret")])])
        try Self.commit(fixture.store, "kept", launches: 1, appends: [Donation(time: 11)])
        let kept = try fixture.store.snapshot(subject: "kept")
        #expect(try fixture.store.erase(subject: "never", activeBefore: activeBefore) == false)
        #expect(try fixture.store.erase(subject: "gone", activeBefore: activeBefore) == erases)
        for handle in fixture.handles {
            #expect(try handle.snapshot(subject: "kept") == kept)
            #expect(try handle.subjects(after: nil, limit: 10).map(\.subject) == (erases ? ["kept"] : ["gone", "kept"]))
            guard erases else { continue }
            let loaded = try handle.load(subject: "gone")
            #expect(loaded.version == 0 && loaded.record == SubjectRecord())
            #expect(try handle.donations(subject: "gone", event: "launched", since: nil).isEmpty)
            #expect(try handle.snapshot(subject: "gone") == nil)
        }
        if erases { #expect(try fixture.other.erase(subject: "gone", activeBefore: nil) == false) }
    }

    /// An erased subject stored again, by a commit or a restore, starts afresh at the version
    /// of its former life: only its new donations, through either handle (whose caches had seen
    /// the former life at that version).
    @Test(arguments: Kind.allCases, [false, true])
    func anErasedSubjectStoredAgainStartsAfresh(kind: Kind, byRestore: Bool) throws {
        let fixture = try Fixture(kind)
        let new = Donation(time: 2, info: [.string("new")])
        for handle in fixture.handles {
            try Self.commit(fixture.store, "s", launches: 1, appends: [Donation(time: 1, info: [.string("old")])])
            // Both handles read (and may cache) the subject's first life.
            for reader in fixture.handles {
                #expect(try reader.load(subject: "s").version == 1)
                #expect(try reader.donations(subject: "s", event: "launched", since: nil).map(\.info) == [[.string("old")]])
            }
            #expect(try handle.erase(subject: "s", activeBefore: nil))
            if byRestore {
                let snapshot = SubjectSnapshot(record: Self.record(1), version: 1, logs: ["launched": [new]])
                #expect(try handle.restore(subject: "s", expectedVersion: 0, snapshot: snapshot))
            } else {
                try Self.commit(handle, "s", launches: 1, appends: [new])
            }
            for reader in fixture.handles {
                #expect(try reader.load(subject: "s").version == 1)
                #expect(try reader.donations(subject: "s", event: "launched", since: nil) == [new])
            }
            #expect(try handle.erase(subject: "s", activeBefore: nil))
        }
    }

    // MARK: Restoring

    /// Logs with equal instants (kept in their order), an event without info, an empty log.
    static let snapshot = SubjectSnapshot(record: snapshotRecord, version: 7, logs: [
        "launched": [Donation(time: 5, info: [.string("first")]), Donation(time: 5, info: [.string("second")]), Donation(time: 9)],
        "viewed": [Donation(time: 3), Donation(time: 3)],
    ])

    static var snapshotRecord: SubjectRecord {
        var record = record(4, plan: "pro")
        record.events["viewed"] = EventCounters(count: 2, first: 3, last: 3)
        return record
    }

    @Test(arguments: Kind.allCases)
    func restoreWritesExactlyTheSnapshotWhenTheVersionMatches(kind: Kind) throws {
        let fixture = try Fixture(kind)
        // Stored first with another record and logs of another event, which restore replaces.
        try Self.commit(fixture.store, "s", launches: 1, appends: [Donation(time: 1, info: [.string("old")])])
        #expect(try fixture.store.commit(subject: "s", expectedVersion: 1, record: Self.record(2),
                                         donations: DonationChanges(appends: [("clicked", Donation(time: 2), Retention(maxCount: 5))])))
        for handle in fixture.handles { _ = try handle.donations(subject: "s", event: "clicked", since: nil) }
        // A stale or too-new expected version changes nothing.
        for stale: Int64 in [0, 1, 3] {
            #expect(try fixture.store.restore(subject: "s", expectedVersion: stale, snapshot: Self.snapshot) == false)
        }
        #expect(try fixture.other.load(subject: "s").version == 2)
        #expect(try fixture.store.restore(subject: "s", expectedVersion: 2, snapshot: Self.snapshot))
        for handle in fixture.handles {
            #expect(try handle.snapshot(subject: "s") == Self.snapshot)
            #expect(try handle.donations(subject: "s", event: "clicked", since: nil).isEmpty)
            #expect(try handle.donations(subject: "s", event: "launched", since: 6) == [Donation(time: 9)])
        }
        // A commit after the restore appends after the restored donations of the same instant.
        #expect(try fixture.other.commit(subject: "s", expectedVersion: 7, record: Self.record(5),
                                         donations: DonationChanges(appends: [("launched", Donation(time: 5, info: [.string("third")]), Retention(maxCount: 100))])))
        for handle in fixture.handles {
            // Loaded first, as a decision does: a log is the one of the version last loaded.
            #expect(try handle.snapshot(subject: "s")?.logs["launched"]?.map(\.info) == [[.string("first")], [.string("second")], [.string("third")], []])
        }
    }

    @Test(arguments: Kind.allCases)
    func restoreCreatesANewSubjectAtExactlyTheSnapshotsVersion(kind: Kind) throws {
        let fixture = try Fixture(kind)
        #expect(try fixture.store.restore(subject: "new", expectedVersion: 1, snapshot: Self.snapshot) == false)
        #expect(try fixture.other.snapshot(subject: "new") == nil)
        #expect(try fixture.store.restore(subject: "new", expectedVersion: 0, snapshot: Self.snapshot))
        #expect(try fixture.store.restore(subject: "new", expectedVersion: 0, snapshot: Self.snapshot) == false)
        for handle in fixture.handles {
            #expect(try handle.load(subject: "new").version == 7)
            #expect(try handle.snapshot(subject: "new") == Self.snapshot)
        }
    }

    @Test(arguments: Kind.allCases, [0, -1] as [Int64])
    func restoreRefusesAVersionBelowOne(kind: Kind, version: Int64) throws {
        let fixture = try Fixture(kind)
        let error = #expect(throws: StoreError.self) {
            try fixture.store.restore(subject: "s", expectedVersion: 0, snapshot: SubjectSnapshot(record: Self.record(1), version: version))
        }
        #expect(error?.kind == .invalidData)
        #expect(try fixture.other.subjects(after: nil, limit: 10).isEmpty)
    }

    // MARK: Snapshot

    /// Set once the writer of a test has finished.
    final class Finished: Sendable {
        let flag = Atomic<Bool>(false)
    }

    /// A snapshot is one version's record and logs while another handle keeps committing: each
    /// version's record counts the donations logged up to it, which a mixed read would not match.
    @Test(arguments: Kind.allCases)
    func aSnapshotIsOneVersionsStateWhileAnotherHandleCommits(kind: Kind) throws {
        let fixture = try Fixture(kind)
        #expect(try fixture.store.snapshot(subject: "s") == nil)
        let writer = fixture.other, commits = 300
        let finished = Finished(), done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            defer {
                finished.flag.store(true, ordering: .releasing)
                done.signal()
            }
            for index in 1...commits {
                let changes = DonationChanges(appends: [("launched", Donation(time: Int64(index)), Retention(maxCount: commits))])
                guard (try? writer.commit(subject: "s", expectedVersion: Int64(index - 1), record: Self.record(Int64(index)), donations: changes)) == true else { return }
            }
        }
        while !finished.flag.load(ordering: .acquiring) {
            guard let snapshot = try fixture.store.snapshot(subject: "s", attempts: 1000) else { continue }
            #expect(snapshot.logs["launched"]?.map(\.time) == (1...snapshot.version).map { $0 })
            #expect(snapshot.record == Self.record(snapshot.version))
        }
        done.wait()
        let last = try #require(try fixture.store.snapshot(subject: "s"))
        #expect(last.version == Int64(commits) && last.logs["launched"]?.count == commits)
    }

    // MARK: Migration

    /// A store of schema 2, from before activity was kept, migrates on opening: its subjects are
    /// listed active at the migration's instant, with their data, and later commits and expiry
    /// use the column.
    @Test func aSchema2StoreMigratesWithItsSubjectsActiveAtTheMigration() throws {
        defer { HostClock.set(nil) }
        let folder = try TemporaryFolder()
        let path = folder.file("schema2.db")
        HostClock.set(1_000)
        do {
            let store = try SQLiteStore(path: path)
            for subject in ["b", "a"] { try Self.commit(store, subject, launches: 1, appends: [Donation(time: 3, info: [.string(subject)])]) }
        }
        let raw = try RawSQLite(path)
        try raw.removeSchema3()
        try raw.execute("PRAGMA user_version = 2")
        try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        HostClock.set(50_000)
        let store = try SQLiteStore(path: path)
        #expect(try raw.text("PRAGMA user_version") == "3")
        #expect(try store.subjects(after: nil, limit: 10) == [StoredSubject(subject: "a", lastActive: 50_000), StoredSubject(subject: "b", lastActive: 50_000)])
        #expect(try store.snapshot(subject: "a") == SubjectSnapshot(record: Self.record(1), version: 1, logs: ["launched": [Donation(time: 3, info: [.string("a")])]]))
        HostClock.set(60_000)
        try Self.commit(store, "a", launches: 2)
        #expect(try SQLiteStore(path: path).subjects(after: nil, limit: 10).map(\.lastActive) == [60_000, 50_000])
        #expect(try store.erase(subject: "a", activeBefore: 55_000) == false)
        #expect(try store.erase(subject: "b", activeBefore: 55_000))
        #expect(try store.subjects(after: nil, limit: 10).map(\.subject) == ["a"])
    }
}
