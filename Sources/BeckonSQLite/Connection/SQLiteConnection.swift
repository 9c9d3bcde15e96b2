import BeckonCore
internal import CSQLite
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// One open `sqlite3` connection: opened in `init`, closed in `deinit`, also when `init` fails
/// half-way. Not thread-safe: its owner serializes every use (the store's lock).
final class SQLiteConnection {
    let handle: OpaquePointer
    /// The file as the caller named it, for messages.
    let path: String
    /// How long a write waits for another connection's lock (ms), for messages.
    let busyTimeout: Int64

    init(path: String, busyTimeout: Int64) throws(StoreError) {
        self.path = path
        self.busyTimeout = busyTimeout
        var handle: OpaquePointer?
        // No SQLite mutexes: the store's lock already serializes the connection.
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard code == SQLITE_OK, let handle else {
            // SQLite may hand back a connection even when opening fails; it must still be closed.
            let error = handle.map { SQLiteConnection.error(code, handle: $0, path: path, busyTimeout: busyTimeout) }
                ?? StoreError(.unavailable, "cannot open the store \(path): SQLite could not allocate a connection")
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, Int32(clamping: max(busyTimeout, 0)))
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    /// Runs SQL without results (schema changes, pragmas that return nothing).
    func execute(_ sql: String) throws(StoreError) {
        let code = sqlite3_exec(handle, sql, nil, nil, nil)
        guard code == SQLITE_OK else { throw error(code) }
    }

    /// Runs SQL that returns one integer (`PRAGMA user_version`, `SELECT count(*) …`).
    func integer(_ sql: String) throws(StoreError) -> Int64 {
        let statement = try prepare(sql)
        defer { statement.reset() }
        guard try statement.step() else { return 0 }
        return statement.int64(0)
    }

    /// Runs SQL that returns one text (`PRAGMA journal_mode = WAL`).
    func text(_ sql: String) throws(StoreError) -> String? {
        let statement = try prepare(sql)
        defer { statement.reset() }
        guard try statement.step() else { return nil }
        return statement.text(0)
    }

    func prepare(_ sql: String) throws(StoreError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let code = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard code == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw error(code)
        }
        return SQLiteStatement(statement, connection: self)
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    var changes: Int { Int(sqlite3_changes(handle)) }

    /// Whether a transaction is open (SQLite rolls some back by itself after an error).
    var isInTransaction: Bool { sqlite3_get_autocommit(handle) == 0 }

    /// Whether the last call failed because another connection held a lock.
    var lastErrorWasBusy: Bool {
        let code = sqlite3_extended_errcode(handle) & 0xFF
        return code == SQLITE_BUSY || code == SQLITE_LOCKED
    }

    /// Whether SQLite opened the file read-only (it does so silently when it cannot write it).
    var isReadOnly: Bool { sqlite3_db_readonly(handle, "main") == 1 }

    func error(_ code: Int32) -> StoreError {
        Self.error(code, handle: handle, path: path, busyTimeout: busyTimeout)
    }

    /// What a failed SQLite call means for Beckon's user: locked, corrupt, or unreachable.
    static func error(_ code: Int32, handle: OpaquePointer, path: String, busyTimeout: Int64) -> StoreError {
        let message = String(cString: sqlite3_errmsg(handle))
        let systemError = sqlite3_system_errno(handle)
        let reason = systemError != 0 ? String(cString: strerror(systemError)) : message
        switch code & 0xFF {
        case SQLITE_BUSY, SQLITE_LOCKED:
            return StoreError(.unavailable, "the store \(path) is locked by another process (waited \(busyTimeout) ms)")
        case SQLITE_CORRUPT, SQLITE_NOTADB, SQLITE_FORMAT:
            return StoreError(.corrupt, "\(path) is not a Beckon store or is corrupt (SQLite: \(message))")
        case SQLITE_CANTOPEN:
            return StoreError(.unavailable, "cannot open the store \(path): \(StoreFile.accessProblem(of: path) ?? reason)")
        case SQLITE_READONLY, SQLITE_PERM, SQLITE_AUTH:
            return StoreError(.unavailable, "cannot write to the store \(path): \(StoreFile.accessProblem(of: path) ?? reason)")
        case SQLITE_FULL:
            return StoreError(.unavailable, "cannot write to the store \(path): the disk is full")
        case SQLITE_IOERR:
            return StoreError(.unavailable, "cannot read or write the store \(path): \(reason)")
        case SQLITE_NOMEM:
            return StoreError(.unavailable, "the store \(path) ran out of memory")
        case SQLITE_TOOBIG:
            return StoreError(.invalidData, "the store \(path) refused a value that is too large (SQLite: \(message))")
        default:
            return StoreError(.unavailable, "the store \(path) failed: \(message) (SQLite error \(code))")
        }
    }
}
