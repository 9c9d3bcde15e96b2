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
    /// The logger's handler when it is the server's own and writes an event's metadata alone:
    /// then the access line is written to it directly, the same bytes (`AccessLineTests`) at
    /// half the cost (`Docs/benchmarks.md`).
    private let accessLog: BufferedLogHandler?

    /// The access line's message, and its source: the module, as swift-log names a call site's.
    static let message = "request"
    static let source = String(#fileID.prefix { $0 != "/" })

    init(metrics: ServerMetrics, logger: Logger) {
        self.metrics = metrics
        self.logger = logger
        accessLog = (logger.handler as? BufferedLogHandler).flatMap { $0.writesEventMetadataAlone ? $0 : nil }
    }

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
            if let code = Self.storeErrors[status], response.headers.value(of: .contentType) == "application/problem+json" {
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
        // In key order, as a handler writes them.
        if let accessLog {
            accessLog.write(level: .info, source: Self.source, message: Self.message) { line in
                line.append(" duration_ms=")
                Self.appendMilliseconds(duration, to: &line)
                line.append(" method=")
                line.appendUnescaped(method)
                line.append(" route=")
                line.appendUnescaped(route)
                line.append(" status=")
                line.append(Int64(status))
            }
        } else {
            let fields: [(String, String)] = [("duration_ms", Self.milliseconds(duration)), ("method", method), ("route", route), ("status", String(status))]
            logger.info(Logger.Message(stringLiteral: Self.message),
                        metadata: Logger.Metadata(uniqueKeysWithValues: fields.map { ($0, .string($1)) }), source: Self.source)
        }
    }

    /// A duration in milliseconds with three decimals (microseconds): `0.412`, `12.345`.
    static func appendMilliseconds(_ duration: Duration, to line: inout ByteOutput) {
        let microseconds = max(0, duration.wholeNanoseconds / 1_000)
        line.append(microseconds / 1_000)
        line.append(".")
        let fraction = microseconds % 1_000
        if fraction < 100 { line.append("0") }
        if fraction < 10 { line.append("0") }
        line.append(fraction)
    }

    /// `appendMilliseconds`'s text, for swift-log's metadata.
    static func milliseconds(_ duration: Duration) -> String {
        var text = ByteOutput(capacity: 24)
        appendMilliseconds(duration, to: &text)
        return text.withBytes { String(decoding: $0, as: UTF8.self) }
    }
}
