import BeckonCore
import BeckonRuntime

/// A failed OFREP evaluation: OpenFeature's error code, what went wrong, and the HTTP status it
/// is answered with; its body is OFREP's `{key, errorCode, errorDetails}` (no `key` for a bulk
/// request that fails whole).
///
/// | code                    | HTTP | when                                                        |
/// |-------------------------|------|-------------------------------------------------------------|
/// | `PARSE_ERROR`           | 400  | the body is not a JSON object                               |
/// | `TARGETING_KEY_MISSING` | 400  | the context has no `targetingKey`, or an empty one          |
/// | `INVALID_CONTEXT`       | 400  | an attribute Beckon reads is of the wrong type or form, or the decision needs one that is missing (no app version) |
/// | `FLAG_NOT_FOUND`        | 404  | the key names nothing the configuration declares ("did you mean") |
/// | `GENERAL`               | the `Problem` table's | the store or a plugin failed (503), concurrent writers (409), a bug (500) |
struct OFREPFailure: Error, Sendable {
    /// OpenFeature's error codes that Beckon answers with.
    enum Code: String, Sendable {
        case parseError = "PARSE_ERROR"
        case targetingKeyMissing = "TARGETING_KEY_MISSING"
        case invalidContext = "INVALID_CONTEXT"
        case flagNotFound = "FLAG_NOT_FOUND"
        case general = "GENERAL"
    }

    var code: Code
    var details: String
    /// The HTTP status; for `GENERAL`, the one of the engine's failure in the `Problem` table.
    var status: Int

    init(_ code: Code, _ details: String, status: Int? = nil) {
        self.code = code
        self.details = details
        self.status = status ?? (code == .flagNotFound ? 404 : code == .general ? 500 : 400)
    }

    /// An engine's failure to decide a declared flag: a value it refused or a missing app
    /// version is the context's fault; the store's and the engine's own are `GENERAL`.
    init(_ error: EngineError) {
        let problem = Problem(error)
        switch problem.code {
        case .invalidArgument, .notApplicable: self.init(.invalidContext, problem.detail)
        case .notFound: self.init(.flagNotFound, problem.detail)
        default: self.init(.general, problem.detail, status: problem.httpStatus)
        }
    }

    /// The failure's members, with the flag's `key` when it is about one.
    func json(key: String?) -> JSONObject {
        var members: [(JSONKey, JSONValue)] = [("errorCode", .string(code.rawValue)), ("errorDetails", .string(details))]
        if let key { members.append(("key", .string(key))) }
        return JSONObject(sortedKeys: members)
    }
}
