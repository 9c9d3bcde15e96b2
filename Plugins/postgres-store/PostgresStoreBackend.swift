import BeckonPluginKit
#if canImport(Glibc)
import Glibc
#endif

/// `postgres.store`: subjects' records and logs in PostgreSQL, shared by every host that points
/// at the same database and schema.
///
/// Round trips: a load is one statement, a log read one, a commit one (the schema's `commit`
/// function does the compare-and-set, the log changes and the operation id in one transaction),
/// a page of subjects one (a range scan of the records' key), an erase one (the schema's `erase`
/// function: both tables, one transaction).
///
/// An unknown outcome is never applied twice. A commit carries a random operation id, which its
/// transaction records in the record's row (the subject's last 16 ids). When the connection
/// breaks after the commit was sent, the store cannot know whether it landed; it sends the same
/// commit, same id, on a new connection until it gets an answer (for up to twice `connectTimeout`
/// plus `statementTimeout`). If the first one landed, the second finds the version moved on and
/// the id recorded, changes nothing and answers 'applied-before'; if it did not, the second
/// applies it, or finds the version moved on without it: a plain conflict, after which the engine
/// reads again and decides again. Either way the engine hears of exactly one application. The
/// commit fails with a message saying its outcome is unknown only when the server stays
/// unreachable for the whole window, or when more than 16 other commits to the subject landed in
/// between (then its id may have scrolled out of the row).
final class PostgresStoreBackend: PluginSubjectDataBackend {
    private let pool: ConnectionPool
    private let statements: Statements
    /// How long a commit whose connection broke keeps trying to learn its outcome (ms).
    private let outcomeWindowMilliseconds: Int64

    init(options json: String) throws(PluginError) {
        let options = try PostgresOptions.parse(json)
        let settings = try ConnectionSettings(options)
        let schema = PostgresSchema(name: options.schema)
        statements = Statements(schema: schema.quoted)
        // Room for at least two reconnections and the commit sent again.
        outcomeWindowMilliseconds = 2 * Int64(options.connectTimeoutSeconds) * 1_000 + options.statementTimeoutMilliseconds
        pool = ConnectionPool(settings: settings, size: options.poolSize,
                              waitMilliseconds: Int64(options.connectTimeoutSeconds) * 1_000 + options.statementTimeoutMilliseconds)
        var migrationError: PluginError?
        do throws(PostgresFailure) {
            try pool.with { connection throws(PostgresFailure) in
                do throws(PluginError) { try schema.migrate(on: connection) } catch { migrationError = error }
            }
        } catch {
            throw error.pluginError("cannot open the PostgreSQL store")
        }
        if let migrationError { throw migrationError }
    }

    func load(subject: String) throws(PluginError) -> PluginRecord? {
        let result = try read("load") { connection throws(PostgresFailure) in
            try connection.execute("beckon_load", statements.load, [.bytes(Array(subject.utf8))], binaryResult: true)
        }
        guard result.rowCount > 0 else { return nil }
        return PluginRecord(version: result.int64(row: 0, column: 0), bytes: result.bytes(row: 0, column: 1))
    }

    func readLog(subject: String, event: String, since: Int64) throws(PluginError) -> [PluginDonation] {
        let result = try read("read_log") { connection throws(PostgresFailure) in
            try connection.execute("beckon_read_log", statements.readLog, [.bytes(Array(subject.utf8)), .bytes(Array(event.utf8)), .text(String(since))], binaryResult: true)
        }
        return (0..<result.rowCount).map { row in
            PluginDonation(time: result.int64(row: row, column: 0), info: result.bytes(row: row, column: 1))
        }
    }

