import BeckonRuntime
import HTTPTypes
import Hummingbird

/// Asks for a bearer token under `/v1/` when tokens are configured (`AccessControl`): no token,
/// a malformed `Authorization` header or an unknown token is a 401 `unauthorized` problem with
/// `WWW-Authenticate: Bearer realm="beckon"`; a `read` token asking for a write is a 403
/// `forbidden` problem, each thrown (`ProblemError`). Neither the token nor the header is ever repeated in an answer.
struct AuthMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let access: AccessControl

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let route = AccessControl.access(method: request.method, path: request.uri.path)
        guard var needed = AccessControl.requiredScope(route) else {
            return try await next(request, context)
        }
        let tokens = access.tokens
        if tokens.isEmpty { return try await next(request, context) }
        guard let header = request.headers.value(of: .authorization) else {
            throw Self.unauthorized("this request needs a bearer token: Authorization: Bearer TOKEN", error: nil)
        }
        guard let token = AccessControl.bearerToken(in: header) else {
            throw Self.unauthorized("the Authorization header is not 'Bearer TOKEN'", error: "invalid_request")
        }
        guard let scope = tokens.scope(of: token) else {
            throw Self.unauthorized("the bearer token is not one the server knows", error: "invalid_token")
        }
        var request = request
        if route == .batch {
            needed = await Self.scope(ofBatchIn: &request)
        }
        guard scope >= needed else {
            throw ProblemError(Problem(.forbidden, "the token is read-only; \(request.method) \(request.uri.path) records, so it needs a write token"))
        }
        return try await next(request, context)
    }

    /// Whether a request to a route with this access and this `Authorization` header's value
    /// (nil: none) goes through this middleware unrefused and unread: a batch's body decides,
    /// so it never does here.
    static func admits(_ route: ServerRoute.Access, authorization: String?, access: AccessControl) -> Bool {
        guard route != .batch else { return false }
        guard let scope = AccessControl.requiredScope(route) else { return true }
        return access.grants(scope, authorization: authorization)
    }

    /// The scope a batch request needs: `read` when every operation of its body only reads, else
    /// `write` (a body that is not a batch is answered by the route, with a write token).
    static func scope(ofBatchIn request: inout Request) async -> BearerTokens.Scope {
        // The limits middleware before this one has read the body already, at most `--max-body`.
        guard let body = try? await request.collectBody(upTo: Int.max),
              let operations = BatchRequest.operationNames(in: Array(body.readableBytesView)),
              !operations.isEmpty
        else { return .write }
        return AccessControl.scope(ofBatch: operations)
    }

    /// A 401 problem with its `WWW-Authenticate` challenge (RFC 6750).
    static func unauthorized(_ detail: String, error: String?) -> ProblemError {
        let challenge = error.map { "Bearer realm=\"beckon\", error=\"\($0)\"" } ?? "Bearer realm=\"beckon\""
        return ProblemError(Problem(.unauthorized, detail), headers: [.wwwAuthenticate: challenge])
    }
}
