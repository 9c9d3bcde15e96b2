import HTTPTypes
import NIOCore
import NIOHTTP1

/// Answers `Expect: 100-continue` (RFC 9110 §10.1.1): a client that sends it holds the body back
/// until the server says `100 Continue`, and without one waits (curl a second, for every such
/// request) or forever. Between the HTTP parser and `HTTP1ToHTTPServerCodec`, where the
/// request's version is still known: an HTTP/1.0 request's expectation is ignored, as the RFC
/// requires.
///
/// A request that expects it and declares a body gets `100 Continue` as soon as its head is read,
/// unless its `Content-Length` is past the body limit: then the final 413 comes at once instead,
/// and the connection is closed after it (`LimitsMiddleware`), since the body will not follow.
/// A request refused for another reason after its `100 Continue` (401, 404) has its body read
/// and dropped, as any body a route does not read. Behind answers still being written to
/// requests pipelined before it, the `100 Continue` waits for them (`Schedule`).
final class ExpectContinue: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: RequestLimits
    private var schedule = Schedule()

    init(limits: RequestLimits) {
        self.limits = limits
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        if case .head(let head) = unwrapInboundIn(data), schedule.requestArrived(awaitingContinue: awaitsContinue(head)) {
            writeContinue(context)
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let isEnd = if case .end = unwrapOutboundIn(data) { true } else { false }
        context.write(data, promise: promise)
        if isEnd, schedule.answerEnded() {
            writeContinue(context)
        }
    }

    private func writeContinue(_ context: ChannelHandlerContext) {
        context.writeAndFlush(wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .continue))), promise: nil)
    }

    /// Whether `head` holds its body back until `100 Continue`, which it is to get: HTTP/1.1 or
    /// later, `100-continue` among its expectations, a body declared, and not one the limit
    /// refuses by its length alone.
    private func awaitsContinue(_ head: HTTPRequestHead) -> Bool {
        // Most requests have no `Expect`: looked for by name first, before any value is read.
        guard head.headers.contains(name: "expect"),
              head.version.major > 1 || (head.version.major == 1 && head.version.minor >= 1),
              Self.asksToContinue(head.headers["expect"].joined(separator: ",")) else { return false }
        if head.headers.contains(name: "transfer-encoding") { return true }
        guard let declared = head.headers.first(name: "content-length").flatMap({ Int($0) }) else { return false }
        return declared > 0 && LimitsMiddleware.declaredBodyFits(declared, limits)
    }

    /// Whether an `Expect` field's value (its fields joined by commas) holds `100-continue`.
    static func asksToContinue(_ expect: String) -> Bool {
        HTTPFields.listElements(of: expect).contains { $0.lowercased() == "100-continue" }
    }

    /// When `100 Continue` is written, as a pure state machine the handler feeds: at once for a
    /// request with no answer before it still being written; else when those answers have ended
    /// (pipelined requests are answered in order, and the `100 Continue` must not fall inside
    /// another answer's bytes).
    struct Schedule {
        /// Requests read whose answers have not ended.
        private(set) var unanswered = 0
        /// Whether the last request read awaits its `100 Continue` behind earlier answers.
        private(set) var continueDue = false

        /// A request's head was read; whether to write `100 Continue` now.
        mutating func requestArrived(awaitingContinue: Bool) -> Bool {
            unanswered += 1
            guard awaitingContinue else { return false }
            continueDue = unanswered > 1
            return !continueDue
        }

        /// An answer's last part was written; whether to write `100 Continue` now. An answer
        /// written to no request read here (the parser's own 400, a 431 of `CloseAfterResponse`)
        /// leaves nothing unanswered.
        mutating func answerEnded() -> Bool {
            unanswered = max(0, unanswered - 1)
            guard continueDue, unanswered <= 1 else { return false }
            continueDue = false
            return unanswered == 1
        }
    }
}
