import CSQLite

/// A plain sqlite3 connection, as another program (or another Beckon process) would hold one:
/// what the tests use to tamper with a store or lock it.
final class RawSQLite {
    let handle: OpaquePointer

    init(_ path: String) throws {
        var handle: OpaquePointer?
        let code = sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nil)
        guard code == SQLITE_OK, let handle else {
            sqlite3_close_v2(handle)
            throw RawSQLiteError(message: "cannot open \(path): \(code)")
        }
        self.handle = handle
    }

    deinit {
        sqlite3_close_v2(handle)
    }

    func execute(_ sql: String) throws {
        var message: UnsafeMutablePointer<CChar>?
        guard sqlite3_exec(handle, sql, nil, nil, &message) == SQLITE_OK else {
            defer { sqlite3_free(message) }
            throw RawSQLiteError(message: message.map { String(cString: $0) } ?? "error")
        }
    }

    /// The first column of the first row, as text.
    func text(_ sql: String) throws -> String? {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, sql, -1, &statement, nil) == SQLITE_OK else {
            throw RawSQLiteError(message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW, let text = sqlite3_column_text(statement, 0) else { return nil }
        return String(cString: text)
    }

    /// Takes a store of the current schema back to what schema 2 had, before subjects' last
    /// activity and the erasures count (the caller sets the schema version it wants).
    func removeSchema3() throws {
        try execute("ALTER TABLE subjects DROP COLUMN active; DROP TABLE erasures")
    }

    /// Writes raw bytes into the record column of a subject.
    func setRecord(of subject: String, to bytes: [UInt8]) throws {
        var statement: OpaquePointer?
        guard sqlite3_prepare_v2(handle, "UPDATE subjects SET record = ?2 WHERE subject = ?1", -1, &statement, nil) == SQLITE_OK else {
            throw RawSQLiteError(message: String(cString: sqlite3_errmsg(handle)))
        }
        defer { sqlite3_finalize(statement) }
        _ = subject.withCString { beckon_sqlite3_bind_text_transient(statement, 1, $0, Int32(subject.utf8.count)) }
        _ = bytes.withUnsafeBytes { beckon_sqlite3_bind_blob_transient(statement, 2, $0.baseAddress, Int32($0.count)) }
        guard sqlite3_step(statement) == SQLITE_DONE else { throw RawSQLiteError(message: String(cString: sqlite3_errmsg(handle))) }
    }
}

struct RawSQLiteError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
