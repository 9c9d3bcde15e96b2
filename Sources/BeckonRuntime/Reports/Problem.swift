public import BeckonCore

/// A failure of an operation as every host reports it: Beckon's code, the CLI's exit code for
/// it, the HTTP status `beckon serve` answers with, and what went wrong (with "did you mean"
/// where there is a likely id). `beckon serve` answers it as RFC 9457
/// `application/problem+json` (`json`); the CLI exits with `code.statuses.exitCode`.
public struct Problem: Error, Sendable, Equatable {
    /// Beckon's code for a failure, named as the C API's statuses are (`BECKON_NOT_FOUND` →
    /// `not_found`), with the CLI's exit code and the HTTP status of each in one table.
    public enum Code: String, Sendable, CaseIterable {
        /// The request is malformed: an unknown or repeated query member, a body that is not the
        /// documented JSON object (the CLI's usage error).
        case usage
        /// No route has this path (the CLI's unknown subcommand).
        case noRoute = "no_route"
        /// The body is larger than the server reads.
        case tooLarge = "too_large"
        /// A value of the wrong type or form: `now`, `appVersion`, a transient parameter, an info field.
        case invalidArgument = "invalid_argument"
        /// An id that the configuration does not declare (tip, event, scenario, parameter).
        case notFound = "not_found"
        /// An operation that does not apply to what it names (triggering a scenario that counts an event).
        case notApplicable = "not_applicable"
        /// The configuration file cannot be read (at start or on reload; never a request's fault).
        case noInput = "no_input"
        /// The store or a plugin is unavailable.
        case unavailable
        /// Other writers kept changing the subject; nothing was written, the request may be retried.
        case conflict
        /// A bug in Beckon.
        case internalError = "internal"
        /// `beckon serve` only: the request carries no valid bearer token.
        case unauthorized
        /// `beckon serve` only: the token's scope does not allow the operation (a read-only
        /// token asking for a write).
        case forbidden
        /// `beckon serve` only: the subject in the path is longer than the server accepts.
        case subjectTooLong = "subject_too_long"
        /// `beckon serve` only: the request's target (its path and query) is longer than the
        /// server reads.
        case targetTooLong = "target_too_long"
        /// `beckon serve` only: the request's headers are larger than the server reads.
        case headersTooLarge = "headers_too_large"
        /// `beckon serve` only: the request did not arrive whole within the server's time limit.
        case timeout
        /// `beckon serve` only: the path has routes, none for this method (the `Allow` header
        /// names theirs).
        case methodNotAllowed = "method_not_allowed"
        /// `beckon serve` only: the body comes in a content coding the server does not read
        /// (`Content-Encoding: gzip`).
        case unsupportedEncoding = "unsupported_encoding"

        /// THE status table: what the CLI exits with for this failure, and the HTTP status the
        /// server answers with. The CLI's exit codes are sysexits, the HTTP statuses follow
        /// from whose fault it is:
        ///
        /// | code             | CLI exit | HTTP | why                                                      |
        /// |------------------|----------|------|----------------------------------------------------------|
        /// | usage            | 64       | 400  | the request's shape is wrong (the only 400)              |
        /// | no_route         | 64       | 404  | no route has this path                                   |
        /// | too_large        | 64       | 413  | the body is larger than the server reads                 |
        /// | invalid_argument | 65       | 422  | a value in the request does not hold (its form, its type) |
        /// | not_found        | 65       | 404  | the path names an id the configuration does not declare  |
        /// | not_applicable   | 65       | 422  | the id exists, the operation does not apply to it        |
        /// | no_input         | 66       | 503  | the server's own file is missing: not the client's fault |
        /// | unavailable      | 69       | 503  | the store or a plugin is down; retry later               |
        /// | conflict         | 69       | 409  | concurrent writers (the C API's BECKON_CONFLICT); retry  |
        /// | internal         | 70       | 500  | a bug                                                    |
        /// | unauthorized     | –        | 401  | no valid bearer token (`beckon serve` only)              |
        /// | forbidden        | –        | 403  | the token's scope does not allow the operation           |
        /// | subject_too_long | –        | 414  | the subject in the path is longer than allowed           |
        /// | target_too_long  | –        | 414  | the request's target (path and query) is longer than allowed |
        /// | headers_too_large| –        | 431  | the request's headers are larger than allowed            |
        /// | timeout          | –        | 408  | the request did not arrive within the time limit         |
        /// | method_not_allowed | –      | 405  | the path's routes take other methods (`Allow` names them) |
        /// | unsupported_encoding | –    | 415  | the body's `Content-Encoding` is one the server does not read |
        ///
        /// The CLI's usage errors (64) are malformed requests (400, 404, 413); its data errors (65) are
        /// well-formed requests whose ids or values do not hold against the configuration (404,
        /// 422): whether `plan=pro` is a value depends on the parameter's declared type.
        ///
        /// The last eight are the HTTP server's own: no CLI command fails that way, so they have
        /// no exit code (the problem document omits `exitCode`).
        /// A negative answer (the CLI's exit 1: tip not available, scenario not executed) is an
        /// answer, not a problem: 200 with the same JSON as `--json`.
        public var statuses: (exitCode: Int32?, httpStatus: Int) {
            switch self {
            case .usage: (64, 400)
            case .noRoute: (64, 404)
            case .tooLarge: (64, 413)
            case .invalidArgument: (65, 422)
            case .notFound: (65, 404)
            case .notApplicable: (65, 422)
            case .noInput: (66, 503)
            case .unavailable: (69, 503)
            case .conflict: (69, 409)
            case .internalError: (70, 500)
            case .unauthorized: (nil, 401)
            case .forbidden: (nil, 403)
            case .subjectTooLong: (nil, 414)
            case .targetTooLong: (nil, 414)
            case .headersTooLarge: (nil, 431)
            case .timeout: (nil, 408)
            case .methodNotAllowed: (nil, 405)
            case .unsupportedEncoding: (nil, 415)
            }
        }

