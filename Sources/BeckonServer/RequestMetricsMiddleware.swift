import BeckonRuntime
import Hummingbird

/// Counts every request in `ServerMetrics`: those in flight, and once answered by route
/// template, method and status, with its duration; and the store's failures (the problems `unavailable` and `conflict`, told by their
/// status in `Problem.Code.statuses` on a problem answer).
struct RequestMetricsMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let metrics: ServerMetrics

    /// The problem codes of the store's failures, by HTTP status.
    static let storeErrors: [Int: Problem.Code] = Dictionary(
        uniqueKeysWithValues: [Problem.Code.unavailable, .conflict].map { ($0.statuses.httpStatus, $0) })

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        metrics.requestStarted()
        do {
            let response = try await next(request, context)
            let status = response.status.code
            metrics.recordRequest(route: context.endpointPath, method: request.method.rawValue, status: status,
                                  duration: ContinuousClock.now - start)
            if let code = Self.storeErrors[status], response.headers[.contentType] == "application/problem+json" {
                metrics.recordStoreError(code)
            }
            return response
        } catch {
            metrics.recordRequest(route: context.endpointPath, method: request.method.rawValue, status: Self.status(of: error),
                                  duration: ContinuousClock.now - start)
            throw error
        }
    }

    /// The status a thrown error is answered with.
    static func status(of error: any Error) -> Int {
        (error as? any HTTPResponseError)?.status.code ?? 500
    }
}
