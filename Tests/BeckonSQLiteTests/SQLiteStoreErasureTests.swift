import BeckonCore
import BeckonRules
import BeckonSQLite
import BeckonTestSupport
import Foundation
import Testing

/// An erased subject leaves no byte in the store's files (issue 27, acceptance 3): not in the
/// database, whose b-trees are deep enough to keep keys in interior pages, nor in the
/// write-ahead log; and the other subjects are as they were.
@Suite struct SQLiteStoreErasureTests {
    static let subjectCount = 3000
    /// Commits per subject.
    static let passes = 3

    static func id(_ index: Int) -> String { String(format: "subject-%05d", index) }

    /// The info a subject's donations carry in its `pass` commit: one value of its own.
    static func payload(_ index: Int, pass: Int) -> String { String(format: "payload-%05d-%d!", index, pass) }

    /// A store of `subjectCount` subjects, written in a seeded random order, `passes` times
    /// each: later commits rewrite a grown record (freeing the former cell) and append past the
    /// log's bound, as a store in use does.
    static func populate(_ store: SQLiteStore) throws {
        var random = SplitMix64(seed: 27)
        for pass in 0..<Self.passes {
            for index in (0..<subjectCount).shuffled(using: &random) {
                var record = SubjectRecord()
                record.events["viewed"] = EventCounters(count: Int64(3 * (pass + 1)), first: 1, last: Int64(3 * (pass + 1)))
                record.parameters["note"] = .string(payload(index, pass: pass))
                // Records grow as subjects do more: a grown cell moves within its page or to another.
                record.parameters["history"] = .string(String(repeating: "h", count: 30 * pass + index % 40))
                let appends = (0..<3).map { offset in
                    ("viewed", Donation(time: Int64(10 * pass + offset), info: [.string(payload(index, pass: pass))]), Retention(maxCount: 4))
                }
                #expect(try store.commit(subject: id(index), expectedVersion: Int64(pass), record: record, donations: DonationChanges(appends: appends)))
            }
        }
    }

    /// The ids found in the interior pages of the b-trees keyed by subject (the primary key's
    /// index of `subjects`, and `donations`), after a checkpoint has put every page in the file.
    static func idsInInteriorPages(of path: String) throws -> (pages: Int, ids: Set<String>) {
        let raw = try RawSQLite(path)
        try raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        let pageSize = Int(try raw.text("PRAGMA page_size") ?? "0")!
        let list = try raw.text("""
            SELECT group_concat(pageno) FROM dbstat WHERE pagetype = 'internal' AND name IN ('sqlite_autoindex_subjects_1', 'donations')
            """) ?? ""
        let pages = list.split(separator: ",").map { Int($0)! }
        let bytes = contents(of: path)
        var ids: Set<String> = []
        for page in pages {
            let text = String(decoding: bytes[(page - 1) * pageSize..<page * pageSize], as: UTF8.self)
            for match in text.matches(of: /subject-\d{5}/) { ids.insert(String(match.output)) }
        }
        return (pages.count, ids)
    }

    /// Whether the database or its write-ahead log holds `text`'s bytes.
    static func filesHold(_ text: String, _ path: String) -> Bool {
        let needle = Data(text.utf8)
        return [path, path + "-wal"].contains { Data(contents(of: $0)).range(of: needle) != nil }
    }

