import BeckonServer
import Foundation
import NIOHTTP1
import Testing

/// CORS: off by default; with origins configured, their requests get the headers and their
/// preflights an answer, without a token.
@Suite("beckon serve: CORS")
struct CORSTests {
    static let path = "/v1/subjects/ada/tips/welcome?now=2026-03-01T09:00:00Z"
    static let preflight = [("Origin", "https://app.example"), ("Access-Control-Request-Method", "POST"),
                            ("Access-Control-Request-Headers", "authorization, content-type")]

    @Test func offUnlessConfigured() async throws {
        let folder = try ServedBeckon.folder()
        try await EdgeHarness.withServer(folder, edge: EdgeOptions()) { port in
            let answer = try await EdgeHarness.send(port, "GET", Self.path, headers: [("Origin", "https://app.example")])
            #expect(answer.status == 200)
            #expect(answer.headers["access-control-allow-origin"].isEmpty)
            let options = try await EdgeHarness.send(port, "OPTIONS", Self.path, headers: Self.preflight)
            // A plain OPTIONS answer (the path's methods), with no CORS header: the browser refuses.
            #expect(options.status == 204 && options.headers["allow"].first == "GET, HEAD, OPTIONS")
            #expect(options.headers["access-control-allow-origin"].isEmpty)
        }
    }

    @Test func configuredOriginsGetHeadersAndPreflights() async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(access: try EdgeHarness.access(in: folder), corsOrigins: ["https://app.example"])
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            let options = try await EdgeHarness.send(port, "OPTIONS", Self.path, headers: Self.preflight)
            #expect(options.status == 204)
            #expect(options.headers["access-control-allow-origin"].first == "https://app.example")
            let allowedHeaders = options.headers["access-control-allow-headers"].first?.lowercased() ?? ""
            for header in ["accept-language", "authorization", "content-type", "if-none-match", "last-event-id"] {
                #expect(allowedHeaders.contains(header), "\(allowedHeaders)")
            }
            let methods = options.headers["access-control-allow-methods"].first ?? ""
            for method in ["GET", "POST", "PUT", "DELETE"] { #expect(methods.contains(method)) }

            let answer = try await EdgeHarness.send(port, "GET", Self.path, headers: [("Origin", "https://app.example"), ("Authorization", "Bearer \(EdgeHarness.readToken)")])
            #expect(answer.status == 200)
            #expect(answer.headers["access-control-allow-origin"].first == "https://app.example")
            // Refusals carry the headers too, so that a browser script can read the problem.
            let refused = try await EdgeHarness.send(port, "GET", Self.path, headers: [("Origin", "https://app.example")])
            #expect(refused.status == 401)
            #expect(refused.headers["access-control-allow-origin"].first == "https://app.example")

            let other = try await EdgeHarness.send(port, "GET", Self.path, headers: [("Origin", "https://evil.example"), ("Authorization", "Bearer \(EdgeHarness.readToken)")])
            #expect(other.headers["access-control-allow-origin"].isEmpty)
        }
    }

    @Test func anyOrigin() async throws {
        let folder = try ServedBeckon.folder()
        try await EdgeHarness.withServer(folder, edge: EdgeOptions(corsOrigins: ["*"])) { port in
            let answer = try await EdgeHarness.send(port, "GET", Self.path, headers: [("Origin", "https://anywhere.example")])
            #expect(answer.headers["access-control-allow-origin"].first == "*")
        }
    }
}
