import BeckonServer
import BeckonTestSupport
import Foundation
import Glibc
import Synchronization
import Testing

/// The header timeout over raw sockets (`ConnectionTimeouts`): a head that takes longer than
/// `--header-timeout` from its first byte is answered 408 and its connection closed, a
/// connection that sends nothing is closed from its accept, and neither a head sent in parts in
/// time nor a kept-alive connection's pause between requests is cut; another client is answered
/// all the while.
@Suite("beckon serve: header timeout", .serialized)
struct HeaderTimeoutTests {
    static let path = "/v1/subjects/ada/tips/welcome"

    /// A write and how long the client waits before it.
    struct Part: Sendable {
        var after: Duration
        var text: String
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var parts: [Part]
        /// The statuses of the answers the client reads before the server closes.
        var statuses: [Int]
        /// Whether the server closes the connection before the client sent every part.
        var cutShort: Bool
        var testDescription: String { name }
    }

    static let line = "GET \(path) HTTP/1.1\r\n"
    /// A header line every 250 ms for 30 s, ten times the 3 s timeout: only a server that cuts
    /// the head short answers before the blank line that ends it. (10 s once ran out before the
    /// timer fired, on the event loops the whole suite keeps busy on two cores; a cut head ends
    /// the exchange at once, so the length costs nothing when it passes.)
    static let trickle = [Part(after: .zero, text: line)]
        + (0..<120).map { Part(after: .milliseconds(250), text: "X-Line-\($0): \($0)\r\n") }
        + [Part(after: .zero, text: "Connection: close\r\n\r\n")]

    static let cases: [Case] = [
        Case(name: "a head trickled a line every 250 ms", parts: trickle, statuses: [408], cutShort: true),
        // The first request is answered before the parser (`BytesFastPath`); the next is timed.
        Case(name: "a head trickled after a request answered whole", parts: [Part(after: .zero, text: line + "Host: x\r\n\r\n")] + trickle,
             statuses: [200, 408], cutShort: true),
        Case(name: "nothing sent at all", parts: [Part(after: .seconds(10), text: line + "Connection: close\r\n\r\n")],
             statuses: [], cutShort: true),
        Case(name: "a head in three parts within the timeout", parts: [
            Part(after: .zero, text: "GET \(path)"), Part(after: .milliseconds(300), text: " HTTP/1.1\r\nHost: x\r\n"),
            Part(after: .milliseconds(300), text: "Connection: close\r\n\r\n"),
        ], statuses: [200], cutShort: false),
        Case(name: "a kept-alive connection's pause longer than the timeout between requests", parts: [
            Part(after: .zero, text: line + "Host: x\r\n\r\n"),
            Part(after: .milliseconds(4000), text: "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"),
            Part(after: .milliseconds(4000), text: line + "Host: x\r\nConnection: close\r\n\r\n"),
        ], statuses: [200, 200, 200], cutShort: false),
    ]

    @Test(arguments: cases)
    func headsAreTimedFromTheirFirstByte(_ example: Case) async throws {
        let folder = try ServedBeckon.folder()
        // The idle timeout well past every case: only the header timeout may close early. 3 s, not
        // less: a whole head sent at once must not be cut by an event loop that the full suite
        // on two cores kept busy past the timeout (a 1 s one once cut the first request).
        let edge = EdgeOptions(limits: RequestLimits(idleTimeout: .seconds(60), headerTimeout: .seconds(3)))
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            async let exchange = Self.exchange(port, example.parts)
            // Another client, on a connection of its own, is answered meanwhile.
            try await Task.sleep(for: .milliseconds(100))
            let other = try await EdgeHarness.send(port, "GET", Self.path)
            #expect(other.status == 200)

            let (text, closed, sentAll) = try await exchange
            let answers = try #require(EventLoopTipStatusTests.responses(in: text), "\(text)")
            #expect(answers.map(\.status) == example.statuses, "\(text)")
            #expect(closed)
            #expect(sentAll == !example.cutShort)
            if example.statuses.contains(408) {
                #expect(text.contains(#""code":"timeout""#) && text.lowercased().contains("connection: close"))
            }
        }
    }

    /// Writes `parts` (each after its pause) on one connection while another thread reads until
    /// the server closes it (or 20 s pass without a byte); what was read, whether the server
    /// closed, and whether every part was written before it did.
    static func exchange(_ port: Int, _ parts: [Part]) async throws -> (String, Bool, Bool) {
        guard let connection = RawConnection(port: port) else { throw POSIXError(.ECONNREFUSED) }
        connection.giveUpReading(after: .seconds(20))
        let progress = Progress()
        Thread.detachNewThread {
            for part in parts {
                if part.after > .zero { usleep(UInt32(part.after / .microseconds(1))) }
                if progress.readerDone.load(ordering: .acquiring) { return }
                // Counted before it is written: the server may answer the last part at once.
                progress.written.add(1, ordering: .releasing)
                connection.write(part.text)
            }
        }
        // Marked done by the reading thread itself: the writer must stop when the server closed,
        // not when this task next gets a thread (on a loaded machine, seconds later).
        let (text, closed, written) = await OwnThread.run {
            let (text, closed) = connection.read()
            progress.readerDone.store(true, ordering: .releasing)
            return (text, closed, progress.written.load(ordering: .acquiring))
        }
        return (text, closed, written == parts.count)
    }

    /// What the writing thread and the reading one tell each other.
    final class Progress: Sendable {
        let readerDone = Atomic<Bool>(false)
        let written = Atomic<Int>(0)
    }
}