        /// The problem's `title`: one phrase per code.
        var title: String {
            switch self {
            case .usage: "Malformed request"
            case .noRoute: "No such route"
            case .tooLarge: "Body too large"
            case .invalidArgument: "Invalid value"
            case .notFound: "Not declared in the configuration"
            case .notApplicable: "Operation does not apply"
            case .noInput: "Configuration unreadable"
            case .unavailable: "Store or plugin unavailable"
            case .conflict: "Concurrent writers"
            case .internalError: "Internal error"
            case .unauthorized: "Missing or invalid token"
            case .forbidden: "Token not allowed to write"
            case .subjectTooLong: "Subject too long"
            case .targetTooLong: "Request target too long"
            case .headersTooLarge: "Headers too large"
            case .timeout: "Request timeout"
            case .methodNotAllowed: "Method not allowed"
            case .unsupportedEncoding: "Content coding not supported"
            }
        }
    }

    /// Beckon's code.
    public var code: Code
    /// What went wrong, as the CLI's `beckon: error:` line says it (without that prefix).
    public var detail: String
    /// For `not_found`: what kind of thing was named ("tip", "event", …).
    public var kind: String?
    /// For `not_found`: the id that was named.
    public var id: String?
    /// For `not_found`: the declared id it is probably a typo of.
    public var suggestion: String?

    /// A problem with a code and its detail.
    public init(_ code: Code, _ detail: String, kind: String? = nil, id: String? = nil, suggestion: String? = nil) {
        self.code = code
        self.detail = detail
        self.kind = kind
        self.id = id
        self.suggestion = suggestion
    }

    /// The problem an engine error is, mapped as the CLI maps it to an exit code.
    public init(_ error: EngineError) {
        switch error {
        case .undeclared(let kind, let id, let suggestion):
            self.init(.notFound, error.description, kind: kind, id: id, suggestion: suggestion)
        case .invalidValue:
            self.init(.invalidArgument, error.description)
        case .notApplicable:
            self.init(.notApplicable, error.description)
        case .store:
            self.init(.unavailable, error.description)
        case .contention:
            self.init(.conflict, error.description)
        }
    }

    /// The HTTP status of the problem.
    public var httpStatus: Int { code.statuses.httpStatus }

    /// The `application/problem+json` document: `type` (a URN per code), `title`, `status`,
    /// `detail`, and Beckon's members `code`, `exitCode` (for the codes the CLI has), and for `not_found` `kind`, `id` and
    /// `suggestion` (when there is one). Keys sorted, as every answer of Beckon's.
    public var json: JSONValue {
        var members: [(String, JSONValue)] = [
            ("type", .string("urn:beckon:problem:\(code.rawValue)")),
            ("title", .string(code.title)),
            ("status", .int(Int64(httpStatus))),
            ("detail", .string(detail)),
            ("code", .string(code.rawValue)),
        ]
        if let exitCode = code.statuses.exitCode { members.append(("exitCode", .int(Int64(exitCode)))) }
        if let kind { members.append(("kind", .string(kind))) }
        if let id { members.append(("id", .string(id))) }
        if let suggestion { members.append(("suggestion", .string(suggestion))) }
        return .object(JSONObject(members))
    }
}
