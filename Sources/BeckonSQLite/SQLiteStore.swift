public import BeckonCore
public import BeckonRules
import Synchronization

/// The embedded default store: one SQLite file in WAL mode, shared safely by every process and
/// thread that opens it.
///
/// Each `commit` is one `BEGIN IMMEDIATE` transaction (compare-and-set of the record, then the
/// donation-log changes and their retention), so a decision and its bookkeeping are atomic
/// across processes; a failure rolls everything back. Reads never wait for a writer. One
/// connection per store, used under a lock; open one store per thread for parallel writers.
///
/// Opening refuses, leaving the file untouched, a file that is not a Beckon store or is corrupt
/// (`.corrupt`), one written by a newer Beckon (`.corrupt`), and a location that cannot be
/// written or a file locked past `busyTimeout` (`.unavailable`).
public final class SQLiteStore: Store {
    /// The file, as given.
    public let path: String
    private let session: Mutex<SQLiteSession>

    /// Opens the store at `path`, creating the file and its folders if missing.
    ///
    /// - Parameters:
    ///   - synchronous: how durable an acknowledged commit is (see `SQLiteSynchronous`).
    ///   - busyTimeout: how long a write waits for another process's lock, in milliseconds,
    ///     before failing with `.unavailable`.
    public init(path: String, synchronous: SQLiteSynchronous = .normal, busyTimeout: Int64 = 5000) throws(StoreError) {
        guard !path.isEmpty else { throw StoreError(.unavailable, "the store path is empty") }
        try StoreFile.createFolders(containing: path)
        try StoreFile.checkHeader(of: path)
        let connection = try SQLiteConnection(path: path, busyTimeout: busyTimeout)
        try SQLiteSchema.open(connection, synchronous: synchronous)
        self.path = path
        session = Mutex(try SQLiteSession(connection: connection))
    }

    public func load(subject: String) throws(StoreError) -> StoredRecord {
        try session.withLock { session throws(StoreError) in try session.load(subject: subject) }
    }

    public func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        // Encoded before taking the lock: other threads need not wait for it.
        let bytes = SubjectRecordCodec.encode(record)
        let infos = donations.appends.map { $0.donation.info.isEmpty ? nil : DonationInfoCodec.encode($0.donation.info) }
        return try session.withLock { session throws(StoreError) in
            try session.commit(subject: subject, expectedVersion: expectedVersion, record: bytes, donations: donations, infos: infos)
        }
    }

    public func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        let log = try donationLog(subject: subject, event: event, since: since)
        return log.times.indices.map { Donation(time: log.times[$0], info: $0 < log.infos.count ? log.infos[$0] : []) }
    }

    public func donationLog(subject: String, event: String, since: Int64?) throws(StoreError) -> DonationLog {
        try session.withLock { session throws(StoreError) in try session.log(subject: subject, event: event, since: since) }
    }
}
