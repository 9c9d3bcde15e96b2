import BeckonClock
import BeckonCore
import BeckonRules

/// The store's connection with every statement it runs, each prepared once, and the records it
/// read or wrote last (see `RecordCache`). Used by one thread at a time (the store's lock).
///
/// A commit runs as few statements as it can: a record alone is one compare-and-set `UPDATE`
/// (or `INSERT`) on its own; with donations it is `BEGIN IMMEDIATE`, each append (and, once a
/// log has run `LogSizes.retentionSlack` rows past its bound, one retention `DELETE` of those),
/// one compare-and-set of the record with its log sizes, and `COMMIT`.
final class SQLiteSession {
    let connection: SQLiteConnection
    var cache = RecordCache()
    /// Spares a load of a cached record its transaction while no commit has happened since the
    /// cache was last checked (nil when the store's WAL index cannot be watched).
    private let watch: WalIndexWatch?
    /// Whether the file keeps the subjects' last activity and the erasures count (schema 3 on;
    /// only a read-only store is older). Every write binds the activity as `?5`.
    let tracksActivity: Bool
    /// How many subjects were erased from the file, as of the last load that found another
    /// connection's commit (or this connection's last erase): see `LogCache`.
    var erasures: Int64 = 0

    private let readDataVersion: SQLiteStatement
    private let readErasures: SQLiteStatement?
    private let loadRecord: SQLiteStatement
    private let insertRecord: SQLiteStatement
    private let updateRecord: SQLiteStatement
    private let insertRecordAndLogs: SQLiteStatement
    private let updateRecordAndLogs: SQLiteStatement
    private let readLogSizes: SQLiteStatement
    private let begin: SQLiteStatement
    private let commit: SQLiteStatement
    private let rollback: SQLiteStatement
    private let readLog: SQLiteStatement
    let insertDonation: SQLiteStatement
    private let deleteExpired: SQLiteStatement
    private let deleteOldest: SQLiteStatement
    private let clearLog: SQLiteStatement
    let clearLogs: SQLiteStatement

    /// The connection's page cache, in KiB (SQLite's default is 2,000).
    static let pageCacheKiB = 32_768

