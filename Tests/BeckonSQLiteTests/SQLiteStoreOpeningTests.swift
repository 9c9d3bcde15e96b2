import BeckonCore
import BeckonRules
import BeckonSQLite
import Foundation
import Testing
import BeckonTestSupport

/// Opening a store: what is kept, and every file or place that is refused, with its message and
/// the file left as it was.
@Suite struct SQLiteStoreOpeningTests {
    static let record: SubjectRecord = {
        var record = SubjectRecord()
        record.parameters["plan"] = .string("pro")
        record.events["appLaunched"] = EventCounters(count: 3, first: 10, last: 30)
        record.tips["welcome"] = TipRecord(displayCount: 1, firstDisplay: 20, lastDisplay: 20, invalidation: .tipClosed)
        return record
    }()

    static let launches = DonationChanges(appends: [10, 20, 30].map { ("appLaunched", Donation(time: $0, info: [.int($0)]), Retention(maxCount: 1000)) })

    /// Opens a store at `path`, commits `record` and `launches` as alice's first version, and
    /// closes it (the store is released on return).
    static func writeAliceAndClose(at path: String) throws {
        let store = try SQLiteStore(path: path)
        #expect(try store.commit(subject: "alice", expectedVersion: 0, record: record, donations: launches))
    }

    @Test func createsTheFileAndItsFoldersAndReopeningKeepsTheData() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("a/b/c/beckon.db")
        try Self.writeAliceAndClose(at: path)
        #expect(FileManager.default.fileExists(atPath: path))
        let reopened = try SQLiteStore(path: path)
        let stored = try reopened.load(subject: "alice")
        #expect(stored.version == 1)
        #expect(stored.record == Self.record)
        #expect(try reopened.donations(subject: "alice", event: "appLaunched", since: nil)
            == [10, 20, 30].map { Donation(time: $0, info: [.int($0)]) })
        #expect(try reopened.commit(subject: "alice", expectedVersion: 1, record: SubjectRecord(), donations: .none))
        #expect(try SQLiteStore(path: path).load(subject: "alice").version == 2)
    }

    /// The last store to close checkpoints its log and leaves it empty beside the file, with its
    /// index, so the next process creates and deletes no file; what it committed is in the file.
    @Test func aClosedStoreLeavesAnEmptyLogAndItsIndex() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        try Self.writeAliceAndClose(at: path)
        let log = try FileManager.default.attributesOfItem(atPath: path + "-wal")
        #expect(log[.size] as? Int == 0)
        #expect(FileManager.default.fileExists(atPath: path + "-shm"))
        #expect(try SQLiteStore(path: path).load(subject: "alice").record == Self.record)
    }

    @Test func theFileIsInWALModeWithTheCurrentSchema() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        _ = try SQLiteStore(path: path, synchronous: .full)
        let raw = try RawSQLite(path)
        #expect(try raw.text("PRAGMA journal_mode") == "wal")
        #expect(try raw.text("PRAGMA page_size") == "1024")
        #expect(try raw.text("PRAGMA user_version") == "3")
        #expect(try raw.text("PRAGMA application_id") == String(0x4265_6B6E))
        #expect(try raw.text("PRAGMA integrity_check") == "ok")
    }

    @Test func aStoreFromANewerBeckonIsRefused() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        do {
            let store = try SQLiteStore(path: path)
            #expect(try store.commit(subject: "s", expectedVersion: 0, record: Self.record, donations: .none))
        }
        try RawSQLite(path).execute("PRAGMA user_version = 7")
        let error = try #require(throws: StoreError.self) { try SQLiteStore(path: path) }
        #expect(error.kind == .corrupt)
        #expect(error.message == "the store \(path) was written by a newer Beckon (schema 7; this one reads up to 3)")
        #expect(try RawSQLite(path).text("PRAGMA user_version") == "7")
    }

    @Test(arguments: [("random bytes", 8192), ("a few random bytes", 37), ("one byte", 1)])
    func garbageIsRefusedAndLeftUntouched(kind: String, size: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        var generator = SplitMix64(seed: UInt64(size))
        let garbage = (0..<size).map { _ in UInt8.random(in: 0...255, using: &generator) }
        try write(garbage, to: path)
        let error = try #require(throws: StoreError.self) { try SQLiteStore(path: path) }
        #expect(error.kind == .corrupt, "\(kind)")
        #expect(error.message.hasPrefix("\(path) is not a Beckon store or is corrupt"), "\(error.message)")
        #expect(contents(of: path) == garbage, "the \(kind) changed")
    }

    @Test func aTextFileIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("notes.txt")
        let text = Array("These are my notes, not a database.\n".utf8)
        try write(text, to: path)
        let error = try #require(throws: StoreError.self) { try SQLiteStore(path: path) }
        #expect(error.kind == .corrupt)
        #expect(contents(of: path) == text)
    }

    @Test(arguments: [0.5, 0.25, 0.9])
    func aTruncatedStoreIsRefusedAndLeftUntouched(fraction: Double) throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        do {
            let store = try SQLiteStore(path: path)
            for index in 0..<200 {
                #expect(try store.commit(subject: "subject-\(index)", expectedVersion: 0, record: Self.record, donations: Self.launches))
            }
        }
        let whole = contents(of: path)
        #expect(whole.count > 16_384)
        let truncated = Array(whole.prefix(Int(Double(whole.count) * fraction)))
        try write(truncated, to: path)
        let error = try #require(throws: StoreError.self) { try SQLiteStore(path: path) }
        #expect(error.kind == .corrupt)
        #expect(error.message.hasPrefix("\(path) is not a Beckon store or is corrupt"), "\(error.message)")
        #expect(contents(of: path) == truncated)
    }

    @Test func anotherApplicationsDatabaseIsRefusedAndLeftUntouched() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("other.db")
        do {
            let raw = try RawSQLite(path)
            try raw.execute("CREATE TABLE notes (id INTEGER PRIMARY KEY, text TEXT); INSERT INTO notes (text) VALUES ('hello')")
        }
        let before = contents(of: path)
        let error = try #require(throws: StoreError.self) { try SQLiteStore(path: path) }
        #expect(error.kind == .corrupt)
        #expect(error.message == "\(path) is not a Beckon store or is corrupt (it is a database of another application)")
        #expect(contents(of: path) == before)
    }

    @Test func aRecordThatCannotBeDecodedIsCorrupt() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("beckon.db")
        let store = try SQLiteStore(path: path)
        #expect(try store.commit(subject: "bob", expectedVersion: 0, record: Self.record, donations: .none))
        try RawSQLite(path).setRecord(of: "bob", to: [1, 0, 0, 0, 0])
        let error = try #require(throws: StoreError.self) { try store.load(subject: "bob") }
        #expect(error.kind == .corrupt)
        #expect(error.message == "the store \(path) is corrupt (subject \"bob\"): a stored subject record cannot be read: it ends early, at byte 5", "\(error.message)")
        // Other subjects are still fine.
        #expect(try store.load(subject: "alice").version == 0)
    }

    @Test func aPathUnderARegularFileIsUnavailable() throws {
        let error = try #require(throws: StoreError.self) { try SQLiteStore(path: "/dev/null/beckon.db") }
        #expect(error.kind == .unavailable)
        #expect(error.message == "cannot open the store /dev/null/beckon.db: Not a directory", "\(error.message)")
        let folder = try TemporaryFolder()
        let file = folder.file("plain")
        try write([1, 2, 3], to: file)
        let nested = try #require(throws: StoreError.self) { try SQLiteStore(path: file + "/deeper/beckon.db") }
        #expect(nested.kind == .unavailable)
        #expect(nested.message == "cannot create the folder \(file)/deeper for the store \(file)/deeper/beckon.db: Not a directory", "\(nested.message)")
    }

    @Test func anEmptyPathIsUnavailable() throws {
        let error = try #require(throws: StoreError.self) { try SQLiteStore(path: "") }
        #expect(error.kind == .unavailable)
    }

    /// Whether this process is refused writes to a folder with mode 0555: root is not (as in CI
    /// containers), and there `aPathUnderARegularFileIsUnavailable` covers an unwritable place.
    static let permissionsAreEnforced: Bool = {
        guard let folder = try? TemporaryFolder() else { return false }
        let locked = folder.file("locked")
        guard (try? FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)) != nil,
              (try? FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)) != nil else { return false }
        return !FileManager.default.createFile(atPath: locked + "/probe", contents: nil)
    }()

    @Test(.enabled(if: permissionsAreEnforced, "permissions are not enforced for this user (root); aPathUnderARegularFileIsUnavailable covers an unwritable location"))
    func aReadOnlyFolderIsUnavailable() throws {
        let folder = try TemporaryFolder()
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        // An existing store in the folder, then a new one to be created.
        let existing = locked + "/existing.db"
        do {
            let store = try SQLiteStore(path: existing)
            #expect(try store.commit(subject: "s", expectedVersion: 0, record: Self.record, donations: .none))
        }
        try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: locked)
        try FileManager.default.setAttributes([.posixPermissions: 0o444], ofItemAtPath: existing)
        let missing = try #require(throws: StoreError.self) { try SQLiteStore(path: locked + "/new.db") }
        #expect(missing.kind == .unavailable)
        #expect(missing.message == "cannot open the store \(locked)/new.db: Permission denied", "\(missing.message)")
        // The existing store opens for reading only (SQLiteStoreReadOnlyTests).
        let readOnly = try #require(throws: StoreError.self) {
            try SQLiteStore(path: existing).commit(subject: "s", expectedVersion: 1, record: SubjectRecord(), donations: .none)
        }
        #expect(readOnly.kind == .unavailable)
        #expect(readOnly.message == "cannot write to the store \(existing): it is read-only (Permission denied)", "\(readOnly.message)")
    }

    /// Failed opens close what they opened: no file descriptor is left behind.
    @Test func failedOpensLeakNoFileDescriptors() throws {
        let folder = try TemporaryFolder()
        let garbage = folder.file("garbage.db")
        try write(Array(repeating: 0x55, count: 4096), to: garbage)
        let newer = folder.file("newer.db")
        _ = try SQLiteStore(path: newer)
        try RawSQLite(newer).execute("PRAGMA user_version = 99")
        for _ in 0..<20 {
            #expect(throws: StoreError.self) { try SQLiteStore(path: garbage) }
            #expect(throws: StoreError.self) { try SQLiteStore(path: newer) }
            _ = try SQLiteStore(path: folder.file("fine.db"))
        }
        #expect(try descriptors(under: folder.path) == [])
    }

    /// Open file descriptors of this process on files in `folder` (other tests running at the
    /// same time open their own files elsewhere, so counting all would be unreliable).
    private func descriptors(under folder: String) throws -> [String] {
        let fds = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")
        return fds.compactMap { try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + $0) }
            .filter { $0.hasPrefix(folder) }
    }
}
