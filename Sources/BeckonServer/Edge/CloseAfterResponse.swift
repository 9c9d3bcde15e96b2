import BeckonRuntime
import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Closes the connection once a response that says `Connection: close` is written whole: the
/// server's answers to requests it gives up on (408 `timeout`, 431 `headers_too_large`), after
/// which the rest of the request is not worth reading (Hummingbird closes only when the request
/// says so). Headers so large that the HTTP parser itself stops (`RequestLimits.parserHeaderBytes`)
/// are answered here with the same 431 problem, instead of the parser's bare 400.
final class CloseAfterResponse: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// The limit named in the 431 problem.
    let maxHeaderBytes: Int
    private var closing = false

    init(maxHeaderBytes: Int) {
        self.maxHeaderBytes = maxHeaderBytes
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        switch unwrapOutboundIn(data) {
        case .head(let head):
            closing = head.headerFields.value(of: .connection)?.lowercased() == "close"
            context.write(data, promise: promise)
        case .body:
            context.write(data, promise: promise)
        case .end:
            context.write(data, promise: promise)
            if closing {
                context.flush()
                context.close(promise: nil)
            }
        }
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard let parserError = error as? HTTPParserError, parserError == .headerOverflow else {
            context.fireErrorCaught(error)
            return
        }
        Self.writeClosing(Problem(.headersTooLarge, "the request's head (its target and headers) is larger than the \(maxHeaderBytes) bytes the server reads"),
                          context)
        context.close(promise: nil)
    }

    /// Writes `problem` as a whole answer that says the connection closes after it, from a
    /// handler that answers before the router (its outbound parts are `HTTPResponsePart`s).
    static func writeClosing(_ problem: Problem, _ context: ChannelHandlerContext) {
        let body = ByteBuffer(string: problem.json.text)
        let head = HTTPResponse(status: .init(code: problem.httpStatus), headerFields: [
            .contentType: "application/problem+json", .contentLength: String(body.readableBytes), .connection: "close",
        ])
        context.write(NIOAny(HTTPResponsePart.head(head)), promise: nil)
        context.write(NIOAny(HTTPResponsePart.body(body)), promise: nil)
        context.writeAndFlush(NIOAny(HTTPResponsePart.end(nil)), promise: nil)
    }
}
