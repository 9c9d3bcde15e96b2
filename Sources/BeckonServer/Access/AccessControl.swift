public import Hummingbird
import Synchronization

/// Who may ask `beckon serve` what: the bearer tokens in force (replaced whole by `reload()`,
/// for SIGHUP) and the scope a request needs: its route's (`ServerRoute.table`: nothing for
/// `/healthz`, `/readyz`, `/metrics`, `/openapi.yaml`; `read` for what only reads, OFREP's
/// evaluations included, and a batch whose operations all only read; `write` for the rest). A
/// request no route takes with its method needs, under `/v1/`, `read` for `GET` and `HEAD`
/// and `write` for any other method, and `read` under `/ofrep/`, so that what it is answered
/// (404, 405) tells nothing to whoever may not ask.
///
/// With no token configured, nothing is asked for.
public final class AccessControl: Sendable {
    /// Where the tokens come from, so that `reload()` can read them again.
    public enum Source: Sendable {
        /// A tokens file (`--tokens FILE`), read again on reload.
        case file(String)
        /// Text in the tokens format (`BECKON_TOKENS`), fixed for the process's life.
        case text(String, name: String)
    }

    /// Where the tokens were read from.
    public let source: Source
    private let current: Mutex<BearerTokens>

    /// Reads the tokens of `source` (a `TokensError` when they cannot be read).
    public init(source: Source) throws(TokensError) {
        self.source = source
        current = Mutex(try Self.read(source))
    }

    /// The tokens in force.
    public var tokens: BearerTokens { current.withLock { $0 } }

    /// Reads the tokens again from the source and, if they read, puts them in force at once
    /// (requests already admitted are not affected); if not, the tokens in force stay and the
    /// error says why (file and line, never a token).
    @discardableResult
    public func reload() throws(TokensError) -> Int {
        let tokens = try Self.read(source)
        current.withLock { $0 = tokens }
        return tokens.count
    }

    /// The tokens of `source`; none at all is an error (an empty file would otherwise turn
    /// authentication off without a word).
    private static func read(_ source: Source) throws(TokensError) -> BearerTokens {
        let tokens: BearerTokens
        let name: String
        switch source {
        case .file(let path):
            tokens = try BearerTokens.load(file: path)
            name = path
        case .text(let text, let textName):
            tokens = try BearerTokens(parsing: text, source: textName, commaSeparated: true)
            name = textName
        }
        if tokens.isEmpty { throw TokensError(.malformed, "\(name): holds no token ('read TOKEN' or 'write TOKEN' lines)") }
        return tokens
    }

    /// The token of an `Authorization: Bearer TOKEN` header's value (the scheme in any case),
    /// or nil when the value is not of that form.
    static func bearerToken(in header: String) -> Substring? {
        guard header.count > 7, header.prefix(7).lowercased() == "bearer " else { return nil }
        return Substring(header.dropFirst(7).drop(while: { $0 == " " }))
    }

    /// Whether a request with this `Authorization` header's value (nil: none) is granted
    /// `scope`: always when no token is configured.
    func grants(_ scope: BearerTokens.Scope, authorization header: String?) -> Bool {
        let tokens = tokens
        if tokens.isEmpty { return true }
        guard let header, let token = Self.bearerToken(in: header), let granted = tokens.scope(of: token) else { return false }
        return granted >= scope
    }

    /// Whether `host` is a loopback address, where a server without tokens is reachable only
    /// from its own machine.
    public static func isLoopback(host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    /// The operations of a batch that only read (their routes need a `read` token): a batch
    /// made of these alone needs only a `read` token.
    public static let readingOperations: Set<String> = Set(ServerRoute.table.filter { $0.access == .read }.compactMap(\.operation))

    /// The scope a batch of these operations (their `op` names) needs.
    public static func scope(ofBatch operations: [String]) -> BearerTokens.Scope {
        operations.allSatisfy(readingOperations.contains) ? .read : .write
    }

    /// The paths that need no token whatever is configured.
    public static let openPaths: Set<String> = Set(ServerRoute.table.filter { $0.access == .open }.map(\.path))

    /// The access of each route by the shape of its path (`HEAD` as its `GET`).
    private static let routeAccess = RouteShapes(ServerRoute.table.flatMap { route in
        [(path: route.path, method: route.method.rawValue, value: route.access)]
            + (route.answersHead ? [(path: route.path, method: HTTPRequest.Method.head.rawValue, value: route.access)] : [])
    })

    /// What a request with this method and path needs: nil for none, else the least scope. A
    /// batch (`POST /v1/subjects/{subject}/batch`) needs `.read` here; its operations decide
    /// (`scope(ofBatch:)`).
    public static func requiredScope(method: HTTPRequest.Method, path: String) -> BearerTokens.Scope? {
        requiredScope(access(method: method, path: path))
    }

    /// The least scope a route with this access needs (nil for none).
    static func requiredScope(_ access: ServerRoute.Access) -> BearerTokens.Scope? {
        switch access {
        case .open: nil
        case .read, .batch: .read
        case .write: .write
        }
    }

    /// The access of the route a request with this method and path reaches (see the type's
    /// comment for a request no route takes).
    static func access(method: HTTPRequest.Method, path: String) -> ServerRoute.Access {
        if let access = routeAccess.first(method: method.rawValue, path: path) { return access }
        if path.hasPrefix("/ofrep/") { return .read }
        guard path == "/v1" || path.hasPrefix("/v1/") else { return .open }
        return method == .get || method == .head ? .read : .write
    }
}
