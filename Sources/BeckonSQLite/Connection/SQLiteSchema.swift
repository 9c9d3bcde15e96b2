import BeckonClock
import BeckonCore
internal import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The store's tables and how a file gets them: a file is checked before anything is written to
/// it, so a file that is not a Beckon store (or is from a newer Beckon) is left as it was.
enum SQLiteSchema {
    /// `PRAGMA application_id` of every Beckon store ("Bekn"): what tells our files from others.
    static let applicationID: Int64 = 0x4265_6B6E

    /// Migration `i` takes a store from schema `i` to `i + 1`; append, never edit one that
    /// shipped. Schema 0 is an empty file. `instant` is when the migration runs
    /// (`HostClock.now()`), the last activity it gives the subjects it finds.
    static func migrations(at instant: Int64) -> [String] { [
        // 1: records, each with the size and newest instant of its donation logs (so that
        // retention never counts rows, and a commit writes no other page for it), in a rowid
        // table because records can be large; the donation log clustered by subject, event,
        // time and append order, so that a window is one range scan.
        """
        CREATE TABLE subjects (
            subject TEXT NOT NULL PRIMARY KEY,
            version INTEGER NOT NULL,
            record BLOB NOT NULL,
            logs BLOB
        );
        CREATE TABLE donations (
            subject TEXT NOT NULL,
            event TEXT NOT NULL,
            time INTEGER NOT NULL,
            seq INTEGER NOT NULL,
            info BLOB,
            PRIMARY KEY (subject, event, time, seq)
        ) WITHOUT ROWID;
        """,
        // 2: no new tables; a log may keep up to `LogSizes.retentionSlack` rows past its bound,
        // counted in its sizes as hidden, which schema 1 would read as donations. A schema 1
        // file is read as it is (its logs have no hidden rows).
        "PRAGMA user_version = 2",
        // 3: each subject's last activity (the host's clock at its last commit or restore), for
        // listing and expiry, as a column of the record's row (a commit writes no other page);
        // rows already stored read the migration's instant, the file is not rewritten. The
        // erasures made so far, which a connection reads when another has committed: a subject
        // erased and stored again starts over at version 1, so a log cached by version alone
        // could be another life's (see `LogCache`).
        """
        ALTER TABLE subjects ADD COLUMN active INTEGER NOT NULL DEFAULT \(instant);
        CREATE TABLE erasures (count INTEGER NOT NULL);
        INSERT INTO erasures (count) VALUES (0);
        """,
    ] }

    /// The oldest schema this Beckon reads without migrating it (a read-only store).
    static let oldestReadable: Int64 = 1

    /// The schema this Beckon writes, and the newest it reads.
    static var currentVersion: Int64 { Int64(migrations(at: 0).count) }

    /// The page size of new stores. A donation commits about three pages of the write-ahead
    /// log (the record's, and both ends of the event's log); small pages make that a few
    /// kilobytes instead of twelve, a third less time per donation, and cost reads nothing.
    static let pageSize = 1024

    /// The most a write-ahead log keeps of its file once checkpointed (bytes): above the log
    /// between two automatic checkpoints (1000 pages), so a running store never truncates it,
    /// while the last connection to close empties it. Its connections keep the log file (see
    /// `SQLiteConnection`): a log with content is then one that may hold commits the file lacks
    /// (`StoreFile.hasWriteAheadLog`), and the next process's recovery reads no stale frames.
    static let journalSizeLimit = 4 << 20

    /// Tables every store has (from schema 1 on; a read-only store may be older than the current).
    static let tables = ["subjects", "donations"]

    /// The first schema with the subjects' last activity and the erasures count: a read-only
    /// store of an older one is read without them.
    static let activitySince: Int64 = 3