    init(connection: SQLiteConnection) throws(StoreError) {
        self.connection = connection
        // Pages stay cached while no other connection commits: a large file's upper levels
        // and hot records are then read from memory, not with a system call each.
        try connection.execute("PRAGMA cache_size = -\(Self.pageCacheKiB)")
        tracksActivity = try connection.integer("PRAGMA user_version") >= SQLiteSchema.activitySince
        readDataVersion = try connection.prepare("PRAGMA data_version")
        readErasures = tracksActivity ? try connection.prepare("SELECT count FROM erasures") : nil
        loadRecord = try connection.prepare("SELECT version, record, logs FROM subjects WHERE subject = ?1")
        // The last activity, `?5`, is one more column of the same row (a read-only store of an
        // older schema, which is never written, prepares the statements without it).
        let (active, activeValue, setActive) = tracksActivity ? (", active", ", ?5", ", active = ?5") : ("", "", "")
        insertRecord = try connection.prepare("""
            INSERT INTO subjects (subject, version, record\(active)) VALUES (?1, 1, ?2\(activeValue)) ON CONFLICT (subject) DO NOTHING
            """)
        updateRecord = try connection.prepare("""
            UPDATE subjects SET version = version + 1, record = ?3\(setActive) WHERE subject = ?1 AND version = ?2
            """)
        insertRecordAndLogs = try connection.prepare("""
            INSERT INTO subjects (subject, version, record, logs\(active)) VALUES (?1, 1, ?2, ?3\(activeValue)) ON CONFLICT (subject) DO NOTHING
            """)
        updateRecordAndLogs = try connection.prepare("""
            UPDATE subjects SET version = version + 1, record = ?3, logs = ?4\(setActive) WHERE subject = ?1 AND version = ?2
            """)
        readLogSizes = try connection.prepare("SELECT logs FROM subjects WHERE subject = ?1")
        begin = try connection.prepare("BEGIN IMMEDIATE")
        commit = try connection.prepare("COMMIT")
        rollback = try connection.prepare("ROLLBACK")
        // The log sizes come with the rows, read once in the same snapshot: they say how many of
        // the oldest rows retention has dropped but not yet deleted (see `LogSizes`).
        readLog = try connection.prepare("""
            SELECT time, info, (SELECT logs FROM subjects WHERE subject = ?1) FROM donations
                WHERE subject = ?1 AND event = ?2 AND time >= ?3 ORDER BY time, seq
            """)
        // Appends run before the compare-and-set: when another writer got there first, its
        // appends may hold the same keys (the same version), and the commit is rolled back
        // anyway; so a duplicate is skipped here rather than failing the commit.
        insertDonation = try connection.prepare("INSERT OR IGNORE INTO donations (subject, event, time, seq, info) VALUES (?1, ?2, ?3, ?4, ?5)")
        deleteExpired = try connection.prepare("DELETE FROM donations WHERE subject = ?1 AND event = ?2 AND time < ?3")
        // Everything before the oldest donation to keep, which is `?3` rows from the oldest.
        deleteOldest = try connection.prepare("""
            DELETE FROM donations WHERE subject = ?1 AND event = ?2 AND (time, seq) <
                (SELECT time, seq FROM donations WHERE subject = ?1 AND event = ?2 ORDER BY time, seq LIMIT 1 OFFSET ?3)
            """)
        clearLog = try connection.prepare("DELETE FROM donations WHERE subject = ?1 AND event = ?2")
        clearLogs = try connection.prepare("DELETE FROM donations WHERE subject = ?1")
        watch = connection.walIndexWatch()
    }

    /// Whether records are kept in the cache (true but for measuring the file itself).
    var cachesRecords: Bool {
        get { cache.isEnabled }
        set {
            cache.forgetAll()
            cache.isEnabled = newValue
        }
    }

    // MARK: Reading

    /// The subject's record: from the cache while no other connection has committed since it
    /// was read or written here, else from the file.
    ///
    /// While the WAL index shows no commit at all since the cache was last checked, a cached
    /// record is served with no call into SQLite; otherwise `data_version` is read (in the
    /// read transaction that then also reads the record, if it must be read).
    func load(subject: String) throws(StoreError) -> StoredRecord {
        if let watch, watch.isUnchanged {
            // The cache is still true; a record not in it is read in a transaction of its own.
            // Should a commit land before it, the header has moved on: the next load checks
            // data_version.
            return try cachedOrRead(subject: subject)
        }
        // Read before the transaction: what it shows is at most as new as what the transaction
        // reads, so keeping it never hides a commit.
        let header = watch?.look()
        // The pragma's statement, until reset, holds its read transaction open: a record read
        // from the file is read at the very data version just checked.
        defer { readDataVersion.reset() }
        if try readDataVersion.step() {
            if cache.check(dataVersion: readDataVersion.int64(0)), let readErasures {
                // Read in the same read transaction as the data version (the pragma's, still open).
                defer { readErasures.reset() }
                if try readErasures.step() { erasures = readErasures.int64(0) }
            }
        } else {
            cache.forgetAll()
        }
        if let header { watch?.remember(header) }
        return try cachedOrRead(subject: subject)
    }

    /// The subject's record from the cache, or read from the file and kept there.
    @inline(__always)
    private func cachedOrRead(subject: String) throws(StoreError) -> StoredRecord {
        if let entry = cache[subject] { return StoredRecord(record: entry.record, version: entry.version) }
        let entry = try read(subject: subject)
        cache.store(entry, subject: subject)
        return StoredRecord(record: entry.record, version: entry.version)
    }

