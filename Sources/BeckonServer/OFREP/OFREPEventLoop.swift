import BeckonRuntime
import HTTPTypes
import Hummingbird
import NIOCore

/// OFREP single evaluations answered on the event loop that read them (`EventLoopTipStatus`),
/// as tip status is: the same function answers as on the router (`OFREPRoutes.evaluate`), so the
/// same bytes; only where and with how much machinery differs.
extension OFREPRoutes {
    /// The route template of a single evaluation, as the router names it in metrics.
    static let singleRoute = ServerRoute.ofrepFlag.path

    /// Who may ask a single evaluation (`ServerRoute.ofrepFlag`), once.
    private static let singleAccess = ServerRoute.ofrepFlag.access

    /// The literal text of the single evaluation's path before its key
    /// (`/ofrep/v1/evaluate/flags/`), from `ServerRoute.ofrepFlag`, once.
    private static let singlePrefix: String = {
        let literals = ServerRoute.ofrepFlag.literals
        precondition(literals.count == 2 && literals[1].isEmpty, "a single evaluation is read as PREFIX{key}")
        return literals[0]
    }()

    /// The key of a path `/ofrep/v1/evaluate/flags/{key}` as written (not empty, no `/`), or nil
    /// for a path of any other shape (a query is allowed: OFREP's is ignored).
    static func singleKey(in path: String) -> Substring? {
        let prefix = singlePrefix
        guard path.hasPrefix(prefix) else { return nil }
        var key = path.dropFirst(prefix.count)
        if let query = key.firstIndex(of: "?") { key = key[..<query] }
        guard !key.isEmpty, key != ".", key != "..", !key.contains("/") else { return nil }
        return key
    }

    /// The answer of an OFREP single evaluation (`POST /ofrep/v1/evaluate/flags/{key}` with its
    /// whole body) on the event loop; nil when the router must answer it: a path of another
    /// shape, a `Transfer-Encoding` or `Content-Length` the body read does not match, or a
    /// request that may not be answered on the event loop (`ServerRoutes.eventLoopServing`).
    func eventLoopEvaluation(_ head: HTTPRequest, body: ByteBuffer, routes: ServerRoutes) -> (head: HTTPResponse, body: ByteBuffer)? {
        guard head.method == .post, let key = Self.singleKey(in: head.path ?? ""),
              let length = head.headerFields[.contentLength], Int(length) == body.readableBytes,
              head.headerFields[.transferEncoding] == nil,
              let serving = routes.eventLoopServing(head, access: Self.singleAccess)
        else { return nil }
        let start = ContinuousClock.now
        let answer = Self.evaluate(rawKey: String(key), body: body, on: serving.runtime, wallClock: server.wallClock)
        let response = Self.response(answer)
        return routes.finishedOnEventLoop(response, answer.body, method: head.method, route: Self.singleRoute, since: start)
    }
}
