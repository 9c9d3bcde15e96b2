import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 connection with Beckon's handlers around it:
///
/// - first, `BytesFastPath`, which answers the requests hosts send most (tip status, OFREP
///   evaluations) straight from the bytes read, before the HTTP parser, for as long as a
///   connection sends only those;
/// - between the parser and the codec, `ExpectContinue`, which answers `Expect: 100-continue`;
/// - after the codec, `CloseAfterResponse` (Hummingbird's additional handlers) and
///   `ConnectionTimeouts` (the header and idle timeouts, told of every read by `BytesFastPath`);
/// - Hummingbird's connection state, with no idle timeout of its own (`ConnectionTimeouts` keeps
///   it), for graceful shutdown: a connection closes after the answer in flight;
/// - last, `EventLoopTipStatus`, which answers the same requests on connections the parser reads,
///   where they are read, and passes every other request on to the router. Being after the
///   connection state, it is seen by it as any request and answer are.
///
/// Before any of it, the connection is counted against `--max-connections` (`ConnectionLimit`,
/// which turns it away with a 503 past it).
///
/// `setup` is a copy of `HTTP1Channel.setup` in hummingbird 2.28.1
/// (`Sources/HummingbirdCore/Server/HTTP/HTTP1Channel.swift`), with these handlers added:
/// that pipeline takes no handler before its parser nor after its connection state. Pipelining
/// assistance is off, as Hummingbird's `package` default has it. Compare it again when
/// Hummingbird is updated.
struct BeckonHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let configuration: HTTP1Channel.Configuration
    /// What `EventLoopTipStatus` answers with.
    let tipStatus: EventLoopTipStatus.Answerer
    /// The server's count of open connections.
    let connections: ConnectionLimit
    /// The limits on heads (their time and size) and on silence.
    let limits: RequestLimits

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let timeouts = ConnectionTimeouts(header: limits.headerTimeout, idle: limits.idleTimeout)
            try channel.pipeline.syncOperations.addHandler(
                BytesFastPath(answerer: tipStatus, timeouts: timeouts, maxHeadBytes: limits.parserHeaderBytes))
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = configuration.httpDecoder.maxHeaderFieldSize
            limits.maxHeaderListSize = configuration.httpDecoder.maxHeaderListSize
            limits.maxHeaderFieldCount = configuration.httpDecoder.maxHeaderFieldCount
            let pipeline = channel.pipeline.syncOperations
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
            try pipeline.addHandler(ExpectContinue(limits: self.limits))
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandlers(configuration.additionalChannelHandlers())
            try pipeline.addHandler(timeouts)
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: nil, logger: logger))
            try pipeline.addHandler(EventLoopTipStatus(answer: tipStatus))
            // Last, so that a connection turned away has its whole pipeline, untouched.
            try connections.admit(channel, logger: logger)
            return try NIOAsyncChannel(wrappingChannelSynchronously: channel, configuration: .init(isOutboundHalfClosureEnabled: true))
        }
    }

    func handle(value asyncChannel: Value, logger: Logger) async {
        await handleHTTP(asyncChannel: asyncChannel, logger: logger)
    }
}
