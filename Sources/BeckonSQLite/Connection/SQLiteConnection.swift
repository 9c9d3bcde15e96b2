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

    /// How a connection opens its file.
    enum Access {
        /// Read and write, creating the file if missing (SQLite itself falls back to reading
        /// when the file cannot be written).
        case readWrite
        /// Read only, with the usual locks: the write-ahead log's index file must exist or be
        /// creatable next to the file.
        case readOnly
        /// Read only, taking no locks and using no side files: for a file whose folder cannot
        /// be written, where nobody can write the store either.
        case immutable
    }

    init(path: String, busyTimeout: Int64, access: Access = .readWrite) throws(StoreError) {
        self.path = path
        self.busyTimeout = busyTimeout
        var handle: OpaquePointer?
        // No SQLite mutexes: the store's lock already serializes the connection.
        let common = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE
        let code: Int32
        switch access {
        case .readWrite:
            code = sqlite3_open_v2(Self.fileName(path), &handle, common | SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        case .readOnly:
            code = sqlite3_open_v2(Self.fileName(path), &handle, common | SQLITE_OPEN_READONLY, nil)
        case .immutable:
            code = sqlite3_open_v2(Self.immutableURI(path), &handle, common | SQLITE_OPEN_READONLY | SQLITE_OPEN_URI, nil)
        }
        guard code == SQLITE_OK, let handle else {
            // SQLite may hand back a connection even when opening fails; it must still be closed.
            let error = handle.map { SQLiteConnection.error(code, handle: $0, path: path, busyTimeout: busyTimeout) }
                ?? StoreError(.unavailable, "cannot open the store \(path): SQLite could not allocate a connection")
            sqlite3_close_v2(handle)
            throw error
        }
        self.handle = handle
        sqlite3_busy_timeout(handle, Int32(clamping: max(busyTimeout, 0)))
        // The write-ahead log and its index stay beside the file when the last connection
        // closes (emptied, see `SQLiteSchema.journalSizeLimit`), so that a short-lived process,
        // such as one CLI call, neither creates nor deletes two files: that was a tenth of a cold
        // `beckon tip status`'s system time.
        var persist: Int32 = 1
        sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &persist)
    }

    /// The path as SQLite must see it to take it as a file: SQLite gives `:memory:` (and, when
    /// built with URI support, `file:…`) a meaning of their own, and neither begins with `/` or
    /// `./`. No URI flag is ever passed with a path the user wrote.
    static func fileName(_ path: String) -> String {
        path.hasPrefix("/") ? path : "./" + path
    }

    /// A `file:` URI built here, every byte of the absolute path but the unreserved ones
    /// percent-encoded (so nothing in the path can read as a URI parameter), with `immutable=1`.
    static func immutableURI(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            if getcwd(&buffer, buffer.count) != nil {
                let folder = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                absolute = (folder.hasSuffix("/") ? folder : folder + "/") + path
            }
        }
        var uri = "file:"
        for byte in absolute.utf8 {
            let isUnreserved = (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39)
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "~") || byte == UInt8(ascii: "/")
            if isUnreserved {
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF".unicodeScalars)
                uri.unicodeScalars.append("%")
                uri.unicodeScalars.append(hex[Int(byte >> 4)])
                uri.unicodeScalars.append(hex[Int(byte & 0x0F)])
            }
        }
        return uri + "?immutable=1"
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

    /// A watch on the WAL index of the main database, when it is in WAL mode and SQLite has
    /// the index mapped: its first region, as the VFS's `xShmMap` hands it out (without
    /// extending or creating anything).
    func walIndexWatch() -> WalIndexWatch? {
        guard (try? text("PRAGMA journal_mode"))?.lowercased() == "wal" else { return nil }
        var file: UnsafeMutablePointer<sqlite3_file>?
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_FILE_POINTER, &file) == SQLITE_OK,
              let file, let methods = file.pointee.pMethods, methods.pointee.iVersion >= 2,
              let map = methods.pointee.xShmMap else { return nil }
        var region: UnsafeMutableRawPointer?
        guard map(file, 0, 32_768, 0, &region) == SQLITE_OK, let region else { return nil }
        return WalIndexWatch(mapping: UnsafeRawPointer(region), of: self)
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