    /// Checks that the file is empty or a Beckon store this Beckon can read, switches it to WAL,
    /// and migrates it to the current schema. The connection can write (see `openReadOnly`).
    static func open(_ connection: SQLiteConnection, synchronous: SQLiteSynchronous) throws(StoreError) {
        // Reads only: a file that is not a database fails here, before anything is written.
        var version = try inspect(connection)
        // Only an empty file takes a page size, and only before it is switched to WAL.
        if version == 0 { try connection.execute("PRAGMA page_size = \(pageSize)") }
        // WAL: readers never wait for the writer, and a commit is one append to the log.
        try switchToWAL(connection)
        try connection.execute("PRAGMA synchronous = \(synchronous == .full ? "FULL" : "NORMAL")")
        try connection.execute("PRAGMA journal_size_limit = \(journalSizeLimit)")
        guard version < currentVersion else {
            try verifyTables(connection)
            return
        }
        // Another process may be creating or migrating the same file: decide again inside the
        // write transaction, where nobody else can.
        try connection.execute("BEGIN IMMEDIATE")
        do {
            version = try inspect(connection)
            for migration in migrations(at: HostClock.now())[Int(version)...] {
                try connection.execute(migration)
            }
            try connection.execute("PRAGMA application_id = \(applicationID)")
            try connection.execute("PRAGMA user_version = \(currentVersion)")
            try connection.execute("COMMIT")
        } catch {
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            throw error
        }
        try verifyTables(connection)
    }

    /// Checks that a file opened read-only is a Beckon store of a schema this Beckon reads as
    /// it is (`oldestReadable` on): one that is empty or older would need writing first.
    static func openReadOnly(_ connection: SQLiteConnection) throws(StoreError) {
        let version = try inspect(connection)
        guard version >= oldestReadable else {
            let state = version == 0 ? "holds no store yet" : "needs upgrading from schema \(version)"
            throw StoreError(.unavailable, "cannot open the store \(connection.path): it is read-only and \(state)")
        }
        try verifyTables(connection)
    }

    /// Switches the file to WAL (a no-op once it is). Switching needs the file to itself, and
    /// SQLite answers BUSY at once, without its busy handler, while another connection writes, as
    /// when several processes create the same new store: so it is tried again, up to the busy
    /// timeout.
    private static func switchToWAL(_ connection: SQLiteConnection) throws(StoreError) {
        let deadline = monotonicMilliseconds() + connection.busyTimeout
        while true {
            do {
                _ = try connection.text("PRAGMA journal_mode = WAL")
                return
            } catch {
                guard connection.lastErrorWasBusy, monotonicMilliseconds() < deadline else { throw error }
                usleep(1000)
            }
        }
    }

    /// Milliseconds on the monotonic clock, for waits up to the busy timeout.
    static func monotonicMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// The schema version of a file that is empty or ours; throws for any other file.
    private static func inspect(_ connection: SQLiteConnection) throws(StoreError) -> Int64 {
        // One statement, so one snapshot: read one by one, the three could straddle another
        // process's creation of the schema (no tables yet, no application id, but a version).
        let statement = try connection.prepare("""
            SELECT (SELECT count(*) FROM sqlite_master), (SELECT application_id FROM pragma_application_id),
                   (SELECT user_version FROM pragma_user_version)
            """)
        defer { statement.reset() }
        guard try statement.step() else { return 0 }
        let objects = statement.int64(0), application = statement.int64(1), version = statement.int64(2)
        if application == 0 && version == 0 && objects == 0 { return 0 }
        guard application == applicationID else {
            throw StoreError(.corrupt, "\(connection.path) is not a Beckon store or is corrupt (it is a database of another application)")
        }
        guard version <= currentVersion else {
            throw StoreError(.corrupt, "the store \(connection.path) was written by a newer Beckon (schema \(version); this one reads up to \(currentVersion))")
        }
        guard version > 0 else {
            throw StoreError(.corrupt, "\(connection.path) is not a Beckon store or is corrupt (it has no schema version)")
        }
        return version
    }

    /// Reads the first page of each table, so that a file cut short is refused on opening
    /// rather than on the first decision that needs a missing page.
    private static func verifyTables(_ connection: SQLiteConnection) throws(StoreError) {
        let names = tables.map { "'\($0)'" }.joined(separator: ", ")
        let found = try connection.integer("SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name IN (\(names))")
        guard found == tables.count else {
            throw StoreError(.corrupt, "\(connection.path) is not a Beckon store or is corrupt (tables are missing)")
        }
        for table in tables {
            _ = try connection.integer("SELECT 1 FROM \(table) LIMIT 1")
        }
    }
}
