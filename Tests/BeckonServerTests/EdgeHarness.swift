import AsyncHTTPClient
import BeckonRuntime
import BeckonServer
import BeckonTestSupport
import Foundation
import NIOCore
import NIOHTTP1
#if canImport(Glibc)
import Glibc
#endif

/// The server of `ServedBeckon` with edge options (tokens, limits, CORS), a client that sends
/// any header and reads every header back, and raw sockets for what a well-behaved client never
/// sends (huge headers, a body that stalls).
enum EdgeHarness {
    /// A read token and a write token, and the tokens file that lists them.
    static let readToken = "read-token-0123456789abcdef"
    static let writeToken = "write-token-0123456789abcdef"
    static let tokensFile = "# test tokens\nread  \(readToken)\nwrite \(writeToken)\n"

    /// Access control over `tokensFile`, written in `folder`.
    static func access(in folder: URL, _ text: String = tokensFile) throws -> AccessControl {
        let path = folder.appendingPathComponent("tokens").path
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return try AccessControl(source: .file(path))
    }

    /// Serves the configuration in `folder` with `edge` on an ephemeral loopback port and runs
    /// `body` with the port.
    static func withServer<R: Sendable>(_ folder: URL, edge: EdgeOptions, _ body: @Sendable (Int) async throws -> R) async throws -> R {
        let runtime = try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path)
        var server = BeckonServer(runtime: runtime)
        server.edge = edge
        return try await ServedBeckon.run(server) { client, _ in try await body(client.port) }
    }

    /// An answer with its headers.
    typealias Answer = ServedBeckon.Client.Answer

    /// One request with these headers (and a JSON body, if any).
    static func send(_ port: Int, _ method: String, _ path: String, headers: [(String, String)] = [], body: String? = nil) async throws -> Answer {
        try await ServedBeckon.Client(port: port).send(HTTPMethod(rawValue: method), path, body: body, headers: headers)
    }

    /// What a raw exchange read: the bytes until the server closed the connection (or nothing
    /// came for `patience`), and whether it closed.
    struct RawExchange {
        var text: String
        var closedByServer: Bool
        var status: Int? {
            guard text.hasPrefix("HTTP/1.1 ") else { return nil }
            return Int(text.dropFirst(9).prefix(3))
        }
    }

    /// Connects to the port, writes `parts` one after the other, then reads
    /// until the server closes the connection or `patience` passes without a byte.
    static func raw(_ port: Int, _ parts: [String], patience: Duration = .seconds(20)) async throws -> RawExchange {
        try await OwnThread.run { try exchange(port, parts, patience: patience) }
    }

    /// The blocking exchange of `raw`.
    private static func exchange(_ port: Int, _ parts: [String], patience: Duration) throws -> RawExchange {
        guard let connection = RawConnection(port: port) else { throw POSIXError(.ECONNREFUSED) }
        connection.giveUpReading(after: patience)
        for part in parts { connection.write(part) }
        let (text, closed) = connection.read()
        return RawExchange(text: text, closedByServer: closed)
    }
}