    func commit(_ commit: PluginCommit) throws(PluginError) -> Bool {
        let parameters = CommitParameters.make(commit, operation: OperationID.random())
        var retries = 0
        var outcomeUnknownSince: Int64?
        while true {
            do {
                let answer = try pool.with(fresh: outcomeUnknownSince != nil) { connection throws(PostgresFailure) in
                    try connection.execute("beckon_commit", statements.commit, parameters, binaryResult: false).text(row: 0, column: 0)
                }
                switch answer {
                case "applied", "applied-before": return true
                case "conflict": return false
                case "conflict-unsure" where outcomeUnknownSince == nil: return false
                case "conflict-unsure":
                    throw PluginError.unavailable("""
                        commit: the outcome is unknown: the connection broke after the commit was sent, and more than \
                        \(PostgresSchema.recentOperations) other commits to the subject landed before it could be sent again
                        """)
                default: throw PluginError.internal("commit: the schema's commit function answered '\(answer)'")
                }
            } catch let failure as PostgresFailure {
                if failure.kind == .retryable, retries < 20 {
                    retries += 1
                    continue
                }
                // Lost after sending, or unreachable while finding out: send it again, same id.
                let outcomeUnknown = failure.kind == .connectionLost || (failure.kind == .unreachable && outcomeUnknownSince != nil)
                guard outcomeUnknown else {
                    // A sending before this one may have landed: the error must not say it did not.
                    throw failure.pluginError(outcomeUnknownSince == nil ? "commit" : "commit: the outcome is unknown (an earlier sending may have landed)")
                }
                let started = outcomeUnknownSince ?? Self.monotonicMilliseconds()
                outcomeUnknownSince = started
                guard Self.monotonicMilliseconds() - started < outcomeWindowMilliseconds else {
                    throw PluginError.unavailable("""
                        commit: the outcome is unknown: the connection broke after the commit was sent, \
                        and the server could not be asked again within \(outcomeWindowMilliseconds) ms (\(failure.message))
                        """)
                }
                Self.sleep(milliseconds: min(1_000, 25 << min(retries, 6)))
                retries += 1
            } catch let error as PluginError {
                throw error
            } catch {
                throw .internal("commit: \(error)")
            }
        }
    }

    func subjects(after: String?, limit: Int) throws(PluginError) -> [PluginListedSubject] {
        let result = try read("list_subjects") { connection throws(PostgresFailure) in
            if let after {
                try connection.execute("beckon_list_after", statements.listAfter, [.bytes(Array(after.utf8)), .text(String(limit))], binaryResult: true)
            } else {
                try connection.execute("beckon_list_first", statements.listFirst, [.text(String(limit))], binaryResult: true)
            }
        }
        return (0..<result.rowCount).map { row in
            PluginListedSubject(subject: String(decoding: result.bytes(row: row, column: 0), as: UTF8.self), lastActive: result.int64(row: row, column: 1))
        }
    }

    /// One call of the schema's `erase` function: one transaction. Sent again on a broken
    /// connection like a read: a first sending that landed makes the second find nothing (false).
    func erase(subject: String, activeBefore: Int64) throws(PluginError) -> Bool {
        let result = try read("erase_subject") { connection throws(PostgresFailure) in
            try connection.execute("beckon_erase", statements.erase, [.bytes(Array(subject.utf8)), .text(String(activeBefore))], binaryResult: false)
        }
        return result.rowCount == 1 && result.text(row: 0, column: 0) == "t"
    }

    /// Runs an idempotent read; on a broken connection, once more on a new one.
    private func read(_ action: String, _ body: (PostgresConnection) throws(PostgresFailure) -> QueryResult) throws(PluginError) -> QueryResult {
        var retries = 0
        while true {
            do throws(PostgresFailure) {
                return try pool.with(fresh: retries > 0) { connection throws(PostgresFailure) in try body(connection) }
            } catch {
                let again = (error.kind == .connectionLost && retries == 0) || (error.kind == .retryable && retries < 20)
                guard again else { throw error.pluginError(action) }
                retries += 1
            }
        }
    }

    private static func monotonicMilliseconds() -> Int64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return Int64(now.tv_sec) * 1_000 + Int64(now.tv_nsec) / 1_000_000
    }

    private static func sleep(milliseconds: Int) {
        var pause = timespec(tv_sec: milliseconds / 1_000, tv_nsec: (milliseconds % 1_000) * 1_000_000)
        var left = timespec()
        while nanosleep(&pause, &left) != 0, errno == EINTR { pause = left }
    }
}

/// The store's statements, with the schema's name in them.
struct Statements: Sendable {
    let load: String
    let readLog: String
    let commit: String
    /// The first subjects, and those after a cursor: a range scan of the records' primary key
    /// (bytea compares bytes, the header's order).
    let listFirst: String
    let listAfter: String
    let erase: String

    init(schema: String) {
        load = "SELECT version, record FROM \(schema).records WHERE subject = $1::bytea"
        readLog = "SELECT time, info FROM \(schema).donations WHERE subject = $1::bytea AND event = $2::bytea AND time >= $3::bigint ORDER BY time, seq"
        commit = "SELECT \(schema).commit($1::bytea, $2::bigint, $3::bytea, $4::uuid, $5::boolean, $6::bytea, $7::integer[], $8::bytea, $9::integer[], $10::bigint[], $11::bytea, $12::integer[], $13::bigint[], $14::bigint[], $15::bigint, $16::bigint)"
        listFirst = "SELECT subject, active_at FROM \(schema).records ORDER BY subject LIMIT $1::bigint"
        listAfter = "SELECT subject, active_at FROM \(schema).records WHERE subject > $1::bytea ORDER BY subject LIMIT $2::bigint"
        erase = "SELECT \(schema).erase($1::bytea, $2::bigint)"
    }
}