    /// The subject's record as the file holds it, with its log sizes (nil when they cannot be
    /// read: a commit with donations then reads them again, and fails as it always has).
    private func read(subject: String) throws(StoreError) -> RecordCache.Entry {
        defer { loadRecord.reset() }
        try loadRecord.bind(1, subject)
        guard try loadRecord.step() else { return RecordCache.Entry(version: 0, record: SubjectRecord(), logSizes: LogSizes()) }
        let version = loadRecord.int64(0)
        let record: SubjectRecord
        do {
            record = try SubjectRecordCodec.decode(loadRecord.blob(1))
        } catch {
            throw StoreError(.corrupt, "the store \(connection.path) is corrupt (subject \(Value.string(subject))): \(error.message)")
        }
        let sizes = loadRecord.blob(2)
        return RecordCache.Entry(version: version, record: record, logSizes: sizes.isEmpty ? LogSizes() : try? LogSizes(decoding: sizes))
    }

    /// The event's log, oldest first, from `since` on. When the caller last loaded the subject
    /// at `loadedVersion` and the cached record is that version, a log its sizes say is empty
    /// is not read: it is the log as of that load, which `SQLiteStore.donationLog` promises.
    func log(subject: String, event: String, since: Int64?, loadedVersion: Int64? = nil) throws(StoreError) -> DonationLog {
        if let loadedVersion, let entry = cache[subject], entry.version == loadedVersion,
           let sizes = entry.logSizes, sizes[event] == nil {
            return DonationLog()
        }
        defer { readLog.reset() }
        try readLog.bind(1, subject)
        try readLog.bind(2, event)
        try readLog.bind(3, since ?? .min)
        var log = DonationLog()
        var recent = RecentInfos()
        // The log's size when its sizes are stored (nil: every row is in the log).
        var size: Int64?
        while try readLog.step() {
            if log.times.isEmpty {
                let sizes = readLog.blob(2)
                if !sizes.isEmpty {
                    do {
                        size = try LogSizes(decoding: sizes)[event]?.size ?? 0
                    } catch {
                        throw StoreError(.corrupt, "the store \(connection.path) is corrupt (subject \(Value.string(subject))): its log sizes cannot be read: \(error.message)")
                    }
                }
            }
            // Windows are usually short, logs at most their bound: start small, grow by doubling.
            if log.times.isEmpty { log.times.reserveCapacity(32) }
            log.times.append(readLog.int64(0))
            // NULL (no info) reads as no bytes; stored info is never empty.
            let bytes = readLog.blob(1)
            guard !bytes.isEmpty else {
                if !log.infos.isEmpty { log.infos.append([]) }
                continue
            }
            let info: [Value]
            do {
                info = try recent.info(for: bytes)
            } catch {
                throw StoreError(.corrupt, "the store \(connection.path) is corrupt (subject \(Value.string(subject)), event \(Value.string(event))): \(error.message)")
            }
            // Infos stay empty while every donation has none (DonationLog allows that), which
            // spares an array per donation for events without info.
            if log.infos.isEmpty {
                log.infos.reserveCapacity(log.times.capacity)
                log.infos.append(contentsOf: repeatElement([], count: log.times.count - 1 - log.infos.count))
            }
            log.infos.append(info)
        }
        // Rows past the bound are the log's oldest; the window holds the newest, so the rows it
        // must not show are at its start.
        if let size, Int64(log.times.count) > size {
            let excess = log.times.count - Int(size)
            log.times.removeFirst(excess)
            if !log.infos.isEmpty { log.infos.removeFirst(excess) }
        }
        return log
    }

    // MARK: Writing

