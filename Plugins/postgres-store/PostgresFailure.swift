import BeckonPluginKit
import CLibPQ

/// Why a statement or a connection failed, classified for what the store does next.
struct PostgresFailure: Error, Sendable {
    enum Kind: Sendable, Equatable {
        /// The connection is gone (server restarted, backend terminated, network cut): a write
        /// sent on it may or may not have landed.
        case connectionLost
        /// The server could not be reached or refused the connection.
        case unreachable
        /// 40001 serialization failure or 40P01 deadlock: the transaction did nothing; run it again.
        case retryable
        /// 57014: the statement ran past `statementTimeout` and was cancelled (it did nothing).
        case timeout
        /// The database is shutting down, out of resources or in recovery: try later.
        case unavailable
        /// Anything else: a bug, a missing privilege, a schema not as expected.
        case other
    }

    var kind: Kind
    /// The SQLSTATE, when the server sent one.
    var sqlState: String?
    /// A sentence for a person (never carries the password: see `Secret.scrub`).
    var message: String

    /// The failure a result reports (`result` may be NULL: out of memory or connection lost).
    static func from(_ result: OpaquePointer?, connection: OpaquePointer, secret: Secret) -> PostgresFailure {
        let state = result.flatMap { beckon_pq_sqlstate($0) }.map { String(cString: $0) }
        var text = result.flatMap { PQresultErrorMessage($0) }.map { String(cString: $0) } ?? ""
        if text.isEmpty { text = String(cString: PQerrorMessage(connection)) }
        let message = secret.scrub(oneLine(text))
        if PQstatus(connection) != CONNECTION_OK {
            return PostgresFailure(kind: .connectionLost, sqlState: state, message: message)
        }
        return PostgresFailure(kind: kind(of: state), sqlState: state, message: message)
    }

    /// The kind a SQLSTATE means (the connection still up).
    static func kind(of state: String?) -> Kind {
        guard let state else { return .other }
        switch state {
        case "40001", "40P01": return .retryable
        case "57014": return .timeout
        default: break
        }
        if state.hasPrefix("08") { return .connectionLost }
        if state.hasPrefix("53") || state.hasPrefix("57P") { return .unavailable }
        return .other
    }

    /// The plugin status and message the host gets.
    func pluginError(_ action: String) -> PluginError {
        let code = sqlState.map { " [SQLSTATE \($0)]" } ?? ""
        switch kind {
        case .timeout: return PluginError(.timeout, "\(action): \(message)\(code)")
        case .connectionLost, .unreachable, .unavailable, .retryable: return .unavailable("\(action): \(message)\(code)")
        case .other: return .internal("\(action): \(message)\(code)")
        }
    }

    /// libpq's messages end with a newline and may span lines ("DETAIL: ..."): one line, trimmed.
    static func oneLine(_ text: String) -> String {
        text.split(whereSeparator: \.isNewline).map { line in
            line.drop { $0 == " " || $0 == "\t" }
        }.joined(separator: " ")
    }
}
