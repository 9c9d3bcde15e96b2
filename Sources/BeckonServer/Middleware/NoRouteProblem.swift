import BeckonRuntime
import HTTPTypes
import Hummingbird

/// Answers a request that no route takes (Hummingbird's `404`), so that every failure of the
/// server is `application/problem+json`: when routes have its path with other methods, 405
/// `method_not_allowed` with an `Allow` header naming them (RFC 9110 §15.5.6), or 204 with the
/// same `Allow` for `OPTIONS`; otherwise 404 `no_route`.
///
/// Added after every route, so that it knows them all (`Router.routes`); Hummingbird runs the
/// router's middleware around the answer of a request no route takes whenever it was added.
struct NoRouteProblem: RouterMiddleware {
    typealias Context = BasicRequestContext

    /// A route's path, a segment at a time: nil for a parameter (`{subject}`), which any
    /// non-empty segment fills.
    private typealias Shape = [Substring?]

    /// The methods of each path shape that has routes.
    private let methodsByShape: [(shape: Shape, methods: Set<String>)]

    init(routes: [Router<Context>.RouteDescription]) {
        var methods: [String: (shape: Shape, methods: Set<String>)] = [:]
        for route in routes {
            let path = route.path.description
            let shape = Self.segments(of: path).map { segment -> Substring? in
                segment.hasPrefix("{") && segment.hasSuffix("}") ? nil : segment
            }
            methods[path, default: (shape, [])].methods.insert(route.method.rawValue)
        }
        methodsByShape = Array(methods.values)
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let allowed = allowedMethods(path: request.uri.path)
            guard !allowed.isEmpty else {
                return ServerRoutes.problem(Problem(.noRoute, "no route for \(request.method) \(request.uri.path); the routes are under /v1/subjects/{subject}/"))
            }
            let allow = (allowed + ["OPTIONS"]).sorted().joined(separator: ", ")
            if request.method == .options {
                return Response(status: .noContent, headers: [.allow: allow])
            }
            var response = ServerRoutes.problem(Problem(.methodNotAllowed, "\(request.uri.path) does not take \(request.method); it takes \(allow)"))
            response.headers[.allow] = allow
            return response
        }
    }

    /// The methods of the routes whose shape `path` fills (none when no route has its path).
    func allowedMethods(path: String) -> [String] {
        let segments = Self.segments(of: path)
        var allowed: Set<String> = []
        for (shape, methods) in methodsByShape where shape.count == segments.count {
            if zip(shape, segments).allSatisfy({ literal, segment in literal.map { $0 == segment } ?? true }) {
                allowed.formUnion(methods)
            }
        }
        return allowed.sorted()
    }

    /// A path's non-empty segments, as the router reads a path.
    private static func segments(of path: String) -> [Substring] {
        path.split(separator: "/")
    }
}

extension RouterMethods {
    /// Adds `handler` for `GET` at `path`, and for `HEAD` with the same status and headers
    /// (`Content-Length` and `ETag` included) and no body (RFC 9110 §9.3.2).
    @discardableResult
    func getAndHead(_ path: RouterPath = "", use handler: @escaping @Sendable (Request, Context) async throws -> Response) -> Self {
        get(path, use: handler)
        return head(path) { request, context in
            var response = try await handler(request, context)
            let length = response.headers[.contentLength]
            response.body = ResponseBody()
            response.headers[.contentLength] = length
            return response
        }
    }
}