    /// Compare-and-set of the record with the log changes, in one write transaction; on any
    /// failure nothing is written.
    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, bytes: [UInt8],
                donations: DonationChanges, infos: [[UInt8]?]) throws(StoreError) -> Bool {
        do {
            let logSizes: LogSizes?
            let swapped: Bool
            if donations.isEmpty {
                // One statement is its own transaction.
                logSizes = cache[subject].flatMap { $0.version == expectedVersion ? $0.logSizes : nil }
                swapped = try swap(subject: subject, expectedVersion: expectedVersion, record: bytes, logSizes: nil)
            } else {
                var before: WalIndexWatch.Header?
                (swapped, logSizes) = try transaction { () throws(StoreError) -> (Bool, LogSizes?) in
                    before = watch?.look()
                    let sizes = try changeLogs(subject: subject, expectedVersion: expectedVersion, donations, infos: infos)
                    return (try swap(subject: subject, expectedVersion: expectedVersion, record: bytes, logSizes: sizes), sizes)
                }
                // A swap changed a row, so the commit wrote frames and moved the WAL index on.
                if swapped, let before { watch?.followOwnCommit(from: before) }
            }
            guard swapped else {
                cache.forget(subject: subject)
                return false
            }
            cache.store(RecordCache.Entry(version: expectedVersion + 1, record: record, logSizes: logSizes), subject: subject)
            return true
        } catch {
            cache.forget(subject: subject)
            throw error
        }
    }

    /// Stores the records of subjects not stored yet, at version 1 with empty logs, in one
    /// transaction; returns how many were stored (a subject already stored is left as it is).
    func insertNew(_ records: [(subject: String, record: SubjectRecord)]) throws(StoreError) -> Int {
        cache.forgetAll()
        return try transaction { () throws(StoreError) -> (Bool, Int) in
            var inserted = 0
            for (subject, record) in records {
                try insertRecord.bind(1, subject)
                try insertRecord.bind(2, blob: SubjectRecordCodec.encode(record))
                if tracksActivity { try insertRecord.bind(5, HostClock.now()) }
                try insertRecord.run()
                inserted += connection.changes
            }
            return (true, inserted)
        }.1
    }

    /// Runs `body` in a write transaction, committed when it returns true and rolled back when
    /// it returns false or throws.
    func transaction<Result>(_ body: () throws(StoreError) -> (Bool, Result)) throws(StoreError) -> (Bool, Result) {
        try begin.run()
        do {
            let result = try body()
            try (result.0 ? commit : rollback).run()
            return result
        } catch {
            // SQLite has already rolled back after some errors (a full disk, say).
            if connection.isInTransaction { try? rollback.run() }
            throw error
        }
    }

    /// Writes the record (with the logs' sizes when given) if the stored version is still
    /// `expectedVersion`.
    private func swap(subject: String, expectedVersion: Int64, record: [UInt8], logSizes: LogSizes?) throws(StoreError) -> Bool {
        // A stored subject is at version 1 or above, so version 0 means "not stored yet".
        let statement: SQLiteStatement
        if expectedVersion == 0 {
            statement = logSizes == nil ? insertRecord : insertRecordAndLogs
            try statement.bind(1, subject)
            try statement.bind(2, blob: record)
            if let logSizes { try statement.bind(3, blob: logSizes.encoded()) }
        } else {
            statement = logSizes == nil ? updateRecord : updateRecordAndLogs
            try statement.bind(1, subject)
            try statement.bind(2, expectedVersion)
            try statement.bind(3, blob: record)
            if let logSizes { try statement.bind(4, blob: logSizes.encoded()) }
        }
        if tracksActivity { try statement.bind(5, HostClock.now()) }
        try statement.run()
        return connection.changes == 1
    }

    /// Clears, then appends with retention; returns the logs' new sizes, to be stored with the
    /// record. The sizes at `expectedVersion` come from the cache when this connection read or
    /// wrote them with that version (the compare-and-set that follows proves them current),
    /// else from the file.
    private func changeLogs(subject: String, expectedVersion: Int64, _ donations: DonationChanges, infos: [[UInt8]?]) throws(StoreError) -> LogSizes {
        var sizes: LogSizes
        if let entry = cache[subject], entry.version == expectedVersion, let cached = entry.logSizes {
            sizes = cached
        } else {
            sizes = try logSizes(subject: subject)
        }
        if donations.clearsAll {
            try run(clearLogs, subject)
            sizes = LogSizes()
        }
        for event in donations.clearedEvents {
            try run(clearLog, subject, event)
            sizes[event] = nil
        }
        // Append order among equal instants: the commit's version, then the append's place in
        // it. Versions only grow, so later commits sort after earlier ones.
        guard donations.appends.count < LogSizes.appendsPerCommit,
              case (let first, false) = (expectedVersion + 1).multipliedReportingOverflow(by: Int64(LogSizes.appendsPerCommit)) else {
            throw StoreError(.invalidData, "the store \(connection.path) cannot take \(donations.appends.count) donations in one commit")
        }
        for (index, append) in donations.appends.enumerated() {
            let state = try self.append(subject: subject, event: append.event, time: append.donation.time, sequence: first + Int64(index),
                                        info: infos[index], retention: append.retention, state: sizes[append.event] ?? LogSizes.State())
            sizes[append.event] = state.size > 0 ? state : nil
        }
        return sizes
    }

    /// Appends one donation, then applies the retention exactly as `MemoryStore` does: drop what
    /// is older than `maxAge` before the newest instant, then keep the newest `maxCount`. What
    /// the count drops stays on disk as hidden rows (never read) until there are more than
    /// `LogSizes.retentionSlack` of them, then is deleted at once.
    private func append(subject: String, event: String, time: Int64, sequence: Int64, info: [UInt8]?,
                        retention: Retention, state: LogSizes.State) throws(StoreError) -> LogSizes.State {
        try insertDonation.bind(1, subject)
        try insertDonation.bind(2, event)
        try insertDonation.bind(3, time)
        try insertDonation.bind(4, sequence)
        try insertDonation.bind(5, blob: info)
        try insertDonation.run()
        var state = LogSizes.State(size: state.size + 1, newest: state.size == 0 ? time : max(state.newest, time), hidden: state.hidden)
        // A cutoff below Int64.min (an instant near the start of time) expires nothing.
        if let maxAge = retention.maxAge, maxAge > 0, case (let cutoff, false) = state.newest.subtractingReportingOverflow(maxAge) {
            try deleteExpired.bind(1, subject)
            try deleteExpired.bind(2, event)
            try deleteExpired.bind(3, cutoff)
            try deleteExpired.run()
            // Hidden rows are the oldest: the expired ones are hidden first.
            let deleted = Int64(connection.changes)
            let hiddenDeleted = min(deleted, state.hidden)
            state.hidden -= hiddenDeleted
            state.size -= deleted - hiddenDeleted
        }
        let maxCount = Int64(max(retention.maxCount, 0))
        if state.size > maxCount {
            if maxCount == 0 {
                try run(clearLog, subject, event)
                state.hidden = 0
            } else {
                state.hidden += state.size - maxCount
                if state.hidden > LogSizes.retentionSlack {
                    try deleteOldest.bind(1, subject)
                    try deleteOldest.bind(2, event)
                    try deleteOldest.bind(3, state.hidden)
                    try deleteOldest.run()
                    state.hidden = 0
                }
            }
            state.size = maxCount
        }
        return state
    }

    private func logSizes(subject: String) throws(StoreError) -> LogSizes {
        defer { readLogSizes.reset() }
        try readLogSizes.bind(1, subject)
        guard try readLogSizes.step() else { return LogSizes() }
        let bytes = readLogSizes.blob(0)
        guard !bytes.isEmpty else { return LogSizes() }
        do {
            return try LogSizes(decoding: bytes)
        } catch {
            throw StoreError(.corrupt, "the store \(connection.path) is corrupt (subject \(Value.string(subject))): its log sizes cannot be read: \(error.message)")
        }
    }

    private func run(_ statement: SQLiteStatement, _ subject: String, _ event: String? = nil) throws(StoreError) {
        try statement.bind(1, subject)
        if let event { try statement.bind(2, event) }
        try statement.run()
    }
}
