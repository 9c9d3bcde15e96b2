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

    /// The configuration's warnings are logged at start, as a reload logs them.
    @Test func theConfigurationsWarningsAreLoggedAtStart() throws {
        let folder = try ServedBeckon.folder("version: 1\nstore: {backend: memory}\ntips:\n  a: {title: A, rules: [\"1 < 2\"]}\n")
        let server = try ServeProcess(folder)
        defer { server.stop() }
        #expect(server.standardError.contains(
            "beckon.yaml:4:26: warning: this rule is always true; it does not depend on anything [rule.constant]\nbeckon: serving "),
            "\(server.standardError)")
    }

    /// An address the system will not listen on is named with the system's reason, exit 69:
    /// a loopback port another socket listens on, and an address of no interface here
    /// (TEST-NET-1, which nothing is sent to).
    @Test func anAddressItCannotListenOnIsNamedWithExit69() throws {
        let folder = try ServedBeckon.folder()
        let taken = try LoopbackSocket.bound(listening: 1)
        defer { close(taken.socket) }
        for (address, reason) in [("127.0.0.1:\(taken.port)", "Address already in use"), ("192.0.2.1:8080", "Cannot assign requested address")] {
            let result = try BeckonCLI.run(["serve", "--listen", address], in: folder)
            #expect(result.status == 69)
            #expect(result.standardError.hasSuffix("beckon: error: serve: cannot listen on \(address): \(reason)\n"), "\(result.standardError)")
        }
    }

    /// `--event-loops N`: N event loop threads of the server's own in place of NIO's shared
    /// ones (one per core), answering on the event loop and through the router alike.
    @Test(arguments: [nil, 1, 3])
    func eventLoopsAreTheServersOwnWhenCounted(_ count: Int?) async throws {
        let folder = try ServedBeckon.folder()
        let server = try ServeProcess(folder, count.map { ["--event-loops", String($0)] } ?? [])
        defer { server.stop() }
        for path in ["/v1/subjects/ada/tips/welcome", "/v1/subjects/ada/tips/welcome?changes=false", "/healthz"] {
            #expect(try await server.client.get(path).status == 200, "\(path)")
        }
        let threads = try Self.threadNames(of: server.process.processIdentifier)
        let own = threads.filter { $0.hasPrefix("NIO-ELT-") }, shared = threads.filter { $0.hasPrefix("NIO-SGLTN-") }
        if let count {
            #expect(own.count == count, "\(threads)")
            #expect(shared.isEmpty, "\(threads)")
        } else {
            #expect(own.isEmpty, "\(threads)")
            #expect(!shared.isEmpty, "\(threads)")
        }
    }

    /// The names of process `pid`'s threads (`/proc/PID/task/TID/comm`; a thread that ended
    /// between the listing and the reading is left out).
    static func threadNames(of pid: Int32) throws -> [String] {
        let tasks = "/proc/\(pid)/task"
        return try FileManager.default.contentsOfDirectory(atPath: tasks).compactMap { task in
            try? String(contentsOfFile: "\(tasks)/\(task)/comm", encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)
        }
    }
}
