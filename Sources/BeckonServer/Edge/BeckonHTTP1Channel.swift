import HTTPTypes
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1

/// Hummingbird's HTTP/1.1 connection with one more handler at the end of the pipeline, after
/// Hummingbird's connection state (idle timeout, graceful shutdown): `EventLoopTipStatus`,
/// which answers the tip status requests it can where they are read and
/// passes every other request on to the router. Being after the connection state, it is seen by
/// it as any request and answer are: a connection busy with tip status is not idle, and a
/// shutdown closes it after the answer in flight.
///
/// Before any of it, the connection is counted against `--max-connections` (`ConnectionLimit`,
/// which turns it away with a 503 past it), and each request's head is timed
/// (`HeaderTimeout`: its `FirstByte` half first in the pipeline, the rest after the codec and
/// `CloseAfterResponse`, so that its 408 closes the connection).
///
/// `setup` is a copy of `HTTP1Channel.setup` in hummingbird 2.28.1
/// (`Sources/HummingbirdCore/Server/HTTP/HTTP1Channel.swift`), with these handlers added:
/// that pipeline takes no handler after its connection state. Pipelining assistance is off, as
/// Hummingbird's `package` default has it. Compare it again when Hummingbird is updated.
struct BeckonHTTP1Channel: ServerChildChannel, HTTPChannelHandler {
    typealias Value = NIOAsyncChannel<HTTPRequestPart, HTTPResponsePart>

    let responder: HTTPChannelHandler.Responder
    let configuration: HTTP1Channel.Configuration
    /// What `EventLoopTipStatus` answers with.
    let tipStatus: EventLoopTipStatus.Answerer
    /// The server's count of open connections.
    let connections: ConnectionLimit
    /// How long a request's head may take to arrive.
    let headerTimeout: Duration

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            let timeout = HeaderTimeout(limit: headerTimeout)
            try channel.pipeline.syncOperations.addHandler(timeout.firstByte)
            var limits = NIOHTTPDecoderLimitConfiguration()
            limits.maxHeaderFieldSize = configuration.httpDecoder.maxHeaderFieldSize
            limits.maxHeaderListSize = configuration.httpDecoder.maxHeaderListSize
            limits.maxHeaderFieldCount = configuration.httpDecoder.maxHeaderFieldCount
            let pipeline = channel.pipeline.syncOperations
            try pipeline.configureHTTPServerPipeline(
                withPipeliningAssistance: false, withErrorHandling: false, withOutboundHeaderValidation: false,
                withEncoderConfiguration: .init(), withDecoderLimitConfiguration: limits)
            try pipeline.addHandler(HTTP1ToHTTPServerCodec(secure: false))
            try pipeline.addHandlers(configuration.additionalChannelHandlers())
            try pipeline.addHandler(timeout)
            try pipeline.addHandler(HTTPConnectionStateHandler(idleTimeout: configuration.idleTimeout.map { .init($0) }, logger: logger))
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
