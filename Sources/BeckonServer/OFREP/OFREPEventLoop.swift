import BeckonRuntime
import HTTPTypes
import Hummingbird
import NIOCore

/// OFREP evaluations, single and bulk, answered on the event loop that read them
/// (`EventLoopTipStatus`), as tip status is: the same functions answer as on the router
/// (`OFREPRoutes.evaluate`, `evaluateAll`, `bulkResponse`), so the same bytes; only where and
/// with how much machinery differs.
extension OFREPRoutes {
    /// The literal text of the single evaluation's path before its key
    /// (`/ofrep/v1/evaluate/flags/`), from `ServerRoute.ofrepFlag`, once.
    private static let singlePrefix: [UInt8] = {
        let literals = ServerRoute.ofrepFlag.literals
        precondition(literals.count == 2 && literals[1].isEmpty, "a single evaluation is read as PREFIX{key}")
        return Array(literals[0].utf8)
    }()

    /// The bulk evaluation's path (`ServerRoute.ofrepFlags`), once.
    private static let bulkPath = Array(ServerRoute.ofrepFlags.path.utf8)

    /// The key of a path `/ofrep/v1/evaluate/flags/{key}` as written (not empty, no `/`), or nil
    /// for a path of any other shape (a query is allowed: OFREP's is ignored).
    static func singleKey(in path: String) -> String? {
        var path = path
        return path.withUTF8 { bytes in singleKeyBytes(in: bytes).map { String(decoding: $0, as: UTF8.self) } }
    }

    /// The bytes of a single evaluation's key in a path's bytes, or nil (see `singleKey(in:)`).
    /// Read on the bytes: `String`'s own searches walk grapheme clusters (~19 k instructions a
    /// call here, against a few hundred), and a key cut out as a substring costs ~1 k more.
    private static func singleKeyBytes(in bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8>? {
        let prefix = singlePrefix
        guard prefix.withUnsafeBytes({ UnsafeRawBufferPointer(bytes).holds($0) }) else { return nil }
        let end = bytes[prefix.count...].firstIndex(of: UInt8(ascii: "?")) ?? bytes.count
        let key = UnsafeBufferPointer(rebasing: bytes[prefix.count..<end])
        guard ServerRoutes.isPlainSegment(key) else { return nil }
        return key
    }

    /// Whether `path` is the bulk evaluation's (`ServerRoute.ofrepFlags`), with or without a
    /// query (OFREP's is ignored).
    static func isBulk(_ path: String) -> Bool {
        var path = path
        let bulk = bulkPath
        return path.withUTF8 { bytes in
            bulk.withUnsafeBytes { UnsafeRawBufferPointer(bytes).holds($0) }
                && (bytes.count == bulk.count || bytes[bulk.count] == UInt8(ascii: "?"))
        }
    }

    /// Whether a request with this path is an OFREP evaluation the event loop may answer.
    static func isEvaluation(_ path: String) -> Bool {
        var bytesOfPath = path
        return bytesOfPath.withUTF8 { singleKeyBytes(in: $0) != nil } || isBulk(path)
    }

    /// The answer of an OFREP evaluation (`POST /ofrep/v1/evaluate/flags/{key}` or
    /// `POST /ofrep/v1/evaluate/flags` with its whole body) on the event loop; nil when the
    /// router must answer it: a path of another shape, a `Transfer-Encoding` or `Content-Length`
    /// the body read does not match, or a request that may not be answered on the event loop
    /// (`ServerRoutes.eventLoopServing`).
    func eventLoopEvaluation(_ head: EventLoopRequest, body: ByteBuffer, routes: ServerRoutes) -> AnswerParts? {
        let path = head.path
        let key = Self.singleKey(in: path)
        let route = key == nil ? ServerRoute.ofrepFlags : ServerRoute.ofrepFlag
        guard head.method == .post, key != nil || Self.isBulk(path),
              let length = head.fields.contentLength, Int(length) == body.readableBytes,
              head.fields.transferEncoding == nil,
              let serving = routes.eventLoopServing(head, access: route.access)
        else { return nil }
        let start = ContinuousClock.now
        let parts = if let key {
            Self.parts(Self.evaluate(rawKey: key, body: body, on: serving, wallClock: server.wallClock))
        } else {
            Self.bulkParts(Self.evaluateAll(body: body, on: serving, wallClock: server.wallClock), ifNoneMatch: head.fields.ifNoneMatch)
        }
        return routes.finishedOnEventLoop(parts, method: head.method, route: route.path, since: start)
    }
}
