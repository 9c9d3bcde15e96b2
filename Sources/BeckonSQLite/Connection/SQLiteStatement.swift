import BeckonCore
internal import CSQLite

/// One prepared statement, compiled once and run many times: finalized in `deinit`. It keeps
/// its connection alive, so the connection always closes after its last statement.
final class SQLiteStatement {
    let handle: OpaquePointer
    let connection: SQLiteConnection

    init(_ handle: OpaquePointer, connection: SQLiteConnection) {
        self.handle = handle
        self.connection = connection
    }

    deinit {
        sqlite3_finalize(handle)
    }

    // MARK: Parameters (numbered from 1)

    func bind(_ index: Int32, _ value: Int64) throws(StoreError) {
        try check(sqlite3_bind_int64(handle, index, value))
    }

    func bind(_ index: Int32, _ text: String) throws(StoreError) {
        // withCString never hands out a null pointer, even for "", which SQLite would bind as NULL;
        // the explicit length keeps NUL characters inside the text.
        let code = text.withCString { pointer in
            beckon_sqlite3_bind_text_transient(handle, index, pointer, Int32(clamping: text.utf8.count))
        }
        try check(code)
    }

    /// Binds bytes, or NULL for nil.
    func bind(_ index: Int32, blob bytes: [UInt8]?) throws(StoreError) {
        guard let bytes else {
            try check(sqlite3_bind_null(handle, index))
            return
        }
        let code = bytes.withUnsafeBytes { buffer in
            beckon_sqlite3_bind_blob_transient(handle, index, buffer.baseAddress, Int32(clamping: buffer.count))
        }
        try check(code)
    }

    private func check(_ code: Int32) throws(StoreError) {
        guard code == SQLITE_OK else { throw connection.error(code) }
    }

    // MARK: Running

    /// Advances to the next row: true when there is one, false when done.
    func step() throws(StoreError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let code:
            let error = connection.error(code)
            sqlite3_reset(handle)
            throw error
        }
    }

    /// Runs a statement that returns no rows.
    func run() throws(StoreError) {
        defer { reset() }
        _ = try step()
    }

    /// Ends the run so that the statement holds no read lock and can run again.
    func reset() {
        sqlite3_reset(handle)
    }

    // MARK: Columns (numbered from 0)

    func int64(_ column: Int32) -> Int64 {
        sqlite3_column_int64(handle, column)
    }

    func isNull(_ column: Int32) -> Bool {
        sqlite3_column_type(handle, column) == SQLITE_NULL
    }

    /// The column's bytes, valid until the next step or reset.
    func blob(_ column: Int32) -> UnsafeBufferPointer<UInt8> {
        let count = Int(sqlite3_column_bytes(handle, column))
        guard count > 0, let bytes = sqlite3_column_blob(handle, column) else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: bytes.assumingMemoryBound(to: UInt8.self), count: count)
    }

    func text(_ column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else { return nil }
        return String(cString: text)
    }
}
