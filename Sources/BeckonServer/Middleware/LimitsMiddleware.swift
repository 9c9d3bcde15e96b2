import BeckonRuntime
import HTTPTypes
import Hummingbird
import NIOCore

/// Enforces `RequestLimits` on every request before any route reads it: a target longer than
/// the limit is a 414 `target_too_long` problem, headers larger than it a 431
/// `headers_too_large` one; the body is read whole here, within the request timeout (else a 408
/// `timeout` problem, and the connection is closed) and up to the body limit (else a 413
/// `too_large` problem, at once when `Content-Length` says so, and then the connection is closed
/// if the request awaited `100 Continue`), and in no content coding (else a 415
/// `unsupported_encoding` problem). Each refusal is thrown
/// (`ProblemError`). Routes then read the body already in memory. A request without a body
/// costs a count of its target and headers only.
struct LimitsMiddleware: RouterMiddleware {
    typealias Context = BasicRequestContext

    let limits: RequestLimits

    /// The body did not arrive within the request timeout.
    struct TimedOut: Error {}

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        let targetBytes = request.head.path?.utf8.count ?? 0
        guard Self.targetFits(targetBytes: targetBytes, limits) else {
            throw ProblemError(Problem(.targetTooLong, "the request's target holds \(targetBytes) bytes, more than the \(limits.maxHeaderBytes) the server reads"))
        }
        let headerBytes = RequestLimits.headerBytes(of: request.headers)
        guard Self.headersFit(headerBytes: headerBytes, limits) else {
            throw Self.closing(Problem(.headersTooLarge, "the request's headers hold \(headerBytes) bytes, more than the \(limits.maxHeaderBytes) the server reads"))
        }
        let maxBodyBytes = limits.maxBodyBytes
        let declaredLength = request.headers.value(of: .contentLength).flatMap { Int($0) }
        if let declaredLength, !Self.declaredBodyFits(declaredLength, limits) {
            // A client that awaits `100 Continue` (`ExpectContinue`) will not send the body, so
            // the connection cannot go on to a next request: it is closed after the answer.
            let problem = Self.tooLarge(maxBodyBytes)
            throw request.headers.value(of: .expect).map(ExpectContinue.asksToContinue) == true ? Self.closing(problem) : ProblemError(problem)
        }
        // No body (most requests: GET, and POSTs with their options in the query): nothing to wait for.
        guard request.headers.value(of: .transferEncoding) != nil || (declaredLength ?? 0) > 0 else {
            return try await next(request, context)
        }
        if let coding = Self.contentCoding(request.headers) {
            // `Accept-Encoding` names the codings the server reads, as RFC 9110 §12.5.3 asks of a 415.
            throw ProblemError(Problem(.unsupportedEncoding, "the body's Content-Encoding is '\(coding)', which the server does not read: send it unencoded"),
                               headers: [.acceptEncoding: "identity"])
        }
        var request = request
        let body = request.body
        let timeout = limits.requestTimeout
        do {
            let buffer = try await withThrowingTaskGroup(of: ByteBuffer.self) { group in
                group.addTask { try await Self.collect(body, upTo: maxBodyBytes) }
                group.addTask {
                    try await Task.sleep(for: timeout)
                    throw TimedOut()
                }
                defer { group.cancelAll() }
                return try await group.next()!
            }
            request.body = RequestBody(buffer: buffer)
        } catch is TimedOut {
            throw Self.closing(Problem(.timeout, "the request's body did not arrive within \(timeout) of its headers"))
        } catch let problem as Problem {
            throw ProblemError(problem)
        } catch {
            throw ProblemError(Problem(.usage, "the body could not be read: \(error)"))
        }
        return try await next(request, context)
    }

    /// `body` read whole, at most `limit` bytes: else a `too_large` problem, or a `usage` one
    /// when it cannot be read. Routes read their body with it too (already in memory then).
    static func collect(_ body: RequestBody, upTo limit: Int) async throws(Problem) -> ByteBuffer {
        do {
            return try await body.collect(upTo: limit)
        } catch {
            if error is NIOTooManyBytesError || (error as? HTTPError)?.status == .contentTooLarge { throw tooLarge(limit) }
            throw Problem(.usage, "the body could not be read: \(error)")
        }
    }

    /// The problem of a body longer than `limit` bytes.
    private static func tooLarge(_ limit: Int) -> Problem {
        Problem(.tooLarge, "the body is larger than \(limit) bytes")
    }

    /// Whether a target (path and query) of `targetBytes` bytes is within `limits` (else the
    /// request is refused, 414).
    static func targetFits(targetBytes: Int, _ limits: RequestLimits) -> Bool {
        targetBytes <= limits.maxHeaderBytes
    }

    /// Whether headers of `headerBytes` bytes (`RequestLimits.headerBytes`) are within `limits`
    /// (else the request is refused, 431).
    static func headersFit(headerBytes: Int, _ limits: RequestLimits) -> Bool {
        headerBytes <= limits.maxHeaderBytes
    }

    /// Whether a body whose `Content-Length` declares `length` bytes is within `limits` (else the
    /// request is refused, 413, before its body is read).
    static func declaredBodyFits(_ length: Int, _ limits: RequestLimits) -> Bool {
        length <= limits.maxBodyBytes
    }

    /// The content coding of a body with these headers (`gzip`), nil when it has none but
    /// `identity`: the server reads bodies as they are sent, and a compressed one would otherwise
    /// be refused as text that is not UTF-8.
    static func contentCoding(_ headers: HTTPFields) -> String? {
        guard let value = headers.value(of: .contentEncoding) else { return nil }
        let codings = HTTPFields.listElements(of: value).filter { $0.lowercased() != "identity" }
        return codings.isEmpty ? nil : codings.joined(separator: ", ")
    }

    /// A problem after which the server closes the connection.
    static func closing(_ problem: Problem) -> ProblemError {
        ProblemError(problem, headers: [.connection: "close"])
    }
}
