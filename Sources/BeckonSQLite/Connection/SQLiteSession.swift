import BeckonCore
import BeckonRules

/// The store's connection with every statement it runs, each prepared once. Used by one thread
/// at a time (the store's lock).
final class SQLiteSession {
    let connection: SQLiteConnection

    private let loadRecord: SQLiteStatement
    private let insertRecord: SQLiteStatement
    private let updateRecord: SQLiteStatement
    private let readLogSizes: SQLiteStatement
    private let writeLogSizes: SQLiteStatement
    private let begin: SQLiteStatement
    private let commit: SQLiteStatement
    private let rollback: SQLiteStatement
    private let readLog: SQLiteStatement
    private let insertDonation: SQLiteStatement
    private let deleteExpired: SQLiteStatement
    private let deleteOldest: SQLiteStatement
    private let clearLog: SQLiteStatement
    private let clearLogs: SQLiteStatement

    init(connection: SQLiteConnection) throws(StoreError) {
        self.connection = connection
        loadRecord = try connection.prepare("SELECT version, record FROM subjects WHERE subject = ?1")
        insertRecord = try connection.prepare("INSERT INTO subjects (subject, version, record) VALUES (?1, 1, ?2) ON CONFLICT (subject) DO NOTHING")
        updateRecord = try connection.prepare("UPDATE subjects SET version = version + 1, record = ?3 WHERE subject = ?1 AND version = ?2")
        readLogSizes = try connection.prepare("SELECT logs FROM subjects WHERE subject = ?1")
        writeLogSizes = try connection.prepare("UPDATE subjects SET logs = ?2 WHERE subject = ?1")
        begin = try connection.prepare("BEGIN IMMEDIATE")
        commit = try connection.prepare("COMMIT")
        rollback = try connection.prepare("ROLLBACK")
        readLog = try connection.prepare("SELECT time, info FROM donations WHERE subject = ?1 AND event = ?2 AND time >= ?3 ORDER BY time, seq")
        insertDonation = try connection.prepare("INSERT INTO donations (subject, event, time, seq, info) VALUES (?1, ?2, ?3, ?4, ?5)")
        deleteExpired = try connection.prepare("DELETE FROM donations WHERE subject = ?1 AND event = ?2 AND time < ?3")
        // Everything before the oldest donation to keep, which is `?3` rows from the oldest.
        deleteOldest = try connection.prepare("""
            DELETE FROM donations WHERE subject = ?1 AND event = ?2 AND (time, seq) <
                (SELECT time, seq FROM donations WHERE subject = ?1 AND event = ?2 ORDER BY time, seq LIMIT 1 OFFSET ?3)
            """)
        clearLog = try connection.prepare("DELETE FROM donations WHERE subject = ?1 AND event = ?2")
        clearLogs = try connection.prepare("DELETE FROM donations WHERE subject = ?1")
    }

    // MARK: Reading

    func load(subject: String) throws(StoreError) -> StoredRecord {
        defer { loadRecord.reset() }
        try loadRecord.bind(1, subject)
        guard try loadRecord.step() else { return StoredRecord(record: SubjectRecord(), version: 0) }
        let version = loadRecord.int64(0)
        do {
            return StoredRecord(record: try SubjectRecordCodec.decode(loadRecord.blob(1)), version: version)
        } catch {
            throw StoreError(.corrupt, "the store \(connection.path) is corrupt (subject \(Value.string(subject))): \(error.message)")
        }
    }

    func log(subject: String, event: String, since: Int64?) throws(StoreError) -> DonationLog {
        defer { readLog.reset() }
        try readLog.bind(1, subject)
        try readLog.bind(2, event)
        try readLog.bind(3, since ?? .min)
        var log = DonationLog()
        var recent = RecentInfos()
        while try readLog.step() {
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
        return log
    }

    // MARK: Writing

    /// Compare-and-set of the record with the log changes, in one write transaction; on any
    /// failure nothing is written.
    func commit(subject: String, expectedVersion: Int64, record: [UInt8],
                donations: DonationChanges, infos: [[UInt8]?]) throws(StoreError) -> Bool {
        try begin.run()
        do {
            guard try swap(subject: subject, expectedVersion: expectedVersion, record: record) else {
                try rollback.run()
                return false
            }
            if !donations.isEmpty {
                try changeLogs(subject: subject, version: expectedVersion + 1, donations, infos: infos)
            }
            try commit.run()
            return true
        } catch {
            // SQLite has already rolled back after some errors (a full disk, say).
            if connection.isInTransaction { try? rollback.run() }
            throw error
        }
    }

    private func swap(subject: String, expectedVersion: Int64, record: [UInt8]) throws(StoreError) -> Bool {
        // A stored subject is at version 1 or above, so version 0 means "not stored yet".
        if expectedVersion == 0 {
            try insertRecord.bind(1, subject)
            try insertRecord.bind(2, blob: record)
            try insertRecord.run()
        } else {
            try updateRecord.bind(1, subject)
            try updateRecord.bind(2, expectedVersion)
            try updateRecord.bind(3, blob: record)
            try updateRecord.run()
        }
        return connection.changes == 1
    }

    /// Clears, then appends with retention, and stores the logs' new sizes with the record.
    private func changeLogs(subject: String, version: Int64, _ donations: DonationChanges, infos: [[UInt8]?]) throws(StoreError) {
        var sizes = try logSizes(subject: subject)
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
              case (let first, false) = version.multipliedReportingOverflow(by: Int64(LogSizes.appendsPerCommit)) else {
            throw StoreError(.invalidData, "the store \(connection.path) cannot take \(donations.appends.count) donations in one commit")
        }
        for (index, append) in donations.appends.enumerated() {
            let state = try self.append(subject: subject, event: append.event, time: append.donation.time, sequence: first + Int64(index),
                                        info: infos[index], retention: append.retention, state: sizes[append.event] ?? LogSizes.State())
            sizes[append.event] = state.size > 0 ? state : nil
        }
        try writeLogSizes.bind(1, subject)
        try writeLogSizes.bind(2, blob: sizes.encoded())
        try writeLogSizes.run()
    }

    /// Appends one donation, then applies the retention exactly as `MemoryStore` does: drop what
    /// is older than `maxAge` before the newest instant, then keep the newest `maxCount`.
    private func append(subject: String, event: String, time: Int64, sequence: Int64, info: [UInt8]?,
                        retention: Retention, state: LogSizes.State) throws(StoreError) -> LogSizes.State {
        try insertDonation.bind(1, subject)
        try insertDonation.bind(2, event)
        try insertDonation.bind(3, time)
        try insertDonation.bind(4, sequence)
        try insertDonation.bind(5, blob: info)
        try insertDonation.run()
        var state = LogSizes.State(size: state.size + 1, newest: state.size == 0 ? time : max(state.newest, time))
        // A cutoff below Int64.min (an instant near the start of time) expires nothing.
        if let maxAge = retention.maxAge, maxAge > 0, case (let cutoff, false) = state.newest.subtractingReportingOverflow(maxAge) {
            try deleteExpired.bind(1, subject)
            try deleteExpired.bind(2, event)
            try deleteExpired.bind(3, cutoff)
            try deleteExpired.run()
            state.size -= Int64(connection.changes)
        }
        let maxCount = Int64(max(retention.maxCount, 0))
        if state.size > maxCount {
            if maxCount == 0 {
                try run(clearLog, subject, event)
            } else {
                try deleteOldest.bind(1, subject)
                try deleteOldest.bind(2, event)
                try deleteOldest.bind(3, state.size - maxCount)
                try deleteOldest.run()
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
