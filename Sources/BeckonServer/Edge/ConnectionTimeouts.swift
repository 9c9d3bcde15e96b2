import BeckonRuntime
import HTTPTypes
import NIOCore
import NIOHTTPTypes

/// Bounds how long a connection may take over a request's head and how long it may stay silent:
///
/// - the head (request line and headers) within `--header-timeout` (`RequestLimits.headerTimeout`,
///   nginx's `client_header_timeout`), from the request's first byte, or from the accept for a
///   connection's first request; past it the server answers 408 `timeout` and closes the
///   connection (`CloseAfterResponse`). A connection that sent nothing at all is closed without
///   an answer, as an idle one is (a client may open a connection ahead and not use it).
/// - silence within `--idle-timeout`: no byte read and no answer written whole for that long
///   closes the connection, between requests or in a request whose bytes stopped arriving; a
///   request read whole and not yet answered (computed, or streamed as SSE) is never idle. This
///   is the rule of Hummingbird's `HTTPConnectionStateHandler`, which is given no idle timeout
///   here: it sees only the requests that reach the HTTP parser, and `BytesFastPath` answers
///   others before it.
///
/// Without the first, a client sending a header line now and then holds its connection for as
/// long as the idle timeout allows after every line it sends, and with enough connections every
/// file descriptor the server has.
///
/// It sits after the HTTP codec, where it sees a request's head arrive and the answers leave;
/// `BytesFastPath`, at the front of the pipeline, tells it when bytes arrive (which only the raw
/// bytes show) and when it answered every request they held. One timer at most is pending per
/// connection, moved earlier only when a head starts arriving in parts: a request whose head
/// arrives in the read that began it (nearly all) schedules nothing. One case is timed late: a
/// head whose first bytes came in the same read as the end of the request before it (pipelined)
/// is timed from the next bytes that arrive, as the parser holds the first ones and nothing here
/// sees them again.
final class ConnectionTimeouts: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias InboundOut = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    /// Where the connection is in reading its requests.
    private enum State {
        /// Between requests: no byte of the next one yet (no head clock).
        case betweenRequests
        /// A head is being read, since that instant (the head clock runs).
        case readingHead(since: NIODeadline)
        /// A head arrived; its body (if any) is being read.
        case inRequest
    }

    /// How long a head may take, as the 408 names it.
    let headerLimit: Duration
    private let headerTimeout: TimeAmount
    private let idleTimeout: TimeAmount
    private var state: State
    /// Whether any byte arrived on the connection (a silent connection gets no 408).
    private var anyByte = false
    /// Requests whose answer has not been written whole: a 408 then would interleave with it,
    /// and the connection is not idle while one read whole waits for its answer.
    private var answersOwed = 0
    /// When bytes last arrived or an answer was last written whole: where silence starts.
    private var lastActive: NIODeadline
    private var timer: Scheduled<Void>?
    /// When `timer` fires.
    private var timerDeadline = NIODeadline.distantFuture
    private var context: ChannelHandlerContext?

    /// A connection accepted now: its first request's head is due within `header`, and it is
    /// closed after `idle` of silence.
    init(header: Duration, idle: Duration) {
        headerLimit = header
        headerTimeout = .nanoseconds(header.wholeNanoseconds)
        idleTimeout = .nanoseconds(idle.wholeNanoseconds)
        let now = NIODeadline.now()
        state = .readingHead(since: now)
        lastActive = now
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        scheduleNextCheck()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        cancelTimer()
        self.context = nil
    }

    func channelInactive(context: ChannelHandlerContext) {
        cancelTimer()
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
        if case .end = unwrapOutboundIn(data) {
            answersOwed -= 1
            // The last answer owed written: silence starts now (the timer pending, if any, is
            // no later than the idle deadline this makes, and reschedules from it).
            if answersOwed == 0 {
                lastActive = .now()
                scheduleNextCheck()
            }
        }
        context.write(data, promise: promise)
    }

    /// Bytes arrived (`BytesFastPath`) and are passed on to the parser by `read`: between
    /// requests, they start the next one's head; before the read is passed on, so that a head it
    /// completes in that read stops the clock at once.
    func bytesArrived(_ read: () -> Void) {
        anyByte = true
        lastActive = .now()
        guard case .betweenRequests = state else { return read() }
        state = .readingHead(since: .distantFuture)
        read()
        if case .readingHead = state {
            state = .readingHead(since: lastActive)
            scheduleNextCheck()
        }
    }

    /// Bytes arrived that held whole requests only, every one answered before the parser
    /// (`BytesFastPath`): the connection is between requests, and active now.
    func requestsAnsweredWhole() {
        anyByte = true
        lastActive = .now()
        state = .betweenRequests
    }

    /// When the connection is next due to be cut: its head's deadline while one is read, its
    /// idle deadline unless an answer is owed to a request read whole; nil when neither.
    private var nextDeadline: NIODeadline? {
        var deadline: NIODeadline?
        if case .readingHead(let since) = state { deadline = since + headerTimeout }
        let awaitingAnswer: Bool
        if case .inRequest = state { awaitingAnswer = false } else { awaitingAnswer = answersOwed > 0 }
        if !awaitingAnswer { deadline = min(deadline ?? .distantFuture, lastActive + idleTimeout) }
        return deadline
    }

    /// Schedules the check at the next deadline, unless a pending one comes no later.
    private func scheduleNextCheck() {
        guard let context, let deadline = nextDeadline, deadline < timerDeadline else { return }
        timer?.cancel()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolatedUnsafeUnchecked().scheduleTask(deadline: deadline) { [self] in
            timer = nil
            timerDeadline = .distantFuture
            check()
        }
    }

    private func cancelTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = .distantFuture
    }

    private func check() {
        guard let context, let deadline = nextDeadline else { return }
        guard NIODeadline.now() >= deadline else { return scheduleNextCheck() }
        let headTimedOut: Bool
        if case .readingHead(let since) = state { headTimedOut = since + headerTimeout <= deadline } else { headTimedOut = false }
        state = .inRequest  // nothing more is read: the connection closes
        guard headTimedOut && anyByte && answersOwed == 0 else {
            context.close(promise: nil)
            return
        }
        // Written from here, it passes `CloseAfterResponse`, which closes the connection after it.
        CloseAfterResponse.writeClosing(Problem(.timeout, "the request's headers did not arrive within \(headerLimit)"), context)
    }
}
