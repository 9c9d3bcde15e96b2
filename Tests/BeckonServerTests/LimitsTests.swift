import BeckonServer
import BeckonTestSupport
import Foundation
import Testing

/// Request limits over raw sockets: headers too large (431), a body that stalls (408 and the
/// connection closed), a body too large (413), idle connections closed.
@Suite("beckon serve: request limits")
struct LimitsTests {
    static let path = "/v1/subjects/ada/tips/welcome?now=2026-03-01T09:00:00Z"

    /// A request head with one header of `size` bytes of value.
    static func head(_ method: String = "GET", extra size: Int, more: String = "") -> String {
        "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: \(String(repeating: "a", count: size))\r\n\(more)\r\n"
    }

    @Test func headersLargerThanTheLimitAreAProblemAndTheConnectionCloses() async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(limits: RequestLimits(maxHeaderBytes: 4096))
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            let small = try await EdgeHarness.raw(port, [Self.head(extra: 1000, more: "Connection: close\r\n")])
            #expect(small.status == 200, "\(small.text)")

            let large = try await EdgeHarness.raw(port, [Self.head(extra: 5000)])
            #expect(large.status == 431, "\(large.text)")
            #expect(large.text.contains("application/problem+json"))
            #expect(large.text.contains(#""code":"headers_too_large""#))
            #expect(large.closedByServer)

