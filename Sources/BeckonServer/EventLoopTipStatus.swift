import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Answers tip status requests on the connection's event loop, where they are read, without
/// the hop to Swift concurrency and the router that every other request takes: for the route
/// hosts call most, that hop costs more than the decision (`Benchmarks/serve`).
///
/// A request is answered here only when `answer` says so (`ServerRoutes.eventLoopTipStatus`:
/// a plain `GET` of `/v1/subjects/{subject}/tips/{tip}` over a store whose calls never wait);
/// it is passed on to the router otherwise, and so is every request read while one passed on
/// is still unanswered, so that answers leave in the order their requests came, and every
/// request read while the client leaves its answers unread, so that answers never pile up here.
final class EventLoopTipStatus: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The answer to a request's head (one without a body), or nil to pass it on.
    typealias Answerer = @Sendable (HTTPRequest) -> (head: HTTPResponse, body: ByteBuffer)?

    let answer: Answerer
    /// The head of a request that may be answered here, until its end arrives.
    private var held: HTTPRequest?
    /// Requests passed on whose answer has not been written whole.
    private var passedOn = 0

    init(answer: @escaping Answerer) {
        self.answer = answer
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head(let head):
            // Only a GET may be answered here; any other request is passed on at once. So is
            // any while the client does not read its answers (the channel is not writable):
            // the router's writes wait for it, and its reads then stop.
            if passedOn == 0 && head.method == .get && context.channel.isWritable { held = head } else { passOn(head, context) }
        case .body:
            if let head = held { held = nil; passOn(head, context) }
            context.fireChannelRead(data)
        case .end:
            if let head = held {
                held = nil
                if let (responseHead, body) = answer(head) {
                    context.write(wrapOutboundOut(.head(responseHead)), promise: nil)
                    if body.readableBytes > 0 { context.write(wrapOutboundOut(.body(body)), promise: nil) }
                    context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: nil)
                    return
                }
                passOn(head, context)
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
}
