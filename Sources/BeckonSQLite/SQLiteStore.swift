public import BeckonCore
public import BeckonRules
import Synchronization

/// The embedded default store: one SQLite file in WAL mode, shared safely by every process and
/// thread that opens it.
///
/// Each `commit` is one transaction (the donation-log changes and their retention, then the
/// compare-and-set of the record), so a decision and its bookkeeping are atomic across
/// processes; a failure rolls everything back. Reads never wait for a writer. One connection
/// per store, used under a lock; open one store per thread for parallel writers.
///
/// Records are cached in memory, decoded, and served again while SQLite's `data_version`
/// shows that no other connection (here or in another process) has committed since: a write
/// anywhere is seen by the next `load`. While the WAL index shows no commit at all since the
/// last check, a cached record is served with no call into SQLite (see `WalIndexWatch`).
///
/// Opening refuses, leaving the file untouched, a file that is not a Beckon store or is corrupt
/// (`.corrupt`), one written by a newer Beckon (`.corrupt`), and a new store in a location that
/// cannot be written or a file locked past `busyTimeout` (`.unavailable`).
///
/// A store that exists but cannot be written (the file's mode, its folder's, a read-only mount)
/// opens read-only: reads work, and every `commit` fails with `.unavailable` saying that the
/// store is read-only, leaving the file as it was.
///
/// Subjects are listed, erased (an explicit erase leaves no byte of the subject in the file or
/// its log) and restored whole: see `SQLiteStore+SubjectData.swift`.
public final class SQLiteStore: Store {
    /// The file, as given.
    public let path: String
    /// Why the store was opened read-only (the system's reason), or nil when it can be written.
    public let readOnlyReason: String?
    let session: Mutex<SQLiteSession>
    let logCache = Mutex(LogCache())

    /// Opens the store at `path`, creating the file and its folders if missing.
    ///
    /// - Parameters:
    ///   - synchronous: how durable an acknowledged commit is (see `SQLiteSynchronous`).
    ///   - busyTimeout: how long a write waits for another process's lock, in milliseconds,
    ///     before failing with `.unavailable`.
    public init(path: String, synchronous: SQLiteSynchronous = .normal, busyTimeout: Int64 = 5000) throws(StoreError) {
        guard !path.isEmpty else { throw StoreError(.unavailable, "the store path is empty") }
        // Swift would hand C the path cut at its first NUL: another file.
        guard !path.utf8.contains(0) else { throw StoreError(.unavailable, "the store path \(Value.string(path)) contains a NUL character") }
        try StoreFile.createFolders(containing: path)
        try StoreFile.checkHeader(of: path)
        let (connection, readOnlyReason) = try Self.connect(path: path, synchronous: synchronous, busyTimeout: busyTimeout)
        self.path = path
        self.readOnlyReason = readOnlyReason
        session = Mutex(try SQLiteSession(connection: connection))
    }

    /// Whether records are kept in memory between loads (true by default). Off, every `load`
    /// reads its record from the file, as a subject not among the cached ones is: for measuring
    /// what the file costs, not for use.
    @_spi(Benchmarks) public var cachesRecords: Bool {
        get { session.withLock { $0.cachesRecords } }
        set { session.withLock { $0.cachesRecords = newValue } }
    }

    /// A connection ready for the current schema: read-write when the file and its folder can be
    /// written, else read-only with the reason.
    private static func connect(path: String, synchronous: SQLiteSynchronous,
                                busyTimeout: Int64) throws(StoreError) -> (SQLiteConnection, String?) {
        if StoreFile.writeProblem(of: path) == nil {
            let connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
            // SQLite opens read-only, silently, a file it cannot write after all.
            if !connection.isReadOnly {
                try SQLiteSchema.open(connection, synchronous: synchronous)
                return (connection, nil)
            }
        }
        let reason = StoreFile.writeProblem(of: path) ?? "SQLite cannot write it"
        guard StoreFile.exists(path) else {
            throw StoreError(.unavailable, "cannot open the store \(path): \(reason)")
        }
        do {
            let connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout, access: .readOnly)
            try SQLiteSchema.openReadOnly(connection)
            return (connection, reason)
        } catch where error.kind == .unavailable {
            // The write-ahead log's index can be neither opened nor created next to the file
            // (a read-only folder or mount): read the file as it is, which nobody can change,
            // unless a log left by a process that stopped holds commits the file lacks.
            guard !StoreFile.hasWriteAheadLog(path) else { throw error }
            let connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout, access: .immutable)
            try SQLiteSchema.openReadOnly(connection)
            return (connection, reason)
        }
    }

    public func load(subject: String) throws(StoreError) -> StoredRecord {
        let (stored, erasures) = try session.withLock { session throws(StoreError) in (try session.load(subject: subject), session.erasures) }
        logCache.withLock { $0.loaded(subject: subject, version: stored.version, erasures: erasures) }
        return stored
    }

    public func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        try requireWritable()
        // Encoded before taking the lock: other threads need not wait for it.
        let bytes = SubjectRecordCodec.encode(record)
        let infos = donations.appends.map { $0.donation.info.isEmpty ? nil : DonationInfoCodec.encode($0.donation.info) }
        logCache.withLock { $0.forget(subject: subject) }
        return try session.withLock { session throws(StoreError) in
            try session.commit(subject: subject, expectedVersion: expectedVersion, record: record, bytes: bytes, donations: donations, infos: infos)
        }
    }

    /// Stores the records of many subjects not stored yet (at version 1, with empty donation
    /// logs) in one transaction, as when seeding a store; a subject already stored is left as
    /// it is. Returns how many were stored. Nothing is stored when it fails.
    public func insertNewSubjects(_ records: [(subject: String, record: SubjectRecord)]) throws(StoreError) -> Int {
        try requireWritable()
        return try session.withLock { session throws(StoreError) in try session.insertNew(records) }
    }

    func requireWritable() throws(StoreError) {
        if let readOnlyReason {
            throw StoreError(.unavailable, "cannot write to the store \(path): it is read-only (\(readOnlyReason))")
        }
    }

    public func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        try donationLog(subject: subject, event: event, since: since).donations
    }

    /// The log as of the caller's last `load` of the subject, or newer. A log read at a record
    /// version is reused while loads keep returning that version: every commit, from any
    /// process, changes the version, so the reused log always matches the record just loaded.
    public func donationLog(subject: String, event: String, since: Int64?) throws(StoreError) -> DonationLog {
        if let cached = logCache.withLock({ $0.log(subject: subject, event: event, since: since) }) { return cached }
        let version = logCache.withLock { $0.loadedVersion[subject] }
        let log = try session.withLock { session throws(StoreError) in
            try session.log(subject: subject, event: event, since: since, loadedVersion: version)
        }
        if let version { logCache.withLock { $0.store(log, subject: subject, event: event, since: since, version: version) } }
        return log
    }
}
