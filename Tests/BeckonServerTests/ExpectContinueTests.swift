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

    struct Held: CustomTestStringConvertible, Sendable {
        var name: String
        var head: String
        var body: String
        var testDescription: String { name }
    }

    /// Heads that hold their body back: each is told to continue before it sends a byte of it.
    static let held: [Held] = [
        Held(name: "Content-Length", head: head("Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\n"), body: body),
        Held(name: "the expectation in other letters", head: head("Content-Length: \(body.utf8.count)\r\nexpect: 100-Continue\r\n"),
             body: body),
        Held(name: "a chunked body", head: head("Transfer-Encoding: chunked\r\nExpect: 100-continue\r\n"), body: chunked(body)),
    ]

    @Test(arguments: held)
    func aHeldBodyIsAskedFor(_ example: Held) async throws {
        try await EdgeHarness.withServer(try ServedBeckon.folder(), edge: EdgeOptions()) { port in
            let (interim, final) = try await OwnThread.run { () throws -> (String, String) in
                guard let connection = RawConnection(port: port) else { throw POSIXError(.ECONNREFUSED) }
                connection.giveUpReading(after: .seconds(20))
                connection.write(example.head)
                let interim = connection.readResponse()
                connection.write(example.body)
                return (interim, connection.readResponse())
            }
            #expect(interim == Self.continueLine + "\r\n")
            #expect(final.hasPrefix("HTTP/1.1 200 OK\r\n"), "\(final)")
            #expect(final.contains(#""op":"tip.display""#))
        }
    }

    struct Ignored: CustomTestStringConvertible, Sendable {
        var name: String
        var request: String
        var status: Int
        var closedAfter: Bool
        var testDescription: String { name }
    }

    /// Requests whose expectation gets no `100 Continue`: sent whole (a server that answered one
    /// would have written it before the final answer), each read until the server closes.
    static let ignored: [Ignored] = [
        Ignored(name: "HTTP/1.0 (RFC 9110: the expectation is ignored)",
                request: head("Content-Length: \(body.utf8.count)\r\nExpect: 100-continue\r\nConnection: close\r\n", version: "1.0") + body,
                status: 200, closedAfter: true),
        Ignored(name: "no body", request: head("Expect: 100-continue\r\nConnection: close\r\n", method: "GET", path: "/v1/subjects/ada/tips/welcome"),
                status: 200, closedAfter: true),
        Ignored(name: "an empty body", request: head("Content-Length: 0\r\nExpect: 100-continue\r\nConnection: close\r\n"),
                status: 200, closedAfter: true),
        // The client keeps the connection; the server closes it, as the body will not follow.
        Ignored(name: "a declared body past the limit: 413 at once, then closed",
                request: head("Content-Length: 70000\r\nExpect: 100-continue\r\n"), status: 413, closedAfter: true),
    ]

    @Test(arguments: ignored)
    func anExpectationIsIgnoredWhenNoBodyIsAskedFor(_ example: Ignored) async throws {
        try await EdgeHarness.withServer(try ServedBeckon.folder(), edge: EdgeOptions()) { port in
            let exchange = try await EdgeHarness.raw(port, [example.request], patience: .seconds(10))
            #expect(exchange.status == example.status, "\(exchange.text)")
            #expect(!exchange.text.contains(Self.continueLine))
            #expect(exchange.closedByServer == example.closedAfter)
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

    struct Exchange: CustomTestStringConvertible, Sendable {
        var name: String
        var steps: [Step]
        /// After which steps (by index) `100 Continue` is written.
        var continues: [Int]
        var testDescription: String { name }
    }

    static let sequences: [Exchange] = [
        Exchange(name: "alone: at once", steps: [.request(awaiting: true), .answerEnded], continues: [0]),
        Exchange(name: "not awaiting: never", steps: [.request(awaiting: false), .answerEnded], continues: []),
        Exchange(name: "behind one answer: at its end", steps: [.request(awaiting: false), .request(awaiting: true), .answerEnded, .answerEnded],
                 continues: [2]),
        Exchange(name: "behind two answers: at the second's end",
                 steps: [.request(awaiting: false), .request(awaiting: false), .request(awaiting: true), .answerEnded, .answerEnded, .answerEnded],
                 continues: [4]),
        Exchange(name: "one after another on a kept connection", steps: [
            .request(awaiting: true), .answerEnded, .request(awaiting: false), .answerEnded, .request(awaiting: true), .answerEnded,
        ], continues: [0, 4]),
        Exchange(name: "an answer to no request read (the parser's 400) changes nothing", steps: [
            .answerEnded, .request(awaiting: true), .answerEnded,
        ], continues: [1]),
    ]

    @Test(arguments: sequences)
    func theScheduleWritesContinueWhenNothingIsBeforeIt(_ example: Exchange) {
        var schedule = ExpectContinue.Schedule()
        var continues: [Int] = []
        for (index, step) in example.steps.enumerated() {
            let writes = switch step {
            case .request(let awaiting): schedule.requestArrived(awaitingContinue: awaiting)
            case .answerEnded: schedule.answerEnded()
            }
            if writes { continues.append(index) }
        }
        #expect(continues == example.continues)
        #expect(schedule.unanswered == 0 && !schedule.continueDue)
    }
}
