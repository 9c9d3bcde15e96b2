import BeckonRuntime
import BeckonTestSupport
@testable import BeckonServer
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import Testing

/// Tip status answered on the event loop that read the request (`EventLoopTipStatus`): only
/// plain requests the edge has no say in, in the order requests came, on connections that stay
/// as alive as any other. That the answers are the router's, byte for byte, is `FastPathTests`'.
@Suite("beckon serve: tip status answered on the event loop", .serialized)
struct EventLoopTipStatusTests {
    /// What stands at the edge of the server a case is asked of.
    enum Edge: Sendable {
        case none, cors, tokens, smallHeaders
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var path: String
        var method = HTTPRequest.Method.get
        var headers: [(String, String)] = []
        var edge = Edge.none
        var tipStatusPath = BeckonServer.TipStatusPath.eventLoop
        /// The configuration served.
        var yaml = ServedBeckon.configuration
        /// The locale its answer is in, when the case is about it.
        var locale: String? = nil
        /// Whether it is answered on the event loop (else it is passed on to the router).
        var answered: Bool
        var testDescription: String { name }
    }

    static let tip = "/v1/subjects/ada/tips/welcome"

    /// A tip status target of `bytes` bytes (at least 39): a locale padded with empty members.
    static func target(bytes: Int) -> String {
        let start = tip + "?locale=en"
        return start + String(repeating: ",", count: bytes - start.utf8.count)
    }

    static let cases: [Case] = [
        Case(name: "a plain GET", path: tip, answered: true),
        Case(name: "now, appVersion and a transient parameter",
             path: tip + "?now=2026-03-01T00:00:00Z&appVersion=2.4.0&transient=screenBrightness=0.7", answered: true),
        Case(name: "a testing override", path: tip + "?hideTip=welcome", answered: true),
        Case(name: "a locale", path: tip + "?locale=de-CH,%20fr;q=0.8", answered: true),
        Case(name: "an Accept-Language", path: tip, headers: [("Accept-Language", "de-CH, fr;q=0.8")], answered: true),
        Case(name: "an Accept-Language with no language range", path: tip, headers: [("Accept-Language", "q=0.5;;")], answered: true),
        Case(name: "a locale and a testing override", path: tip + "?locale=fr&showTip=welcome", headers: [("Accept-Language", "de")], answered: true),
        Case(name: "a locale with no language range", path: tip + "?locale=C.UTF-8", answered: false),
        Case(name: "a locale, localized content", path: tip + "?locale=de-CH", yaml: LocalizedConfiguration.yaml, locale: "de-CH", answered: true),
        Case(name: "an Accept-Language, localized content", path: tip, headers: [("Accept-Language", "zh-Hant-TW, fr;q=0.5")],
             yaml: LocalizedConfiguration.yaml, locale: "zh-Hant", answered: true),
        Case(name: "a locale before an Accept-Language, localized content", path: tip + "?locale=fr", headers: [("Accept-Language", "de")],
             yaml: LocalizedConfiguration.yaml, locale: "fr", answered: true),
        Case(name: "a locale given twice", path: tip + "?locale=de&locale=fr", answered: false),
        Case(name: "a percent-encoded subject", path: "/v1/subjects/ada%20lovelace/tips/welcome", answered: true),
        Case(name: "an If-None-Match", path: tip, headers: [("If-None-Match", "W/\"0000000000000000\"")], answered: true),
        Case(name: "Content-Length: 0", path: tip, headers: [("Content-Length", "0")], answered: true),
        Case(name: "the router's fast path asked for", path: tip, tipStatusPath: .route, answered: false),
        Case(name: "the general path asked for", path: tip, tipStatusPath: .general, answered: false),
        Case(name: "HEAD", path: tip, method: .head, answered: false),
        Case(name: "POST", path: tip, method: .post, answered: false),
        Case(name: "Connection: close", path: tip, headers: [("Connection", "close")], answered: false),
        Case(name: "Connection: keep-alive", path: tip, headers: [("Connection", "keep-alive")], answered: false),
        Case(name: "a body's length", path: tip, headers: [("Content-Length", "2")], answered: false),
        Case(name: "a chunked body", path: tip, headers: [("Transfer-Encoding", "chunked")], answered: false),
        Case(name: "a trailing slash", path: tip + "/", answered: false),
        Case(name: "another route under the tip", path: tip + "/explanation", answered: false),
        Case(name: "an empty subject", path: "/v1/subjects//tips/welcome", answered: false),
        Case(name: "a dot-dot subject", path: "/v1/subjects/../tips/welcome", answered: false),
        Case(name: "another version", path: "/v2/subjects/ada/tips/welcome", answered: false),
        Case(name: "a subject past the limit", path: "/v1/subjects/\(String(repeating: "s", count: 257))/tips/welcome", answered: false),
        Case(name: "a subject not UTF-8", path: "/v1/subjects/bad%FF/tips/welcome", answered: false),
        Case(name: "an undeclared tip", path: "/v1/subjects/ada/tips/welcom", answered: false),
        Case(name: "an unknown query member", path: tip + "?colour=red", answered: false),
        Case(name: "empty query members", path: tip + "?&now=2026-03-01T00:00:00Z&&appVersion=2.4.0&", answered: true),
        Case(name: "a bad instant", path: tip + "?now=yesterday", answered: false),
        Case(name: "CORS on, no Origin", path: tip, edge: .cors, answered: true),
        Case(name: "CORS on, an Origin", path: tip, headers: [("Origin", "https://app.example")], edge: .cors, answered: false),
        // CORS adds nothing for an origin it does not know: the browser refuses the answer.
        Case(name: "CORS on, another Origin", path: tip, headers: [("Origin", "https://other.example")], edge: .cors, answered: true),
        Case(name: "tokens asked for, none given", path: tip, edge: .tokens, answered: false),
        Case(name: "a read token", path: tip, headers: [("Authorization", "Bearer \(EdgeHarness.readToken)")], edge: .tokens, answered: true),
        Case(name: "a write token", path: tip, headers: [("Authorization", "bearer \(EdgeHarness.writeToken)")], edge: .tokens, answered: true),
        Case(name: "an unknown token", path: tip, headers: [("Authorization", "Bearer nope")], edge: .tokens, answered: false),
        Case(name: "another scheme", path: tip, headers: [("Authorization", "Basic \(EdgeHarness.readToken)")], edge: .tokens, answered: false),
        Case(name: "headers within the limit", path: tip, headers: [("X-Note", "short")], edge: .smallHeaders, answered: true),
        Case(name: "headers past the limit", path: tip, headers: [("X-Note", String(repeating: "n", count: 80))], edge: .smallHeaders, answered: false),
        Case(name: "a target at the limit", path: target(bytes: 64), edge: .smallHeaders, answered: true),
        Case(name: "a target past the limit", path: target(bytes: 65), edge: .smallHeaders, answered: false),
    ]