            // Past the parser's own limit (four times ours, at least 64 KiB): the same problem.
            let huge = try await EdgeHarness.raw(port, [Self.head(extra: 80 * 1024)])
            #expect(huge.status == 431, "\(huge.text.prefix(200))")
            #expect(huge.text.contains(#""code":"headers_too_large""#))
            #expect(huge.closedByServer)
            let many = try await EdgeHarness.raw(port, ["GET \(Self.path) HTTP/1.1\r\nHost: 127.0.0.1\r\n" + String(repeating: "X-A: b\r\n", count: 2000) + "\r\n"])
            #expect(many.status == 431, "\(many.text.prefix(200))")
            #expect(many.closedByServer)
        }
    }

    /// The target (path and query) is held to the header limit alone, as nginx holds its request
    /// line: one byte past it is a 414 `target_too_long` problem, and the connection, whose
    /// request was read whole, stays open.
    @Test func aTargetLongerThanTheLimitIsAProblem() async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(limits: RequestLimits(maxHeaderBytes: 4096))
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            let atLimit = EventLoopTipStatusTests.target(bytes: 4096)
            let fits = try await EdgeHarness.send(port, "GET", atLimit)
            #expect(fits.status == 200, "\(fits.body)")
            let past = try await EdgeHarness.raw(port, ["GET \(atLimit), HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n",
                                                      "GET \(Self.path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"])
            #expect(past.status == 414, "\(past.text.prefix(300))")
            #expect(past.text.contains(#""code":"target_too_long""#))
            #expect(past.text.contains("the request's target holds 4097 bytes, more than the 4096 the server reads"))
            #expect(past.text.components(separatedBy: "HTTP/1.1 200 OK").count == 2, "the next request on the connection is answered")
        }
    }

    @Test func aBodyThatStallsIsATimeoutAndTheConnectionCloses() async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(limits: RequestLimits(requestTimeout: .seconds(1), idleTimeout: .seconds(30)))
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            let request = "POST /v1/subjects/ada/tips/welcome/display HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 40\r\n\r\n{\"now\":"
            let exchange = try await EdgeHarness.raw(port, [request])
            #expect(exchange.status == 408, "\(exchange.text)")
            #expect(exchange.text.contains(#""code":"timeout""#))
            #expect(exchange.closedByServer)
        }
    }

    /// A body in a content coding (`gzip`) is refused by its `Content-Encoding`, 415, where it was
    /// read as text that is not UTF-8 (400, and OFREP's `PARSE_ERROR`), whichever path would have
    /// answered it (the bytes read, the event loop, the router); `identity` is no coding.
    @Test func aBodyInAContentCodingIsRefusedByItsCoding() async throws {
        func post(_ path: String, _ body: String, coding: String) -> String {
            "POST \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Encoding: \(coding)\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n" + body
        }
        let display = ("/v1/subjects/ada/tips/welcome/display", #"{"now": "2026-03-01T09:00:00Z"}"#)
        let ofrep = ("/ofrep/v1/evaluate/flags/tips.welcome", #"{"context": {"targetingKey": "ada"}}"#)
        let requests = [post(ofrep.0, ofrep.1, coding: "gzip"), post(display.0, display.1, coding: "gzip"),
                        post(ofrep.0, ofrep.1, coding: "br, gzip"), post(display.0, display.1, coding: "identity")]
        try await EdgeHarness.withServer(try ServedBeckon.folder(), edge: EdgeOptions()) { port in
            let answers = try await OwnThread.run { () throws -> [String] in
                guard let connection = RawConnection(port: port) else { throw POSIXError(.ECONNREFUSED) }
                connection.giveUpReading(after: .seconds(20))
                return requests.map { request in
                    connection.write(request)
                    return connection.readResponse()
                }
            }
            for answer in answers.prefix(3) {
                #expect(answer.hasPrefix("HTTP/1.1 415 "), "\(answer)")
                #expect(answer.contains(#""code":"unsupported_encoding""#), "\(answer)")
                #expect(answer.lowercased().contains("accept-encoding: identity\r\n"), "\(answer)")
            }
            #expect(answers[0].contains("the body's Content-Encoding is 'gzip', which the server does not read: send it unencoded"))
            #expect(answers[2].contains("Content-Encoding is 'br, gzip'"))
            #expect(answers[3].hasPrefix("HTTP/1.1 200 "), "\(answers[3])")
            // Only the display sent unencoded was recorded.
            let status = try await EdgeHarness.send(port, "GET", "/v1/subjects/ada/tips/welcome")
            #expect(status.object["displayCount"] as? Int == 1, "\(status.body)")
        }
    }

    @Test func aBodyLargerThanTheLimitIsTooLarge() async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(limits: RequestLimits(maxBodyBytes: 100))
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            let body = #"{"now": "2026-03-01T09:00:00Z", "transients": {"screenBrightness": 0.75}}"#
            let fits = try await EdgeHarness.send(port, "POST", "/v1/subjects/ada/tips/welcome/display", body: body)
            #expect(fits.status == 200, "\(fits.body)")
            let padded = #"{"now": "2026-03-01T09:00:00Z", "appVersion": "2.3.1"}"# + String(repeating: " ", count: 100)
            let tooLarge = try await EdgeHarness.send(port, "POST", "/v1/subjects/ada/tips/welcome/display", body: padded)
            #expect(tooLarge.status == 413)
            #expect(tooLarge.code == "too_large")
            #expect(tooLarge.object["detail"] as? String == "the body is larger than 100 bytes")
        }
    }

    /// The limit is the option's, also above the default 64 KiB: each route and the batch read
    /// up to it.
    @Test(arguments: ["/v1/subjects/ada/tips/welcome/display", "/v1/subjects/ada/batch"])
    func aLimitAboveTheDefaultIsTheRoutesToo(path: String) async throws {
        let folder = try ServedBeckon.folder()
        let operations = path.hasSuffix("batch") ? #", "operations": [{"op": "tip.display", "id": "welcome"}]"# : ""
        let body = #"{"now": "2026-03-01T09:00:00Z""# + operations + "}" + String(repeating: " ", count: 100 * 1024)
        try await EdgeHarness.withServer(folder, edge: EdgeOptions(limits: RequestLimits(maxBodyBytes: 200 * 1024))) { port in
            let answer = try await EdgeHarness.send(port, "POST", path, body: body)
            #expect(answer.status == 200, "\(answer.body)")
        }
        try await EdgeHarness.withServer(folder, edge: EdgeOptions()) { port in
            let answer = try await EdgeHarness.send(port, "POST", path, body: body)
            #expect(answer.status == 413)
        }
    }

    @Test func anIdleConnectionIsClosed() async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(limits: RequestLimits(idleTimeout: .seconds(1)))
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            // One request kept alive, then silence: the server closes the connection.
            let exchange = try await EdgeHarness.raw(port, [Self.head(extra: 10)])
            #expect(exchange.status == 200)
            #expect(exchange.closedByServer)
            // Nothing at all: closed too.
            let silent = try await EdgeHarness.raw(port, [])
            #expect(silent.text.isEmpty)
            #expect(silent.closedByServer)
        }
    }
}
