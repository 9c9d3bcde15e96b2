import BeckonTestSupport
import Foundation
import Testing

/// `beckon serve` as a process: it says where it listens, answers, and stops on SIGTERM with exit 0.
@Suite("beckon serve: the command")
struct ServeCommandTests {
    @Test func servesUntilSIGTERMThenExitsZero() async throws {
        let folder = try ServedBeckon.folder()
        // ServeProcess waits for the line that names the bound port, once the server accepts connections.
        let server = try ServeProcess(folder)
        #expect(server.standardError.contains("beckon: serving \(folder.appendingPathComponent("beckon.yaml").path) on http://127.0.0.1:\(server.port)"))

        let answer = try await server.client.get("/v1/subjects/ada/tips/welcome?now=2026-03-01T09:00:00Z")
        #expect(answer.status == 200)
        #expect(answer.object["op"] as? String == "tip.status")

        server.send(SIGTERM)
        #expect(server.waitForExit() == 0)
    }
}
