import BeckonRuntime
import Logging
import NIOCore
import Synchronization

/// Bounds how many connections `beckon serve` holds open at once (`RequestLimits.maxConnections`):
/// one accepted beyond them is answered 503 `unavailable` (with `Retry-After: 1`) at once,
/// before it sends anything, and closed. So a client with many file descriptors cannot take
/// every one the server has, and a client turned away learns it at once, instead of waiting in
/// the listen backlog as with Hummingbird's `MaximumAvailableConnections`, which stops accepting.
///
/// One per server, shared by its event loops: the count is atomic. A connection turned away
/// does not count: it holds no slot, and is closed within `Refusal.linger`.
final class ConnectionLimit: Sendable {
    /// The most connections open at once.
    let maximum: Int
    private let open = Atomic<Int>(0)
    /// When the log last said connections are turned away (uptime in nanoseconds): at most
    /// every `warningInterval`, however many are.
    private let lastWarning = Atomic<Int64>(.min)
    static let warningInterval = TimeAmount.seconds(10)
    /// The whole answer to a connection turned away, written before any request is read.
    private let answer: String

    init(maximum: Int) {
        self.maximum = maximum
        let problem = Problem(.unavailable, "the server holds \(maximum) connections, the most it serves at once (--max-connections); retry later")
        let body = problem.json.text
        answer = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/problem+json\r\nContent-Length: \(body.utf8.count)\r\n"
            + "Retry-After: 1\r\nConnection: close\r\nServer: \(BeckonServer.serverName)\r\n\r\n" + body
    }

    /// The connections open now.
    var count: Int { open.load(ordering: .relaxed) }

    /// Counts `channel` until it closes, or, when `maximum` are open already, puts `Refusal` at
    /// the front of its pipeline (it answers 503 and closes; nothing reaches the HTTP parser).
    /// Called on the channel's event loop as its pipeline is built.
    func admit(_ channel: any Channel, logger: Logger) throws {
        guard open.wrappingAdd(1, ordering: .relaxed).newValue > maximum else {
            channel.closeFuture.whenComplete { _ in self.open.wrappingSubtract(1, ordering: .relaxed) }
            return
        }
        open.wrappingSubtract(1, ordering: .relaxed)
        let now = Int64(NIODeadline.now().uptimeNanoseconds)
        let last = lastWarning.load(ordering: .relaxed)
        if last == .min || now - last >= Self.warningInterval.nanoseconds,
           lastWarning.compareExchange(expected: last, desired: now, ordering: .relaxed).exchanged {
            logger.warning("\(maximum) connections open, the most --max-connections allows: new ones are answered 503 until one closes")
        }
        try channel.pipeline.syncOperations.addHandler(Refusal(answer: ByteBuffer(string: answer)), position: .first)
    }

    /// Answers a connection turned away and closes it: writes the answer, closes its own side,
    /// reads and drops whatever the client sends until it closes its side too or `linger`
    /// passes. Closing at once would make the system answer a request already sent with a
    /// reset, which may reach the client before the 503 is read (nginx's `lingering_close`).
    final class Refusal: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        typealias OutboundOut = ByteBuffer

        /// How long a refused connection may stay before it is closed whatever the client does.
        static let linger = TimeAmount.seconds(1)

        private let answer: ByteBuffer
        private var answered = false
        private var timer: Scheduled<Void>?

        init(answer: ByteBuffer) {
            self.answer = answer
        }

        func handlerAdded(context: ChannelHandlerContext) {
            if context.channel.isActive { refuse(context) }
        }

        func channelActive(context: ChannelHandlerContext) {
            refuse(context)
            context.fireChannelActive()
        }

        func channelInactive(context: ChannelHandlerContext) {
            timer?.cancel()
            timer = nil
            context.fireChannelInactive()
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case .inputClosed = event as? ChannelEvent {
                context.close(promise: nil)
            } else {
                context.fireUserInboundEventTriggered(event)
            }
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            context.close(promise: nil)
        }

        private func refuse(_ context: ChannelHandlerContext) {
            guard !answered else { return }
            answered = true
            let loop = context.eventLoop.assumeIsolatedUnsafeUnchecked()
            context.writeAndFlush(wrapOutboundOut(answer)).assumeIsolatedUnsafeUnchecked().whenComplete { _ in
                context.close(mode: .output, promise: nil)
            }
            timer = loop.scheduleTask(in: Self.linger) { context.close(promise: nil) }
        }
    }
}
