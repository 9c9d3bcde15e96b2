import BeckonRuntime
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Bounds how long a request's head (request line and headers) may take to arrive
/// (`RequestLimits.headerTimeout`, nginx's `client_header_timeout`): from the first byte of the
/// request, or from the accept for a connection's first request. Past it the server answers 408
/// `timeout` and closes the connection (`CloseAfterResponse`); a connection that sent nothing
/// at all is closed without an answer, as an idle one is (a client may open a connection ahead
/// and not use it). Between requests of a kept-alive connection the clock does not run: the
/// silence there is `--idle-timeout`'s, kept by Hummingbird's connection state.
///
/// Without it, a client sending a header line now and then holds its connection for as long as
/// the idle timeout allows after every line it sends, and with enough connections every file
/// descriptor the server has.
///
/// It sits after the HTTP codec, where it sees a request's head arrive and the answers leave;
/// `FirstByte`, at the front of the pipeline, tells it when a request's bytes start, which only
/// the raw bytes show. One timer at most is pending per connection, rescheduled only when it
/// fires: a request whose head arrives in the read that began it (nearly all) schedules nothing.
/// One case is timed late: a head whose first bytes came in the same read as the end of the
/// request before it (pipelined) is timed from the next bytes that arrive, as the parser holds
/// the first ones and nothing here sees them again.
final class HeaderTimeout: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Where the connection is in reading its requests.
    private enum State {
        /// Between requests: no byte of the next one yet (no clock).
        case betweenRequests
        /// A head is being read, since that instant (the clock runs).
        case readingHead(since: NIODeadline)
        /// A head arrived; its body (if any) and the answer are other limits' business.
        case inRequest
    }

    /// How long a head may take, as the 408 names it and as NIO counts it.
    let limit: Duration
    private let timeout: TimeAmount
    private var state: State
    /// Whether any byte arrived on the connection (a silent connection gets no 408).
    private var anyByte = false
    /// Requests whose answer has not been written whole: a 408 then would interleave with it.
    private var answersOwed = 0
    private var timer: Scheduled<Void>?
    private var context: ChannelHandlerContext?

    /// A connection accepted now: its first request's head is due within `timeout`.
    init(limit: Duration) {
        self.limit = limit
        timeout = .nanoseconds(RequestLimits.nanoseconds(limit))
        state = .readingHead(since: .now())
    }

    /// The handler at the front of the pipeline that tells this one when a request's first
    /// bytes arrive.
    var firstByte: FirstByte { FirstByte(timeout: self) }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if case .readingHead(let since) = state { schedule(at: since + timeout) }
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        timer?.cancel()
        timer = nil
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            state = .inRequest
            answersOwed += 1
        case .body:
            break
        case .end:
            state = .betweenRequests
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) { answersOwed -= 1 }
        context.write(data, promise: promise)
    }

    /// Bytes arrived (`FirstByte`): between requests, they start the next one's head; before the
    /// read is passed on to the parser, so that a head it completes in that read stops the
    /// clock at once.
    fileprivate func bytesArrived(_ read: () -> Void) {
        anyByte = true
        guard case .betweenRequests = state else { return read() }
        // The clock is read only when the head does not arrive whole in this read.
        state = .readingHead(since: .distantFuture)
        read()
        if case .readingHead = state {
            let now = NIODeadline.now()
            state = .readingHead(since: now)
            schedule(at: now + timeout)
        }
    }

    /// Schedules the check at `deadline` unless one is pending: that one, earlier, reschedules.
    private func schedule(at deadline: NIODeadline) {
        guard timer == nil, let context else { return }
        timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            check()
        }
    }

    private func check() {
        guard case .readingHead(let since) = state, let context else { return }
        guard NIODeadline.now() >= since + timeout else { return schedule(at: since + timeout) }
        state = .inRequest  // nothing more is read: the connection closes
        guard anyByte && answersOwed == 0 else {
            context.close(promise: nil)
            return
        }
        // Written from here, it passes `CloseAfterResponse`, which closes the connection after it.
        CloseAfterResponse.writeClosing(Problem(.timeout, "the request's headers did not arrive within \(limit)"), context)
    }

    /// At the front of the pipeline, before the HTTP parser: tells `HeaderTimeout` when bytes
    /// arrive, around passing them on.
    final class FirstByte: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = ByteBuffer
        typealias InboundOut = ByteBuffer

        private let timeout: HeaderTimeout

        fileprivate init(timeout: HeaderTimeout) {
            self.timeout = timeout
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            timeout.bytesArrived { context.fireChannelRead(data) }
        }
    }
}
