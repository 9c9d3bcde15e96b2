import BeckonClock
import BeckonCore
import BeckonRules
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Listing, erasing and restoring whole subjects: rare operations, so their statements are
/// prepared when they run rather than kept with the session's.
extension SQLiteSession {
    /// The stored subjects after `after` (nil: from the first), at most `limit`: one range scan
    /// of the primary key, whose `BINARY` order is the ids' UTF-8 bytes (`StoredSubject.precedes`).
    /// A read-only store of a schema before activity was kept lists them as active now, as the
    /// migration would.
    func subjects(after: String?, limit: Int) throws(StoreError) -> [StoredSubject] {
        guard limit > 0 else { return [] }
        let statement = try connection.prepare("""
            SELECT subject, \(tracksActivity ? "active" : "?3") FROM subjects WHERE subject \(after == nil ? ">=" : ">") ?1
                ORDER BY subject LIMIT ?2
            """)
        defer { statement.reset() }
        try statement.bind(1, after ?? "")
        try statement.bind(2, Int64(limit))
        if !tracksActivity { try statement.bind(3, HostClock.now()) }
        var listed: [StoredSubject] = []
        while try statement.step() {
            // The text's own bytes: an id may hold a NUL.
            listed.append(StoredSubject(subject: String(decoding: statement.blob(0), as: UTF8.self), lastActive: statement.int64(1)))
        }
        return listed
    }

    /// Deletes the subject's record and every log row in one transaction, with `secure_delete`
    /// on so that the cells and pages it frees are zeroed; false, deleting nothing, when it is
    /// not stored or was active at or after `activeBefore`.
    ///
    /// An explicit erase (`activeBefore` nil) then rebuilds the file (`VACUUM`) and truncates the
    /// write-ahead log (see `eraseCopies`). Expiry's erase does neither: see `Docs/users-data.md`.
    func erase(subject: String, activeBefore: Int64?) throws(StoreError) -> Bool {
        cache.forget(subject: subject)
        let secure = try connection.integer("PRAGMA secure_delete")
        try connection.execute("PRAGMA secure_delete = ON")
        // Back to what the connection had (the build's default: 2 reads back as FAST).
        defer { try? connection.execute("PRAGMA secure_delete = \(secure == 2 ? "FAST" : String(secure))") }
        let find = try connection.prepare("SELECT active FROM subjects WHERE subject = ?1")
        let deleteRecord = try connection.prepare("DELETE FROM subjects WHERE subject = ?1")
        let count = try connection.prepare("UPDATE erasures SET count = count + 1 RETURNING count")
        let (erased, erasures) = try transaction { () throws(StoreError) -> (Bool, Int64) in
            try find.bind(1, subject)
            let found = try find.step()
            let active = found ? find.int64(0) : 0
            find.reset()
            guard found, activeBefore.map({ active < $0 }) ?? true else { return (false, 0) }
            try clearLogs.bind(1, subject)
            try clearLogs.run()
            try deleteRecord.bind(1, subject)
            try deleteRecord.run()
            defer { count.reset() }
            guard try count.step() else { throw StoreError(.corrupt, "the store \(connection.path) is corrupt: its erasures count is missing") }
            return (true, count.int64(0))
        }
        guard erased else { return false }
        self.erasures = erasures
        if activeBefore == nil { try eraseCopies(of: subject) }
        return true
    }

    /// Removes what the deletion leaves of the subject elsewhere in the files. `secure_delete`
    /// zeroes only what this deletion frees: cells an earlier update or retention freed without
    /// it (SQLite's default elsewhere than Debian's build), and stale copies of cells left in
    /// the unused middle of pages that a b-tree balance rebuilt, stay. `VACUUM` writes every
    /// page anew; the checkpoint then copies the log into the file and truncates the log to
    /// zero bytes, which the frames holding the subject's rows were in.
    private func eraseCopies(of subject: String) throws(StoreError) {
        let name = Value.string(subject)
        do {
            try connection.execute("VACUUM")
        } catch {
            throw StoreError(error.kind, "the subject \(name) is erased from the store \(connection.path), but copies of its rows may remain "
                             + "in the file's free space until the file is rebuilt (the next erase does it): \(error.message)")
        }
        try truncateLog(after: "the subject \(name) is erased from the store \(connection.path)")
    }

    /// Checkpoints the write-ahead log and truncates it, waiting (up to the busy timeout) while
    /// other connections still read frames of it.
    private func truncateLog(after done: String) throws(StoreError) {
        let checkpoint = try connection.prepare("PRAGMA wal_checkpoint(TRUNCATE)")
        let deadline = SQLiteSchema.monotonicMilliseconds() + connection.busyTimeout
        while true {
            var busy = true
            do {
                defer { checkpoint.reset() }
                if try checkpoint.step() { busy = checkpoint.int64(0) != 0 }
            } catch where connection.lastErrorWasBusy {
                busy = true
            }
            if !busy { return }
            guard SQLiteSchema.monotonicMilliseconds() < deadline else {
                throw StoreError(.unavailable, "\(done), but earlier copies of its rows remain in the write-ahead log \(connection.path)-wal: "
                                 + "other connections kept reading the store for \(connection.busyTimeout) ms; they are overwritten when "
                                 + "the log is next checkpointed (the next erase, or when every process has closed the store)")
            }
            usleep(1000)
        }
    }

    /// Writes the subject's whole state in one transaction, when its stored version is still
    /// `expectedVersion`: its logs replaced by exactly `logs` (each event's donations numbered
    /// in their order, so that equal instants keep it; a later commit's numbers start above),
    /// the record at `version` with the logs' sizes, and the activity now.
    func restore(subject: String, expectedVersion: Int64, version: Int64, record: [UInt8],
                 logs: [String: [(time: Int64, info: [UInt8]?)]]) throws(StoreError) -> Bool {
        cache.forget(subject: subject)
        var sizes = LogSizes()
        for (event, donations) in logs where !donations.isEmpty {
            guard donations.count < LogSizes.appendsPerCommit else {
                throw StoreError(.invalidData, "the store \(connection.path) cannot take \(donations.count) donations in one log "
                                 + "(subject \(Value.string(subject)), event \(Value.string(event)))")
            }
            sizes[event] = LogSizes.State(size: Int64(donations.count), newest: donations.map(\.time).max() ?? 0)
        }
        let readVersion = try connection.prepare("SELECT version FROM subjects WHERE subject = ?1")
        let write = try connection.prepare("""
            INSERT INTO subjects (subject, version, record, logs, active) VALUES (?1, ?2, ?3, ?4, ?5)
                ON CONFLICT (subject) DO UPDATE SET version = ?2, record = ?3, logs = ?4, active = ?5
            """)
        return try transaction { () throws(StoreError) -> (Bool, Bool) in
            try readVersion.bind(1, subject)
            let stored = try readVersion.step() ? readVersion.int64(0) : 0
            readVersion.reset()
            guard stored == expectedVersion else { return (false, false) }
            try clearLogs.bind(1, subject)
            try clearLogs.run()
            for (event, donations) in logs {
                for (index, donation) in donations.enumerated() {
                    try insertDonation.bind(1, subject)
                    try insertDonation.bind(2, event)
                    try insertDonation.bind(3, donation.time)
                    try insertDonation.bind(4, Int64(index))
                    try insertDonation.bind(5, blob: donation.info)
                    try insertDonation.run()
                }
            }
            try write.bind(1, subject)
            try write.bind(2, version)
            try write.bind(3, blob: record)
            try write.bind(4, blob: sizes.encoded())
            try write.bind(5, HostClock.now())
            try write.run()
            return (true, true)
        }.1
    }
}
