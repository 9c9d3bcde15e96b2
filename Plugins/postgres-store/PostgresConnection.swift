import CLibPQ

/// One parameter of a statement: text, or raw bytes (sent in binary).
enum StatementParameter {
    case text(String)
    case bytes([UInt8])
}

/// One libpq connection, used by one thread at a time (the pool hands it out), with the store's
/// statements prepared on it.
final class PostgresConnection {
    private let raw: OpaquePointer
    private let secret: Secret
    /// The statements prepared on this connection, by name.
    private var prepared: Set<String> = []

    /// Opens a connection, waiting at most the connect timeout.
    init(_ settings: ConnectionSettings) throws(PostgresFailure) {
        let connection = Self.connect(settings)
        guard let connection else {
            throw PostgresFailure(kind: .unreachable, sqlState: nil, message: "out of memory opening a connection")
        }
        guard PQstatus(connection) == CONNECTION_OK else {
            let message = settings.secret.scrub(PostgresFailure.oneLine(String(cString: PQerrorMessage(connection))))
            PQfinish(connection)
            throw PostgresFailure(kind: .unreachable, sqlState: nil, message: "cannot connect to the server: " + message)
        }
        raw = connection
        secret = settings.secret
    }

    deinit { PQfinish(raw) }

    /// Whether libpq knows the connection is gone.
    var isBroken: Bool { PQstatus(raw) != CONNECTION_OK }

    /// Runs `sql` (no parameters, possibly several statements); true on success.
    @discardableResult
    func run(_ sql: String) throws(PostgresFailure) -> QueryResult {
        let result = PQexec(raw, sql)
        return try checked(result)
    }

    /// Runs the prepared statement `name` (preparing `sql` under that name on first use).
    func execute(_ name: String, _ sql: String, _ parameters: [StatementParameter], binaryResult: Bool) throws(PostgresFailure) -> QueryResult {
        if !prepared.contains(name) {
            try checked(PQprepare(raw, name, sql, Int32(parameters.count), nil))
            prepared.insert(name)
        }
        let values = UnsafeMutablePointer<UnsafePointer<CChar>?>.allocate(capacity: max(1, parameters.count))
        let lengths = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, parameters.count))
        let formats = UnsafeMutablePointer<Int32>.allocate(capacity: max(1, parameters.count))
        var buffers: [UnsafeMutablePointer<CChar>] = []
        defer {
            buffers.forEach { $0.deallocate() }
            values.deallocate()
            lengths.deallocate()
            formats.deallocate()
        }
        for (index, parameter) in parameters.enumerated() {
            let bytes: [UInt8]
            switch parameter {
            case .text(let text):
                bytes = Array(text.utf8) + [0]
                formats[index] = 0
            case .bytes(let raw):
                bytes = raw
                formats[index] = 1
            }
            let buffer = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
            bytes.withUnsafeBufferPointer { source in
                source.withMemoryRebound(to: CChar.self) { buffer.update(from: $0.baseAddress!, count: $0.count) }
            }
            buffers.append(buffer)
            values[index] = UnsafePointer(buffer)
            lengths[index] = Int32(formats[index] == 1 ? bytes.count : bytes.count - 1)
        }
        let result = PQexecPrepared(raw, name, Int32(parameters.count), values, lengths, formats, binaryResult ? 1 : 0)
        return try checked(result)
    }

    @discardableResult
    private func checked(_ result: OpaquePointer?) throws(PostgresFailure) -> QueryResult {
        if let result {
            let status = PQresultStatus(result)
            if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return QueryResult(result) }
        }
        let failure = PostgresFailure.from(result, connection: raw, secret: secret)
        if let result { PQclear(result) }
        throw failure
    }

    private static func connect(_ settings: ConnectionSettings) -> OpaquePointer? {
        let keywords = settings.keywords.map { strdup($0) }
        let values = settings.values.map { strdup($0) }
        defer {
            keywords.forEach { free($0) }
            values.forEach { free($0) }
        }
        let keywordArray = keywords.map { UnsafePointer($0) } + [nil]
        let valueArray = values.map { UnsafePointer($0) } + [nil]
        return PQconnectdbParams(keywordArray, valueArray, settings.expandsURL ? 1 : 0)
    }
}

/// A statement's rows, freed with the object.
final class QueryResult {
    private let raw: OpaquePointer

    init(_ raw: OpaquePointer) { self.raw = raw }
    deinit { PQclear(raw) }

    var rowCount: Int { Int(PQntuples(raw)) }

    /// A value's bytes (binary results) or text (text results), as bytes.
    func bytes(row: Int, column: Int) -> [UInt8] {
        let length = Int(PQgetlength(raw, Int32(row), Int32(column)))
        guard length > 0, let value = PQgetvalue(raw, Int32(row), Int32(column)) else { return [] }
        return value.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// A text result's value.
    func text(row: Int, column: Int) -> String {
        String(decoding: bytes(row: row, column: column), as: UTF8.self)
    }

    /// A binary result's `bigint` (8 bytes, network order).
    func int64(row: Int, column: Int) -> Int64 {
        let value = bytes(row: row, column: column)
        guard value.count == 8 else { return 0 }
        return value.reduce(Int64(0)) { ($0 << 8) | Int64($1) }
    }
}

#if canImport(Glibc)
import Glibc
#endif
