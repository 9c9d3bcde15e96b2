import BeckonServer
import BeckonTestSupport
import Foundation
import Glibc
import Testing

/// `--max-connections` over raw sockets (`ConnectionLimit`): past it a new connection is
/// answered 503 at once and closed, whether it sent a request or nothing yet, while the ones
/// under it are answered; once one closes, a new one is served.
@Suite("beckon serve: connection limit")
struct ConnectionLimitTests {
    static let request = "GET /v1/subjects/ada/tips/welcome HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
    static let keptAlive = "GET /v1/subjects/ada/tips/welcome HTTP/1.1\r\nHost: x\r\n\r\n"

    @Test func aConnectionPastTheLimitIs503UntilOneCloses() async throws {
        let folder = try ServedBeckon.folder()
        // The header timeout well past the test: the connections held send nothing.
        let edge = EdgeOptions(limits: RequestLimits(headerTimeout: .seconds(60), maxConnections: 3))
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            // The connections held are closed at the end of this block, as clients close theirs
            // (the server half-closes after `Connection: close` and waits for the client's side).
            do {
                // Three connections that hold their slots, each answered on a kept-alive request
                // before the next connects (so that the server counted it first).
                var held: [RawConnection] = []
                for _ in 0..<3 {
                    guard let connection = RawConnection(port: port) else { throw POSIXError(.ECONNREFUSED) }
                    connection.giveUpReading(after: .seconds(20))
                    connection.write(Self.keptAlive)
                    let answer = await OwnThread.run { connection.readResponse() }
                    #expect(EdgeHarness.RawExchange(text: answer, closedByServer: false).status == 200, "\(answer)")
                    held.append(connection)
                }
                // A fourth, whether it sent its request or nothing: 503 at once, then closed.
                let silent = try await EdgeHarness.raw(port, [])
                let asking = try await EdgeHarness.raw(port, [Self.request])
                for refused in [silent, asking] {
                    #expect(refused.status == 503, "\(refused.text)")
                    #expect(refused.text.contains(#""code":"unavailable""#) && refused.text.contains("Retry-After: 1"))
                    #expect(refused.closedByServer)
                }

                // The ones under the limit are still answered; then they close, freeing their slots.
                for connection in held {
                    connection.write(Self.request)
                }
                let connections = held
                let answers = await OwnThread.run { connections.map { $0.read() } }
                #expect(answers.map { EdgeHarness.RawExchange(text: $0.text, closedByServer: $0.closedByPeer).status } == [200, 200, 200])
                #expect(answers.allSatisfy { $0.closedByPeer })
            }

            // A new connection is served. The server counts a connection out once it is closed,
            // just after the client closed its side: a few tries, a moment apart.
            var status: Int?
            for _ in 0..<50 {
                status = try await EdgeHarness.raw(port, [Self.request]).status
                if status == 200 { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            #expect(status == 200)
        }
    }
}
