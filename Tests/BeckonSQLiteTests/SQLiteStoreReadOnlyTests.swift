import BeckonCore
import BeckonRules
import BeckonSQLite
import BeckonTestSupport
import Foundation
import Testing

/// A store that cannot be written (its file, or its folder as on a read-only mount) opens for
/// reading: loads work, and a commit fails with `.unavailable` saying the store is read-only,
/// leaving the file byte for byte as it was.
///
/// Run as root (file modes ignored), the file or folder is made immutable instead, which the
/// kernel refuses to write even for root; where neither works, the tests are skipped.
@Suite struct SQLiteStoreReadOnlyTests {
    enum Part: String, CaseIterable, Sendable { case file, folder }

    @Test(.enabled(if: ReadOnlyFiles.method != nil, "neither file modes nor chattr make a file read-only here"),
          arguments: Part.allCases)
    func aReadOnlyStoreCanBeReadButNotWritten(_ part: Part) throws {
        let folder = try TemporaryFolder()
        // Characters a URI would read (`?`, `&`, `#`, `%`): the read-only open must take them as
        // the file's name.
        let stateFolder = "state ?mode=memory&immutable=0#%41"
        let path = folder.file(stateFolder + "/beckon.db")
        do {
            let store = try SQLiteStore(path: path)
            #expect(try store.commit(subject: "alice", expectedVersion: 0, record: SQLiteStoreOpeningTests.record,
                                     donations: SQLiteStoreOpeningTests.launches))
        }
        let before = contents(of: path)
        let lockedPath = part == .file ? path : folder.file(stateFolder)
        try ReadOnlyFiles.makeReadOnly(lockedPath)
        defer { ReadOnlyFiles.makeWritable(lockedPath) }

        let store = try SQLiteStore(path: path)
        let reason = try #require(store.readOnlyReason)
        let stored = try store.load(subject: "alice")
        #expect(stored.version == 1)
        #expect(stored.record == SQLiteStoreOpeningTests.record)
        #expect(try store.donations(subject: "alice", event: "appLaunched", since: nil).map(\.time) == [10, 20, 30])

        let refused = try #require(throws: StoreError.self) {
            try store.commit(subject: "alice", expectedVersion: 1, record: SubjectRecord(), donations: .none)
        }
        #expect(refused.kind == .unavailable)
        #expect(refused.message == "cannot write to the store \(path): it is read-only (\(reason))")
        #expect(contents(of: path) == before)

        // Writable again, the store is as it was and takes writes.
        ReadOnlyFiles.makeWritable(lockedPath)
        let reopened = try SQLiteStore(path: path)
        #expect(reopened.readOnlyReason == nil)
        #expect(try reopened.commit(subject: "alice", expectedVersion: 1, record: SubjectRecord(), donations: .none))
    }

    /// A read-only place with no store yet has nothing to read: the store is unavailable.
    @Test(.enabled(if: ReadOnlyFiles.method != nil, "neither file modes nor chattr make a folder read-only here"))
    func aNewStoreInAReadOnlyFolderIsUnavailable() throws {
        let folder = try TemporaryFolder()
        let locked = folder.file("locked")
        try FileManager.default.createDirectory(atPath: locked, withIntermediateDirectories: false)
        try ReadOnlyFiles.makeReadOnly(locked)
        defer { ReadOnlyFiles.makeWritable(locked) }
        let error = try #require(throws: StoreError.self) { try SQLiteStore(path: locked + "/new.db") }
        #expect(error.kind == .unavailable)
        #expect(error.message.hasPrefix("cannot open the store \(locked)/new.db: "), "\(error.message)")
        #expect(!FileManager.default.fileExists(atPath: locked + "/new.db"))
    }

    /// In a read-only folder, a write-ahead log left with content (its index gone) may hold
    /// commits the file lacks: the store is unavailable rather than read without them.
    @Test(.enabled(if: ReadOnlyFiles.method != nil, "neither file modes nor chattr make a folder read-only here"))
    func aLeftOverLogInAReadOnlyFolderIsNotIgnored() throws {
        let folder = try TemporaryFolder()
        let locked = folder.file("locked")
        let path = locked + "/beckon.db"
        do {
            let store = try SQLiteStore(path: path)
            #expect(try store.commit(subject: "alice", expectedVersion: 0, record: SQLiteStoreOpeningTests.record, donations: .none))
        }
        // The log's index gone (a clean close keeps it beside an empty log).
        try FileManager.default.removeItem(atPath: path + "-shm")
        try write(Array(repeating: 0x2A, count: 64), to: path + "-wal")
        try ReadOnlyFiles.makeReadOnly(locked)
        defer { ReadOnlyFiles.makeWritable(locked) }
        let error = try #require(throws: StoreError.self) { try SQLiteStore(path: path) }
        #expect(error.kind == .unavailable)
    }
}
