import Hummingbird
import Logging

/// Logs one line per request: its method, its route's template (never the path as requested:
/// the subject in it is personal data), its status and its duration. Never the query, the
/// headers (so never a token) nor the body.
///
/// The line is at level `info`, message `request`, with the metadata `method`, `route`,
/// `status` and `duration_ms`: `… info beckon.serve: duration_ms=0.412 method=GET
/// route=/v1/subjects/{subject}/tips/{tip} status=200 [BeckonServer] request`.
struct AccessLogMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let logger: Logger

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let start = ContinuousClock.now
        do {
            let response = try await next(request, context)
            log(request, context, status: response.status.code, since: start)
            return response
        } catch {
            log(request, context, status: RequestMetricsMiddleware.status(of: error), since: start)
            throw error
        }
    }

    private func log(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
        logger.info("request", metadata: [
            "method": .string(request.method.rawValue),
            "route": .string(ServerMetrics.route(context.endpointPath)),
            "status": .string(String(status)),
            "duration_ms": .string(Self.format(milliseconds)),
        ])
    }

    /// Milliseconds with three decimals (microseconds).
    static func format(_ milliseconds: Double) -> String {
        let microseconds = Int64((milliseconds * 1000).rounded())
        let fraction = String(microseconds % 1000)
        return "\(microseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}
