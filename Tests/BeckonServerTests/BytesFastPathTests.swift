import BeckonTestSupport
@testable import BeckonServer
import Foundation
import HTTPTypes
import NIOCore
import NIOEmbedded
import NIOHTTP1
import NIOHTTPTypes
import NIOHTTPTypesHTTP1
import Testing

/// Requests answered from the bytes read, before the HTTP parser (`BytesFastPath`): a request is
/// read there as NIO's parser and `HTTP1ToHTTPServerCodec` read it (`WholeRequest`), or left to
/// them; an answer is written as NIO's encoder writes it; and over a socket, a connection
/// answered there gets the answers a connection the parser reads gets.
@Suite("beckon serve: requests answered before the HTTP parser")
struct BytesFastPathTests {
    // MARK: Reading a request

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: String
        /// Whether it is read here (else it is left to the parser).
        var read: Bool
        var testDescription: String { name }
    }

    static let get = "GET /v1/subjects/ada/tips/welcome HTTP/1.1\r\n"
    static let post = "POST /ofrep/v1/evaluate/flags HTTP/1.1\r\n"

    static let cases: [Case] = [
        Case(name: "a plain GET", bytes: get + "Host: x\r\n\r\n", read: true),
        Case(name: "no header at all", bytes: get + "\r\n", read: true),
        Case(name: "headers as SDKs send them", bytes: get + "Host: 127.0.0.1:8080\r\nUser-Agent: sdk/1.0\r\nAccept: */*\r\nAccept-Language: de-CH, fr;q=0.8\r\nIf-None-Match: W/\"0123\"\r\n\r\n", read: true),
        Case(name: "a tab inside a value", bytes: get + "X-Note: a\tb\r\n\r\n", read: true),
        Case(name: "an empty value", bytes: get + "X-Note:\r\n\r\n", read: true),
        Case(name: "a query", bytes: "GET /v1/subjects/ada/tips/welcome?transient=a=1&locale=de HTTP/1.1\r\n\r\n", read: true),
        Case(name: "a POST with its body", bytes: post + "Content-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", read: true),
        Case(name: "a POST with an empty body", bytes: post + "Content-Length: 0\r\n\r\n", read: true),
        Case(name: "a POST whose body is not all read", bytes: post + "Content-Length: 5\r\n\r\n{}", read: false),
        Case(name: "a POST without a length", bytes: post + "\r\n", read: false),
        Case(name: "a POST with two lengths", bytes: post + "Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}", read: false),
        Case(name: "a POST with a signed length", bytes: post + "Content-Length: +2\r\n\r\n{}", read: false),
        Case(name: "a POST past the body limit", bytes: post + "Content-Length: 100\r\n\r\n" + String(repeating: " ", count: 100), read: false),
        Case(name: "a chunked POST", bytes: post + "Transfer-Encoding: chunked\r\n\r\n0\r\n\r\n", read: false),
        Case(name: "a GET with a length", bytes: get + "Content-Length: 0\r\n\r\n", read: false),
        Case(name: "a head not all read", bytes: get + "Host: x\r\n", read: false),
        Case(name: "a request line not all read", bytes: "GET /v1/subj", read: false),
        Case(name: "HEAD", bytes: "HEAD /healthz HTTP/1.1\r\n\r\n", read: false),
        Case(name: "a lowercase method", bytes: "get /healthz HTTP/1.1\r\n\r\n", read: false),
        Case(name: "HTTP/1.0", bytes: "GET /healthz HTTP/1.0\r\n\r\n", read: false),
        Case(name: "an absolute target", bytes: "GET http://x/healthz HTTP/1.1\r\n\r\n", read: false),
        Case(name: "a byte past ASCII in the target", bytes: "GET /v1/subjects/\u{E9}/tips/welcome HTTP/1.1\r\n\r\n", read: false),
        Case(name: "a byte past ASCII in a value", bytes: get + "X-Note: caf\u{E9}\r\n\r\n", read: false),
        Case(name: "a space after a value", bytes: get + "X-Note: a \r\n\r\n", read: false),
        Case(name: "a space before the colon", bytes: get + "X-Note : a\r\n\r\n", read: false),
        Case(name: "a folded line", bytes: get + "X-Note: a\r\n b\r\n\r\n", read: false),
        Case(name: "a bare LF", bytes: get + "X-Note: a\n\r\n", read: false),
        Case(name: "Connection", bytes: get + "Connection: keep-alive\r\n\r\n", read: false),
        Case(name: "Keep-Alive", bytes: get + "Keep-Alive: timeout=5\r\n\r\n", read: false),
        Case(name: "Upgrade", bytes: get + "Upgrade: websocket\r\n\r\n", read: false),
        Case(name: "Expect", bytes: post + "Expect: 100-continue\r\nContent-Length: 2\r\n\r\n{}", read: false),
        Case(name: "Cookie", bytes: get + "Cookie: a=1; b=2\r\n\r\n", read: false),
        Case(name: "two Hosts", bytes: get + "Host: x\r\nHost: y\r\n\r\n", read: false),
        Case(name: "too many fields", bytes: get + (0...WholeRequest.maxFields).map { "X-\($0): \($0)\r\n" }.joined() + "\r\n", read: false),
        Case(name: "a head past the limit", bytes: get + "X-Note: \(String(repeating: "n", count: 300))\r\n\r\n", read: false),
    ]

    @Test(arguments: cases)
    func readsOnlyThePlainestRequestsAsTheParserReadsThem(_ example: Case) throws {
        let bytes = ByteBuffer(string: example.bytes)
        let request = WholeRequest(bytes, maxHeadBytes: 256, maxBodyBytes: 64)
        #expect((request != nil) == example.read)
        if let request {
            try Self.expectReadAsTheParserReads(request, bytes)
        }
    }

    /// Random plain requests (methods, targets, names in any case, values with and without the
    /// space after the colon, a Host or none, bodies), each followed by another request: every
    /// one read here is the request, body and length the parser reads.
    @Test func randomRequestsAreReadAsTheParserReadsThem() throws {
        var random = SplitMix64(seed: 0x5EED_B17E)
        // Names in several cases, and names of a read one's length that are not it (fields are
        // found by their bytes' role: `Host`, those the answerers read, the others).
        let names = ["Host", "host", "hOST", "Hist", "User-Agent", "Accept", "accept-language", "If-None-Match", "IF-NONE-MATCH",
                     "If-None-Matck", "Authorization", "X-Request-Id", "Origin", "oRIGIN", "Orig1n", "Content-Type"]
        let values = ["x", "127.0.0.1:8080", "de-CH, fr;q=0.8", "W/\"0123456789abcdef\"", "Bearer abc.def", "a\tb", "", "*/*", "sdk/1.2 (linux)"]
        let targets = ["/v1/subjects/ada/tips/welcome", "/v1/subjects/ada%20lovelace/tips/welcome?now=2026-03-01T00:00:00Z",
                       "/ofrep/v1/evaluate/flags/tips.welcome", "/healthz", "/v1/subjects/a/tips/b?transient=x=1&transient=y=%22z%22"]
        var read = 0
        for _ in 0..<500 {
            let isPost = random.below(3) == 0
            var text = (isPost ? "POST " : "GET ") + random.pick(targets) + " HTTP/1.1\r\n"
            for _ in 0..<random.below(6) {
                text += random.pick(names) + ":" + (random.below(2) == 0 ? " " : "") + random.pick(values) + "\r\n"
            }
            let body = isPost ? String(repeating: "b", count: random.below(40)) : ""
            if isPost { text += "Content-Length: \(body.utf8.count)\r\n" }
            text += "\r\n" + body + "GET /healthz HTTP/1.1\r\n\r\n"
            let bytes = ByteBuffer(string: text)
            guard let request = WholeRequest(bytes, maxHeadBytes: 4096, maxBodyBytes: 64) else { continue }
            read += 1
            try Self.expectReadAsTheParserReads(request, bytes)
        }
        // Two Hosts make a case the parser's (about one in ten): most are read here.
        #expect(read > 300)
    }

    /// Every visible ASCII byte in a target and in a header value: each request read here is read
    /// as the parser reads it (the parser refuses some bytes in a target that this must leave to it).
    @Test func everyVisibleByteInATargetOrAValueIsReadAsTheParserReadsIt() throws {
        for byte in UInt8(0x21)...UInt8(0x7E) {
            let text = String(decoding: [byte], as: UTF8.self)
            for request in ["GET /v1/subjects/a\(text)b/tips/welcome HTTP/1.1\r\nHost: x\r\n\r\n",
                            "GET /healthz HTTP/1.1\r\nX-Note: a\(text)b\r\n\r\n"] {
                let bytes = ByteBuffer(string: request)
                guard let read = WholeRequest(bytes, maxHeadBytes: 1024, maxBodyBytes: 64) else { continue }
                try Self.expectReadAsTheParserReads(read, bytes)
            }
        }
    }

    /// `request`, read from the start of `bytes`, is the first request NIO's parser and codec
    /// hand on from them as the answerers read it (`EventLoopRequest`), with the same body,
    /// ending where the parser's next request starts.
    static func expectReadAsTheParserReads(_ request: WholeRequest, _ bytes: ByteBuffer) throws {
        let channel = try Self.codecChannel()
        try channel.writeInbound(bytes.getSlice(at: bytes.readerIndex, length: request.length)!)
        var head: HTTPRequest?
        var body = ByteBuffer()
        var ended = false
        while let part = try channel.readInbound(as: HTTPRequestPart.self) {
            switch part {
            case .head(let parsed): head = parsed
            case .body(var chunk): body.writeBuffer(&chunk)
            case .end: ended = true
            }
        }
        let parsed = try #require(head)
        #expect(ended, "the parser did not end the request where it was read here")
        #expect(EventLoopRequest(parsed) == request.head)
        #expect(body == request.body)
        _ = try channel.finish()
    }

    /// A channel with NIO's HTTP/1.1 server parser and encoder and the codec to HTTPTypes, as
    /// `BeckonHTTP1Channel` sets them up.
    static func codecChannel() throws -> EmbeddedChannel {
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.configureHTTPServerPipeline(withPipeliningAssistance: false, withErrorHandling: false)
        try channel.pipeline.syncOperations.addHandler(HTTP1ToHTTPServerCodec(secure: false))
        return channel
    }

    // MARK: Writing an answer

    /// Answers with each of the route's fields, alone and together, and statuses with and
    /// without a body.
    static let answers: [AnswerParts] = [
        AnswerParts(status: .ok, isJSON: true, eTag: AnswerETag(of: ByteBuffer(string: "{}")), body: ByteBuffer(string: "{}")),
        AnswerParts(status: .ok, isJSON: true, eTag: AnswerETag(of: ByteBuffer(string: "{\"a\":1}")), variesByLanguage: true,
                    body: ByteBuffer(string: "{\"a\":1}")),
        AnswerParts(status: .notModified, isJSON: false, eTag: AnswerETag(of: ByteBuffer(string: "{}")), variesByLanguage: true),
        AnswerParts(status: .notModified, isJSON: false, eTag: AnswerETag(of: ByteBuffer(string: "{}"))),
        AnswerParts(status: .ok, isJSON: true, variesByLanguage: true, body: ByteBuffer(string: "{\"x\":1}")),
        AnswerParts(status: .notFound, isJSON: true, body: ByteBuffer(string: "{\"a\":\"b\"}")),
        AnswerParts(status: .init(code: 422, reasonPhrase: "Unprocessable Content"), isJSON: false),
        AnswerParts(status: .badRequest, isJSON: true, body: ByteBuffer(string: "{\"x\":1}")),
    ]

    /// The bytes of each answer are the bytes NIO's encoder writes after the codec for its head
    /// (`AnswerParts.head`) and body, `Date` and `Server` included.
    @Test func answersAreWrittenAsTheEncoderWritesThem() throws {
        for answer in Self.answers {
            let channel = try Self.codecChannel()
            try channel.writeOutbound(HTTPResponsePart.head(answer.head))
            if answer.body.readableBytes > 0 { try channel.writeOutbound(HTTPResponsePart.body(answer.body)) }
            try channel.writeOutbound(HTTPResponsePart.end(nil))
            var written = ByteBuffer()
            while let data = try channel.readOutbound(as: IOData.self) {
                if case .byteBuffer(var buffer) = data { written.writeBuffer(&buffer) }
            }
            let ours = String(buffer: BytesFastPath.bytes(of: answer, allocator: ByteBufferAllocator()))
            #expect(ours.contains("\r\nServer: \(BeckonServer.serverName)\r\n"))
            #expect(Self.withAnyDate(ours) == Self.withAnyDate(String(buffer: written)), "\(answer.status)")
            _ = try channel.finish()
        }
    }

    /// `text` with the value of its `Date` field (the current second's) written as `…`.
    static func withAnyDate(_ text: String) -> String {
        text.replacing(/\r\nDate: [^\r]+\r\n/, with: "\r\nDate: …\r\n")
    }

    // MARK: The handler

    /// Whole requests the answerer answers are answered, in order, and reach nothing after;
    /// from the first that is not (here a POST it does not take), that read's rest and every
    /// later read go on to the parser as they came.
    @Test func answersWholeRequestsUntilOneIsNotThenPassesEveryByteOn() throws {
        let answerer = EventLoopTipStatus.Answerer(
            takesBody: { _ in false }, maxBodyBytes: 64,
            answer: { head, _ in
                AnswerParts(status: .ok, isJSON: false, body: ByteBuffer(string: head.path))
            })
        let timeouts = ConnectionTimeouts(header: .seconds(10), idle: .seconds(60))
        let channel = EmbeddedChannel(handler: BytesFastPath(answerer: answerer, timeouts: timeouts, maxHeadBytes: 1024))
        let passed = "POST /a HTTP/1.1\r\nContent-Length: 0\r\n\r\nGET /c HTTP/1.1\r\n\r\n"
        try channel.writeInbound(ByteBuffer(string: "GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\nHost: x\r\n\r\n" + passed))
        var written = ""
        while let buffer = try channel.readOutbound(as: ByteBuffer.self) { written += String(buffer: buffer) }
        let answer = { (path: String) in "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nDate: …\r\nServer: \(BeckonServer.serverName)\r\n\r\n\(path)" }
        #expect(Self.withAnyDate(written) == answer("/a") + answer("/b"))
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == passed)
        // Later reads, even of requests answered before, are the parser's.
        try channel.writeInbound(ByteBuffer(string: "GET /d HTTP/1.1\r\n\r\n"))
        #expect(try channel.readInbound(as: ByteBuffer.self).map { String(buffer: $0) } == "GET /d HTTP/1.1\r\n\r\n")
        #expect(try channel.readOutbound(as: ByteBuffer.self) == nil)
        _ = try channel.finish()
    }

    /// While a connection is answered here, the end of each round of reads is not passed on and
    /// the next read is asked for from here (it reaches the channel, not the handlers behind);
    /// once bytes were passed on, both are the pipeline's again.
    @Test func asksForTheNextReadItselfOnlyWhileItAnswers() throws {
        let answerer = EventLoopTipStatus.Answerer(
            takesBody: { _ in false }, maxBodyBytes: 64,
            answer: { _, _ in AnswerParts(status: .ok, isJSON: false, body: ByteBuffer(string: "a")) })
        let timeouts = ConnectionTimeouts(header: .seconds(10), idle: .seconds(60))
        let reads = ReadsAskedFor(), completes = ReadCompletesSeen()
        let channel = EmbeddedChannel()
        try channel.pipeline.syncOperations.addHandlers(
            reads, BytesFastPath(answerer: answerer, timeouts: timeouts, maxHeadBytes: 1024), completes)
        try channel.writeInbound(ByteBuffer(string: "GET /a HTTP/1.1\r\n\r\nGET /b HTTP/1.1\r\n\r\n"))
        #expect((reads.count, completes.count) == (1, 0))
        try channel.writeInbound(ByteBuffer(string: "GET /c HTTP/1.1\r\n\r\n"))
        #expect((reads.count, completes.count) == (2, 0))
        // A partial request: the parser's from now on.
        try channel.writeInbound(ByteBuffer(string: "GET /d HTTP/1.1\r\n"))
        #expect((reads.count, completes.count) == (2, 1))
        try channel.writeInbound(ByteBuffer(string: "\r\n"))
        #expect((reads.count, completes.count) == (2, 2))
        _ = try channel.finish(acceptAlreadyClosed: true)
    }

    /// Counts the reads asked for that reach it.
    final class ReadsAskedFor: ChannelOutboundHandler {
        typealias OutboundIn = ByteBuffer
        private(set) var count = 0
        func read(context: ChannelHandlerContext) {
            count += 1
            context.read()
        }
    }

    /// Counts the ends of rounds of reads that reach it.
    final class ReadCompletesSeen: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        private(set) var count = 0
        func channelReadComplete(context: ChannelHandlerContext) {
            count += 1
        }
    }

    // MARK: Over a socket

    /// The same requests, on a connection answered before the parser (its first request is one
    /// answered there) and on one the parser reads (its first request is the router's): the same
    /// answers, byte for byte but the `Date` (the server's wall clock stands still).
    @Test func aConnectionAnsweredBeforeTheParserGetsTheParsersAnswers() async throws {
        let folder = try ServedBeckon.folder()
        let tip = "/v1/subjects/ada/tips/welcome"
        let etag = "W/\"0000000000000000\""
        let requests = [
            "GET \(tip) HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET \(tip)?now=2026-03-01T00:00:00Z&appVersion=2.4.0&transient=screenBrightness=0.7 HTTP/1.1\r\nHost: x\r\n\r\n",
            "GET \(tip)?locale=de HTTP/1.1\r\nAccept-Language: fr\r\n\r\n",
            "GET /v1/subjects/ada%20lovelace/tips/welcome HTTP/1.1\r\nUser-Agent: t\r\nIf-None-Match: \(etag)\r\n\r\n",
            Self.ofrep("/ofrep/v1/evaluate/flags/tips.welcome", #"{"context":{"targetingKey":"ada"}}"#),
            Self.ofrep("/ofrep/v1/evaluate/flags", #"{"context":{"targetingKey":"ada"}}"#),
        ]
        let health = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
        let close = "GET /healthz HTTP/1.1\r\nConnection: close\r\n\r\n"
        // A wall clock that stands still: answers made at different instants say so.
        try await ServedBeckon.withServer(folder, wallClock: { 1_772_323_200_000 }, configure: { _ in }) { client, _ in
            let port = client.port
            // The ETag of the plain answer, so that one request is answered 304.
            let first = try await EdgeHarness.raw(port, [requests[0] + close])
            let tag = try #require(first.text.split(separator: "\r\n").first { $0.hasPrefix("ETag: ") }?.dropFirst(6))
            // The unknown flag last: an answer the router gives, from where the parser reads.
            let asked = requests + ["GET \(tip) HTTP/1.1\r\nIf-None-Match: \(tag)\r\n\r\n",
                                    Self.ofrep("/ofrep/v1/evaluate/flags/tips.welcom", #"{"context":{"targetingKey":"ada"}}"#)]
            let before = try await EdgeHarness.raw(port, asked + [close])
            let after = try await EdgeHarness.raw(port, [health] + asked + [close])
            let dated = /Date: [^\r]*\r\n/
            let beforeAnswers = before.text.replacing(dated, with: "")
            let afterAnswers = after.text.replacing(dated, with: "")
            #expect(afterAnswers.hasSuffix(beforeAnswers))
            #expect(beforeAnswers.components(separatedBy: "HTTP/1.1 ").count == asked.count + 2)
            #expect(beforeAnswers.contains("HTTP/1.1 304 Not Modified") && beforeAnswers.contains("HTTP/1.1 404 Not Found"))
        }
    }

    static func ofrep(_ path: String, _ body: String) -> String {
        "POST \(path) HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
    }
}
