import BeckonRuntime
import HTTPTypes
import Hummingbird

/// Answers a request that no route takes (Hummingbird's `404`), so that every failure of the
/// server is `application/problem+json`: when routes have its path with other methods, 405
/// `method_not_allowed` with an `Allow` header naming them (RFC 9110 §15.5.6), or 204 with the
/// same `Allow` for `OPTIONS`; otherwise 404 `no_route`. The problems are thrown (`ProblemError`).
///
/// Added after every route, so that it knows them all (`Router.routes`); Hummingbird runs the
/// router's middleware around the answer of a request no route takes whenever it was added.
struct NoRouteMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// The routes' methods by the shape of their path.
    private let shapes: RouteShapes<Void>

    init(routes: [Router<Context>.RouteDescription]) {
        shapes = RouteShapes(routes.map { (path: $0.path.description, method: $0.method.rawValue, value: ()) })
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = allowedMethods(path: request.uri.path)
            guard !allowed.isEmpty else {
                throw ProblemError(Problem(.noRoute, "no route for \(request.method) \(request.uri.path); the routes are under /v1/subjects/{subject}/"))
            }
            let allow = (allowed + ["OPTIONS"]).sorted().joined(separator: ", ")
            if request.method == .options {
                return Response(status: .noContent, headers: [.allow: allow])
            }
            throw ProblemError(Problem(.methodNotAllowed, "\(request.uri.path) does not take \(request.method); it takes \(allow)"),
                               headers: [.allow: allow])
        }
    }

    /// The methods of the routes whose shape `path` fills (none when no route has its path).
    func allowedMethods(path: String) -> [String] {
        Set(shapes.matches(path: path).map(\.method)).sorted()
    }
}
