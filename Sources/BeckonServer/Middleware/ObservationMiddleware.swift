import BeckonRuntime
import Hummingbird
import Logging

/// Observes every request, outermost of the middleware: counts it in `ServerMetrics` (in
/// flight, then by route template, method and status with its duration, and the store's
/// failures) and logs one access line. Both are made from one reading of the clock and one
/// route label.
///
/// The access line is at level `info`, message `request`, with the metadata `method`, `route`,
/// `status` and `duration_ms`: `… info beckon.serve: duration_ms=0.412 method=GET
/// route=/v1/subjects/{subject}/tips/{tip} status=200 [BeckonServer] request`. It holds the
/// route's template, never the path as requested (the subject in it is personal data), and
/// never the query, the headers (so never a token) nor the body.
struct ObservationMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let metrics: ServerMetrics
    let logger: Logger

    /// The problem codes of the store's failures, by HTTP status.
    static let storeErrors: [Int: Problem.Code] = Dictionary(
        uniqueKeysWithValues: [Problem.Code.unavailable, .conflict].map { ($0.statuses.httpStatus, $0) })

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        metrics.requestStarted()
        do {
            let response = try await next(request, context)
            let status = response.status.code
            record(method: request.method.rawValue, route: ServerMetrics.route(context.endpointPath), status: status, since: start)
            if let code = Self.storeErrors[status], response.headers[.contentType] == "application/problem+json" {
                metrics.recordStoreError(code)
            }
            return response
        } catch {
            record(method: request.method.rawValue, route: ServerMetrics.route(context.endpointPath), status: Self.status(of: error), since: start)
            throw error
        }
    }

    /// The status a thrown error is answered with.
    static func status(of error: any Error) -> Int {
        (error as? any HTTPResponseError)?.status.code ?? 500
    }

    /// Counts and logs a request with this method and route label, answered with `status`,
    /// that came in at `start` (also for the requests answered before the router, by
    /// `EventLoopTipStatus`).
    func record(method: String, route: String, status: Int, since start: ContinuousClock.Instant) {
        let duration = ContinuousClock.now - start
        metrics.recordRequest(route: route, method: method, status: status, duration: duration)
        guard logger.logLevel <= .info else { return }
        logger.info("request", metadata: [
            "method": .string(method),
            "route": .string(route),
            "status": .string(String(status)),
            "duration_ms": .string(Self.milliseconds(duration)),
        ])
    }

    /// A duration in milliseconds with three decimals (microseconds).
    static func milliseconds(_ duration: Duration) -> String {
        let microseconds = duration.components.seconds * 1_000_000 + duration.components.attoseconds / 1_000_000_000_000
        let fraction = String(microseconds % 1000)
        return "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
