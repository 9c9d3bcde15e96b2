import Hummingbird
public import HummingbirdCore
import NIOCore
import HTTPTypes

/// How much and how long `beckon serve` reads of a request before it gives up on it, and how
/// many connections it holds open:
///
/// | limit               | option               | default | past it                                  |
/// |---------------------|----------------------|---------|------------------------------------------|
/// | body size           | `--max-body`         | 64 KiB  | 413 `too_large` (at once by `Content-Length`; closed if `100 Continue` was awaited) |
/// | target length       | `--max-header-bytes` | 16 KiB  | 414 `target_too_long`                    |
/// | header size         | `--max-header-bytes` | 16 KiB  | 431 `headers_too_large`, then closed     |
/// | time to read a head | `--header-timeout`   | 10 s    | 408 `timeout`, then closed (`ConnectionTimeouts`) |
/// | time to read a body | `--request-timeout`  | 30 s    | 408 `timeout`, then the connection closed |
/// | silence on a connection | `--idle-timeout` | 60 s    | the connection is closed (`ConnectionTimeouts`) |
/// | open connections    | `--max-connections`  | 10000   | 503 `unavailable` at once, then closed (`ConnectionLimit`) |
///
/// The target (the path and its query, as the request line writes them) and the headers are held
/// to the same size each, as nginx's `large_client_header_buffers` holds its request line and each
/// header. The header size is the sum of the names' and values' bytes, as HTTP/2's `SETTINGS_MAX_HEADER_LIST_SIZE`
/// counts without its per-field 32; the HTTP parser itself stops at `parserHeaderBytes` (four
/// times the limit, at least 64 KiB) or 1000 fields, and `CloseAfterResponse` answers that
/// with the same 431 problem.
/// Idle covers both a keep-alive connection with no request and a request whose bytes stop
/// arriving; an answer being computed or streamed (SSE) is not idle.
public struct RequestLimits: Sendable {
    /// The most bytes a request body may hold.
    public var maxBodyBytes: Int
    /// The most bytes the request's header names and values may hold together, and its target
    /// (path and query) alone.
    public var maxHeaderBytes: Int
    /// How long the server waits for a request's body once its headers arrived.
    public var requestTimeout: Duration
    /// How long a connection may stay silent (no request, or a request that stopped arriving).
    public var idleTimeout: Duration
    /// How long a request's head (request line and headers) may take to arrive whole, from its
    /// first byte, or from the connection's accept for its first request (nginx's
    /// `client_header_timeout`).
    public var headerTimeout: Duration
    /// The most connections open at once; one more is answered 503 and closed.
    public var maxConnections: Int

    /// The limits, by default 64 KiB of body, 16 KiB of headers, 10 s to read a head, 30 s to
    /// read a body, 60 s of silence, 10,000 connections.
    public init(maxBodyBytes: Int = 64 * 1024, maxHeaderBytes: Int = 16 * 1024,
                requestTimeout: Duration = .seconds(30), idleTimeout: Duration = .seconds(60),
                headerTimeout: Duration = .seconds(10), maxConnections: Int = 10_000) {
        self.maxBodyBytes = maxBodyBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.requestTimeout = requestTimeout
        self.idleTimeout = idleTimeout
        self.headerTimeout = headerTimeout
        self.maxConnections = maxConnections
    }

    /// The size of a request's headers as the limit counts it: its names' and values' UTF-8 bytes.
    static func headerBytes(of headers: HTTPFields) -> Int {
        headers.reduce(0) { $0 + $1.name.rawName.utf8.count + $1.value.utf8.count }
    }

    /// Where the HTTP parser itself stops reading headers: well past `maxHeaderBytes`, so that
    /// up to there the problem says how many bytes came (beyond, it is the same 431 without).
    public var parserHeaderBytes: Int { max(4 * maxHeaderBytes, 64 * 1024) }

    /// The HTTP/1.1 server configuration these limits need: the parser's header limits, and
    /// closing the connection after a 408 or 431 (`CloseAfterResponse`). The timeouts on heads
    /// and silence are `ConnectionTimeouts`'.
    public var http1Configuration: HTTP1Channel.Configuration {
        HTTP1Channel.Configuration(
            additionalChannelHandlers: [CloseAfterResponse(maxHeaderBytes: maxHeaderBytes)],
            httpDecoderConfiguration: .init(maxHeaderFieldSize: parserHeaderBytes, maxHeaderListSize: parserHeaderBytes))
    }
}