    @Test(arguments: cases)
    func answersOnlyWhatNeitherTheEdgeNorTheRouterHasASayIn(_ example: Case) throws {
        let folder = try ServedBeckon.folder(example.yaml)
        let runtime = try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path)
        var server = BeckonServer(runtime: runtime)
        server.tipStatusPath = example.tipStatusPath
        switch example.edge {
        case .none: break
        case .cors: server.edge.corsOrigins = ["https://app.example"]
        case .tokens: server.edge.access = try EdgeHarness.access(in: folder)
        case .smallHeaders: server.edge.limits.maxHeaderBytes = 64
        }
        var fields = HTTPFields()
        for (name, value) in example.headers { fields[HTTPField.Name(name)!] = value }
        let head = HTTPRequest(method: example.method, scheme: "http", authority: "127.0.0.1", path: example.path, headerFields: fields)

        let answer = ServerRoutes(server: server).eventLoopTipStatus(EventLoopRequest(head))
        #expect((answer != nil) == example.answered)
        if let answer {
            #expect(answer.head.status == .ok || answer.head.status == .notModified)
            #expect(answer.head.headerFields[.date] != nil && answer.head.headerFields[.server] == BeckonServer.serverName)
            if let locale = example.locale {
                let object = try JSONSerialization.jsonObject(with: Data(answer.body.readableBytesView)) as? [String: Any]
                #expect(object?["locale"] as? String == locale)
                #expect(answer.head.headerFields[.vary] == "Accept-Language")
            }
        }
    }

    /// Requests sent in one write, tip status ones between ones the router answers, are
    /// answered in their order, each after the ones before it took effect: the tip that two
    /// donations make available is answered available after them.
    @Test func pipelinedRequestsAreAnsweredInOrder() async throws {
        let folder = try ServedBeckon.folder("""
            version: 1
            store: {backend: memory}
            events:
              landmarkViewed: {}
            tips:
              welcome: {title: Welcome}
              favorite-landmark:
                title: Save as favorite
                rules: [events.landmarkViewed.within(7d).count >= 2]
            """)
        let now = "now=2026-03-04T05:06:07Z"
        let favorite = "GET /v1/subjects/ada/tips/favorite-landmark?\(now) HTTP/1.1\r\nHost: x\r\n\r\n"
        let donate = "POST /v1/subjects/ada/events/landmarkViewed/donate?\(now) HTTP/1.1\r\nHost: x\r\nContent-Length: 0\r\n\r\n"
        let health = "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
        let last = "GET /v1/subjects/ada/tips/welcome?\(now) HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
        try await EdgeHarness.withServer(folder, edge: EdgeOptions()) { port in
            let exchange = try await EdgeHarness.raw(port, [favorite + donate + donate + favorite + health + last])
            let answers = try #require(Self.responses(in: exchange.text))
            #expect(answers.map(\.status) == [200, 200, 200, 200, 200, 200])
            let objects = answers.map { (try? JSONSerialization.jsonObject(with: Data($0.body.utf8))) as? [String: Any] ?? [:] }
            #expect(objects.map { $0["op"] as? String ?? $0["status"] as? String ?? "?" }
                    == ["tip.status", "donate", "donate", "tip.status", "ok", "tip.status"])
            #expect(objects[0]["status"] as? String == "pending")
            #expect(objects[3]["status"] as? String == "available")
            #expect(objects[5]["id"] as? String == "welcome")
            #expect(exchange.closedByServer)
        }
    }

    /// A client that sends thousands of tip status requests and reads nothing: once its answers
    /// back up (the channel is no longer writable), requests go on to the router, whose writes
    /// wait and whose reads stop, so the server stops answering instead of piling answers up;
    /// when the client reads, it gets every answer, in order.
    @Test func answersStopWhileTheClientReadsNothingThenAllArriveInOrder() async throws {
        let folder = try ServedBeckon.folder()
        // More answers than the system buffers for a connection (`net.ipv4.tcp_wmem`'s 4 MiB at most).
        let count = 20000
        var requests = ""
        for index in 0..<count {
            let close = index == count - 1 ? "Connection: close\r\n" : ""
            requests += "GET /v1/subjects/s\(index)/tips/welcome HTTP/1.1\r\nHost: x\r\n\(close)\r\n"
        }
        try await EdgeHarness.withServer(folder, edge: EdgeOptions()) { [requests] port in
            // A small receive buffer: the system holds few of the server's answers for the client.
            guard let connection = RawConnection(port: port, receiveBufferBytes: 16 * 1024) else { throw POSIXError(.ECONNREFUSED) }
            connection.giveUpReading(after: .seconds(30))
            // Written from a thread of its own: once the server stops reading, the write waits.
            Thread.detachNewThread { connection.write(requests) }

            // The server answers some, then none while the client reads nothing.
            var answered: [Int] = []
            while answered.count < 4 || Set(answered.suffix(4)).count > 1 {
                try await Task.sleep(for: .milliseconds(250))
                answered.append(try await Self.tipStatusAnswers(port))
                #expect(answered.count < 120, "the server kept answering: \(answered.suffix(4))")
                if answered.count >= 120 || answered.last == count { break }
            }
            #expect(answered.last! < count, "answered \(answered.last!) of \(count) to a client that reads nothing")

            let (text, closed) = await OwnThread.run { connection.read() }
            let answers = try #require(Self.responses(in: text))
            #expect(answers.count == count && closed)
            let subjects = answers.map { ((try? JSONSerialization.jsonObject(with: Data($0.body.utf8))) as? [String: Any])?["subject"] as? String }
            #expect(subjects == (0..<count).map { "s\($0)" })
            #expect(answers.allSatisfy { $0.status == 200 })
        }
    }

    /// A request answered on the event loop is counted under the route's label as the router
    /// counts it (the access line is written by the same `ObservationMiddleware.record`).
    @Test func countsAsTheRouterCounts() async throws {
        let folder = try ServedBeckon.folder()
        let runtime = try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path)
        var lines: [[String]] = []
        for path in [BeckonServer.TipStatusPath.eventLoop, .route] {
            var server = BeckonServer(runtime: runtime)
            server.tipStatusPath = path
            let counted = try await ServedBeckon.run(server) { client, _ in
                _ = try await client.get(Self.tip)
                let tag = try await client.get(Self.tip).headers["ETag"].first ?? ""
                _ = try await client.send(.GET, Self.tip, body: nil, headers: [("If-None-Match", tag)])
                return try await client.get("/metrics").body.split(separator: "\n")
                    .filter { $0.hasPrefix("beckon_http_requests_total{") || $0.hasPrefix("beckon_decisions_total{") }.map(String.init).sorted()
            }
            lines.append(counted)
        }
        #expect(lines[0] == lines[1])
        #expect(lines[0].contains(#"beckon_http_requests_total{route="/v1/subjects/{subject}/tips/{tip}",method="GET",status="304"} 1"#))
    }

    /// How many tip status requests the server on `port` has answered with 200 (its metrics).
    /// Asked while the server answers a flood of requests in a debug build, which on a loaded
    /// machine can keep the metrics waiting well beyond the usual 30 s.
    static func tipStatusAnswers(_ port: Int) async throws -> Int {
        let metrics = try await ServedBeckon.Client(port: port, patience: .seconds(180)).get("/metrics").body
        let prefix = #"beckon_http_requests_total{route="/v1/subjects/{subject}/tips/{tip}",method="GET",status="200"} "#
        let line = metrics.split(separator: "\n").first { $0.hasPrefix(prefix) }
        return line.flatMap { Int($0.dropFirst(prefix.count)) } ?? 0
    }

    /// A keep-alive connection asking tip status more often than the idle timeout is not idle:
    /// it is closed only once it falls silent.
    ///
    /// Seven requests 1 s apart (6 s, twice the 3 s idle timeout). The client measures its own
    /// gaps: on a machine so loaded that the client's thread slept 2 s or more between two
    /// requests, the connection may rightly have been idle, so that attempt says nothing and is
    /// made again (three attempts at most).
    @Test func aConnectionBusyWithTipStatusIsNotIdle() async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(limits: RequestLimits(idleTimeout: .seconds(3)))
        let request = "GET \(Self.tip) HTTP/1.1\r\nHost: x\r\n\r\n"
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            for _ in 0..<3 {
                let (text, closed, longestGap) = try await OwnThread.run {
                    guard let connection = RawConnection(port: port) else { throw POSIXError(.ECONNREFUSED) }
                    connection.giveUpReading(after: .seconds(30))
                    let clock = ContinuousClock()
                    var longestGap = Duration.zero
                    var last = clock.now
                    for index in 0..<7 {
                        if index > 0 { usleep(1_000_000) }
                        longestGap = max(longestGap, clock.now - last)
                        last = clock.now
                        connection.write(request)
                    }
                    let (text, closed) = connection.read()
                    return (text, closed, longestGap)
                }
                guard longestGap < .seconds(2) else { continue }
                let answers = try #require(Self.responses(in: text))
                #expect(answers.map(\.status) == Array(repeating: 200, count: 7))
                #expect(closed)
                return
            }
            Issue.record("the client's thread slept 2 s or more between two requests in each of three attempts")
        }
    }

    /// The responses in a stream of HTTP/1.1 responses with `Content-Length` bodies (none for a
    /// 304), or nil when the text is not that.
    static func responses(in text: String) -> [(status: Int, body: String)]? {
        let bytes = Array(text.utf8)
        let headEnd = Array("\r\n\r\n".utf8), statusLine = Array("HTTP/1.1 ".utf8)
        var start = 0
        var found: [(status: Int, body: String)] = []
        // Index arithmetic over the bytes: a 20,000-answer stream is read in one pass.
        while start < bytes.count {
            guard bytes[start...].starts(with: statusLine),
                  let status = Int(String(decoding: bytes[(start + 9)..<min(start + 12, bytes.count)], as: UTF8.self)),
                  let end = bytes[start...].firstRange(of: headEnd)
            else { return nil }
            let head = String(decoding: bytes[start..<end.lowerBound], as: UTF8.self).lowercased()
            let length = head.split(separator: "\r\n").first { $0.hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst("content-length:".count).trimmingCharacters(in: .whitespaces)) } ?? 0
            guard end.upperBound + length <= bytes.count else { return nil }
            found.append((status, String(decoding: bytes[end.upperBound..<(end.upperBound + length)], as: UTF8.self)))
            start = end.upperBound + length
        }
        return found
    }
}
