import BeckonRuntime
import Hummingbird

/// Answers a request that no route takes (Hummingbird's `404`) with a `no_route` problem, so
/// that every failure of the server is `application/problem+json`.
struct NoRouteProblem: RouterMiddleware {
    typealias Context = BasicRequestContext

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            return ServerRoutes.problem(Problem(.noRoute, "no route for \(request.method) \(request.uri.path); the routes are under /v1/subjects/{subject}/"))
        }
    }
}