    @Test func anErasedSubjectLeavesNoByteInTheFiles() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("erase.db")
        let store = try SQLiteStore(path: path)
        // Another connection, open and idle, as a server's would be.
        let other = try SQLiteStore(path: path)
        try Self.populate(store)
        let (interiorPages, dividers) = try Self.idsInInteriorPages(of: path)
        #expect(interiorPages > 4)
        // Subjects whose ids are dividers of interior pages, and others.
        let sortedDividers = dividers.sorted()
        try #require(sortedDividers.count >= 6)
        // Dividers, the first and last subjects, and a spread of others: copies that b-tree
        // balancing leaves in pages are rare (with SQLite's own build, which zeroes what commits
        // free, about one subject in a hundred), so many are looked for.
        let spread = stride(from: 0, to: Self.subjectCount, by: 25).map(Self.id)
        let targets = Array(Set(sortedDividers.prefix(10) + sortedDividers.suffix(10) + spread + [Self.id(Self.subjectCount - 1)])).sorted()
        let kept = (0..<Self.subjectCount).map(Self.id).filter { !targets.contains($0) }
        let sampled = stride(from: 0, to: kept.count, by: 7).map { kept[$0] }
        let before = try sampled.map { try other.snapshot(subject: $0) }
        for target in targets {
            let index = Int(target.suffix(5))!
            let traces = [target] + (0..<Self.passes).map { Self.payload(index, pass: $0) }
            // What is looked for is there to be found.
            #expect(traces.allSatisfy { Self.filesHold($0, path) }, "\(target) before erasing")
            #expect(try store.erase(subject: target, activeBefore: nil))
            #expect(traces.filter { Self.filesHold($0, path) } == [], "\(target) after erasing")
        }
        #expect(try other.subjects(after: nil, limit: Self.subjectCount).map(\.subject) == kept)
        #expect(try sampled.map { try other.snapshot(subject: $0) } == before)
        #expect(try sampled.map { try SQLiteStore(path: path).snapshot(subject: $0) } == before)
    }

    /// While another connection reads, the log cannot be truncated: the erase waits for the busy
    /// timeout, then says what is left; the subject is erased all the same, and the next erase,
    /// once the reader is done, leaves nothing.
    @Test func anEraseBlockedByAReaderSaysWhatIsLeft() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("busy.db")
        let store = try SQLiteStore(path: path, busyTimeout: 200)
        for (index, subject) in ["first", "second"].enumerated() {
            let appends = [("viewed", Donation(time: 1, info: [.string("secret-\(index)")]), Retention(maxCount: 5))]
            #expect(try store.commit(subject: subject, expectedVersion: 0, record: SubjectRecord(), donations: DonationChanges(appends: appends)))
        }
        let reader = try RawSQLite(path)
        try reader.execute("BEGIN")
        _ = try reader.text("SELECT count(*) FROM donations")
        let error = #expect(throws: StoreError.self) { try store.erase(subject: "first", activeBefore: nil) }
        #expect(error?.kind == .unavailable)
        #expect(error?.message.contains("the subject \"first\" is erased from the store \(path), but earlier copies of its rows remain in the write-ahead log \(path)-wal") == true)
        #expect(try store.load(subject: "first").version == 0)
        #expect(Self.filesHold("secret-0", path))
        try reader.execute("COMMIT")
        #expect(try store.erase(subject: "second", activeBefore: nil))
        #expect(!Self.filesHold("secret-0", path) && !Self.filesHold("secret-1", path))
    }

    /// Expiry's erase (`activeBefore` given) deletes the rows with `secure_delete`, without
    /// rebuilding the file: its rows are gone, other subjects kept.
    @Test func expiryErasesTheRowsWithoutRebuildingTheFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("expiry.db")
        let store = try SQLiteStore(path: path)
        for subject in ["old", "kept"] {
            let appends = [("viewed", Donation(time: 1, info: [.string("info-\(subject)")]), Retention(maxCount: 5))]
            #expect(try store.commit(subject: subject, expectedVersion: 0, record: SubjectRecord(), donations: DonationChanges(appends: appends)))
        }
        #expect(try store.erase(subject: "old", activeBefore: .max))
        let raw = try RawSQLite(path)
        #expect(try raw.text("SELECT count(*) FROM donations WHERE subject = 'old'") == "0")
        #expect(try raw.text("SELECT group_concat(subject) FROM subjects") == "kept")
        #expect(try raw.text("SELECT count FROM erasures") == "1")
    }
}
