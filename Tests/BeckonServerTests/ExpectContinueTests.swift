@testable import BeckonServer
import BeckonTestSupport
import Foundation
import Testing

/// `Expect: 100-continue` (`ExpectContinue`): a request that holds its body back is told to send
/// it as soon as its head is read, unless it is refused by its declared length alone (413 at once,
/// then closed); an HTTP/1.0 request's expectation and one without a body are ignored; behind an
/// answer still being written, the `100 Continue` waits for its end.
@Suite("beckon serve: Expect: 100-continue")
struct ExpectContinueTests {
    static let path = "/v1/subjects/ada/tips/welcome/display"
    static let body = #"{"now": "2026-03-01T09:00:00Z"}"#
    static let continueLine = "HTTP/1.1 100 Continue\r\n"

    static func head(_ fields: String, version: String = "1.1", method: String = "POST", path: String = path) -> String {
        "\(method) \(path) HTTP/\(version)\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n\(fields)\r\n"
    }

    static func chunked(_ text: String) -> String {
        String(text.utf8.count, radix: 16) + "\r\n" + text + "\r\n0\r\n\r\n"
    }

    // MARK: Over a socket

    /// Heads that hold their body back (Content-Length, the expectation in other letters, a
    /// chunked body): each is told to continue before it sends a byte of it.
    static let held: [(head: String, body: String)] = [
        (head("Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n"), body),
        (head("Content-Length: \(body.utf8.count)\r\nexpect: 100-Continue\r\n"), body),
        (head("Transfer-Encoding: chunked\r\nExpect: 100-continue\r\n"), chunked(body)),
    ]

    @Test(arguments: held)
    func aHeldBodyIsAskedFor(_ head: String, body: String) async throws {
        try await EdgeHarness.withServer(try ServedBeckon.folder(), edge: EdgeOptions()) { port in
            let (interim, final) = try await OwnThread.run { () throws -> (String, String) in
                guard let connection = RawConnection(port: port) else { throw POSIXError(.ECONNREFUSED) }
                connection.giveUpReading(after: .seconds(20))
                connection.write(head)
                let interim = connection.readResponse()
                connection.write(body)
                return (interim, connection.readResponse())
            }
            #expect(interim == Self.continueLine + "\r\n")
            #expect(final.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(final)")
            #expect(final.contains(#""op":"tip.display""#))
        }
    }

    /// Requests whose expectation gets no `100 Continue`, sent whole (a server that answered one
    /// would have written it before the final answer) and read until the server closes: HTTP/1.0
    /// (RFC 9110: the expectation is ignored), no body, an empty body, and a declared body past the
    /// limit (413 at once; the client keeps the connection, and the server closes it, as the body
    /// will not follow).
    static let ignored: [(request: String, status: Int)] = [
        (head("Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\nConnection: close\r\n", version: "1.0") + body, 200),
        (head("Expect: 100-continue\r\nConnection: close\r\n", method: "GET", path: "/v1/subjects/ada/tips/welcome"), 200),
        (head("Content-Length: 0\r\nExpect: 100-continue\r\nConnection: close\r\n"), 200),
        (head("Content-Length: 70000\r\nExpect: 100-continue\r\n"), 413),
    ]

    @Test(arguments: ignored)
    func anExpectationIsIgnoredWhenNoBodyIsAskedFor(_ request: String, status: Int) async throws {
        try await EdgeHarness.withServer(try ServedBeckon.folder(), edge: EdgeOptions()) { port in
            let exchange = try await EdgeHarness.raw(port, [request], patience: .seconds(10))
            #expect(exchange.status == status, "\(exchange.text)")
            #expect(!exchange.text.contains(Self.continueLine))
            #expect(exchange.closedByServer)
        }
    }

    /// A request pipelined behind another gets its `100 Continue` after the first answer, whole.
    @Test func aContinueWaitsForTheAnswerBeforeIt() async throws {
        try await EdgeHarness.withServer(try ServedBeckon.folder(), edge: EdgeOptions()) { port in
            let answers = try await OwnThread.run { () throws -> [String] in
                guard let connection = RawConnection(port: port) else { throw POSIXError(.ECONNREFUSED) }
                connection.giveUpReading(after: .seconds(20))
                let first = Self.head("Content-Length: \(Self.body.utf8.count)\r\n") + Self.body
                connection.write(first + Self.head("Content-Length: \(Self.body.utf8.count)\r\nExpect: 100-continue\r\n"))
                let answers = [connection.readResponse(), connection.readResponse()]
                connection.write(Self.body)
                return answers + [connection.readResponse()]
            }
            #expect(answers[0].hasPrefix("HTTP/1.1 200 OK\r\n") && answers[0].hasSuffix("}"), "\(answers[0])")
            #expect(answers[1] == Self.continueLine + "\r\n")
            #expect(answers[2].hasPrefix("HTTP/1.1 200 OK\r\n"), "\(answers[2])")
        }
    }

    // MARK: The schedule

    enum Step: Sendable {
        /// A request head read, awaiting `100 Continue` or not.
        case request(awaiting: Bool)
        /// An answer's last part written.
        case answerEnded
    }

    /// Steps, and after which of them (by index) `100 Continue` is written: alone, at once; not
    /// awaited, never; behind one answer, at its end; behind two, at the second's end; one after
    /// another on a kept connection; after an answer to no request read (the parser's 400), as if
    /// it were not there.
    static let sequences: [(steps: [Step], continues: [Int])] = [
        ([.request(awaiting: true), .answerEnded], [0]),
        ([.request(awaiting: false), .answerEnded], []),
        ([.request(awaiting: false), .request(awaiting: true), .answerEnded, .answerEnded], [2]),
        ([.request(awaiting: false), .request(awaiting: false), .request(awaiting: true), .answerEnded, .answerEnded, .answerEnded], [4]),
        ([.request(awaiting: true), .answerEnded, .request(awaiting: false), .answerEnded, .request(awaiting: true), .answerEnded], [0, 4]),
        ([.answerEnded, .request(awaiting: true), .answerEnded], [1]),
    ]

    @Test(arguments: sequences)
    func theScheduleWritesContinueWhenNothingIsBeforeIt(_ steps: [Step], continues expected: [Int]) {
        var schedule = ExpectContinue.Schedule()
        var continues: [Int] = []
        for (index, step) in steps.enumerated() {
            let writes = switch step {
            case .request(let awaiting): schedule.requestArrived(awaitingContinue: awaiting)
            case .answerEnded: schedule.answerEnded()
            }
            if writes { continues.append(index) }
        }
        #expect(continues == expected)
        #expect(schedule.unanswered == 0 && !schedule.continueDue)
    }
}
