import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers the requests hosts send most (tip status, OFREP evaluations) on the
/// connection's event loop, where they are read, without the hop to Swift concurrency and the
/// router that every other request takes: for these, that hop costs more than the decision
/// (`Benchmarks/serve`). On a connection that has sent only such requests, `BytesFastPath`
/// answers them with the same `Answerer` before the HTTP parser; this handler answers them on
/// connections the parser reads.
///
/// A request is answered here only when its `Answerer` says so (`ServerRoutes.eventLoopAnswerer`:
/// a plain `GET` of `/v1/subjects/{subject}/tips/{tip}`, or a `POST` of
/// `/ofrep/v1/evaluate/flags/{key}` or `/ofrep/v1/evaluate/flags` whose body is gathered here
/// up to `maxBodyBytes`, over a
/// store whose calls never wait); it is passed on to the router otherwise (with the body parts
/// gathered so far), and so is every request read while one passed on is still unanswered, so
/// that answers leave in the order their requests came, and every request read while the client
/// leaves its answers unread, so that answers never pile up here.
final class EventLoopTipStatus: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// What may be answered here, and the answers.
    struct Answerer: Sendable {
        /// Whether a `POST` with this head may be answered here once its body is read.
        var takesBody: @Sendable (EventLoopRequest) -> Bool
        /// The most body bytes gathered here; a longer body is passed on with the request.
        var maxBodyBytes: Int
        /// The answer to a request's head and body (empty for a `GET`), or nil to pass it on.
        var answer: @Sendable (EventLoopRequest, ByteBuffer) -> AnswerParts?

        /// Whether a request with this head may be answered here: a `GET`, or a `POST` it takes.
        func mayAnswer(_ head: EventLoopRequest) -> Bool {
            head.method == .get || (head.method == .post && takesBody(head))
        }
    }

    let answerer: Answerer
    /// The head of a request that may be answered here, as read and as the answerer reads it,
    /// until its end arrives.
    private var held: (head: HTTPRequest, request: EventLoopRequest)?
    /// The body of `held` so far (a `POST`'s).
    private var heldBody = ByteBuffer()
    /// Requests passed on whose answer has not been written whole.
    private var passedOn = 0

    init(answer: Answerer) {
        self.answerer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            // Only a GET, or a POST the answerer takes, may be answered here; any other request is
            // passed on at once. So is any while the client does not read its answers (the channel
            // is not writable): the router's writes wait for it, and its reads then stop.
            guard passedOn == 0 && context.channel.isWritable else { return passOn(head, context) }
            let request = EventLoopRequest(head)
            if answerer.mayAnswer(request) {
                held = (head, request)
                heldBody.clear()
            } else {
                passOn(head, context)
            }
        case .body(var part):
            if let (head, request) = held {
                if request.method == .post && heldBody.readableBytes + part.readableBytes <= answerer.maxBodyBytes {
                    heldBody.writeBuffer(&part)
                    return
                }
                held = nil
                passOn(head, context)
                passOnBody(context)
            }
            context.fireChannelRead(data)
        case .end:
            if let (head, request) = held {
                held = nil
                if let answer = answerer.answer(request, heldBody) {
                    heldBody.clear()
                    context.write(wrapOutboundOut(.head(answer.head)), promise: nil)
                    if answer.body.readableBytes > 0 { context.write(wrapOutboundOut(.body(answer.body)), promise: nil) }
                    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                    return
                }
                passOn(head, context)
                passOnBody(context)
            }
            context.fireChannelRead(data)
        }
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { passedOn -= 1 }
        context.write(data, promise: promise)
    }

    private func passOn(_ head: HTTPRequest, _ context: ChannelHandlerContext) {
        passedOn += 1
        context.fireChannelRead(wrapInboundOut(.head(head)))
    }

    /// Passes on the body gathered for the request just passed on, as one part.
    private func passOnBody(_ context: ChannelHandlerContext) {
        guard heldBody.readableBytes > 0 else { return }
        let body = heldBody
        heldBody = ByteBuffer()
        context.fireChannelRead(wrapInboundOut(.body(body)))
    }
}
