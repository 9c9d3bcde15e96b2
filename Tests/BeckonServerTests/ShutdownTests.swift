import BeckonTestSupport
import Foundation
import Glibc
import Testing

/// `beckon serve` as a process stops gracefully: on SIGTERM it refuses new connections, lets a
/// request in flight finish, and exits 0. SIGHUP reloads its configuration.
@Suite("beckon serve: signals")
struct ShutdownTests {
    /// Options that let a held request wait as long as a test may take to look at it.
    static let patientServer = ["--request-timeout", "10m", "--idle-timeout", "10m"]

    @Test func aRequestInFlightAtSIGTERMCompletesThenTheProcessExitsZero() async throws {
        let folder = try ServedBeckon.folder()
        // Request and idle timeouts far beyond the test: the held request must outlive a test task
        // that a fully loaded suite leaves waiting for a thread (once over 60 s, the default idle
        // timeout, which then closed the connection and the request with it).
        // The grace too: under the whole suite on two cores, the test task once waited 94 s to
        // send SIGTERM and over 60 s more to send the body, and the grace cut the request.
        let server = try ServeProcess(folder, Self.patientServer + ["--shutdown-grace", "10m"])
        let body = #"{"now": "2026-03-01T09:00:00Z"}"#

        // A request whose head is sent, its body not yet.
        let inFlight = try #require(RawConnection(port: server.port))
        inFlight.write("POST /v1/subjects/zelda-secret/tips/welcome/display HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                       + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n\r\n")
        // The server has it once it counts two requests in flight: it and the scrape.
        let client = server.client
        #expect(try await ServedBeckon.eventually {
            Samples(try await client.get("/metrics").body)["beckon_http_requests_in_flight", [:]] == 2
        })

        server.send(SIGTERM)
        // It stops accepting connections…
        #expect(await ServedBeckon.eventually { RawConnection(port: server.port) == nil })
        // …and answers the request in flight.
        inFlight.write(body)
        let response = inFlight.readToEnd()
        #expect(response.hasPrefix("HTTP/1.1 200"), "\(response)")
        #expect(response.contains(#""op":"tip.display""#))

        #expect(server.waitForExit() == 0)
        let log = server.standardError
        #expect(log.contains("route=/v1/subjects/{subject}/tips/{tip}/display status=200"), "\(log)")
        #expect(!log.contains("zelda-secret"))
    }

    @Test func aRequestStillInFlightAfterTheGracePeriodIsCutAndTheProcessExitsZero() async throws {
        let folder = try ServedBeckon.folder()
        let server = try ServeProcess(folder, Self.patientServer + ["--shutdown-grace", "200ms"])
        // A body announced and never sent.
        let stuck = try #require(RawConnection(port: server.port))
        stuck.write("POST /v1/subjects/zelda/tips/welcome/display HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{")
        let client = server.client
        #expect(try await ServedBeckon.eventually {
            Samples(try await client.get("/metrics").body)["beckon_http_requests_in_flight", [:]] == 2
        })

        server.send(SIGTERM)
        #expect(!stuck.readToEnd().hasPrefix("HTTP/1.1 200"))  // closed without an answer
        #expect(server.waitForExit() == 0)
        #expect(server.standardError.contains("stopping: no new connections"))
    }

    @Test func SIGHUPReloadsTheConfiguration() async throws {
        let folder = try ServedBeckon.folder()
        let server = try ServeProcess(folder, ["--watch-interval", "off"])
        let client = server.client
        #expect(try await client.get("/v1/subjects/zelda/tips/news").status == 404)

        try ServedBeckon.replaceConfiguration(in: folder, with: ServedBeckon.configurationWithNews)
        server.send(SIGHUP)
        #expect(try await ServedBeckon.eventually { try await client.get("/v1/config").object["generation"] as? Int == 2 })
        #expect(try await client.get("/v1/subjects/zelda/tips/news").status == 200)

        server.send(SIGTERM)
        #expect(server.waitForExit() == 0)
        #expect(server.standardError.contains("configuration reloaded"), "\(server.standardError)")
    }

    @Test func SIGHUPReadsTheTokensAgainAndKeepsThemWhenTheFileIsBad() async throws {
        let folder = try ServedBeckon.folder()
        let tokensFile = folder.appendingPathComponent("tokens").path
        let (oldToken, newToken) = ("old-write-token-0000000000", "new-write-token-0000000000")
        try "write \(oldToken)\n".write(toFile: tokensFile, atomically: true, encoding: .utf8)
        let server = try ServeProcess(folder, ["--watch-interval", "off", "--tokens", tokensFile])
        let port = server.port
        @Sendable func status(_ token: String) async throws -> Int {
            let path = "/v1/subjects/ada?now=2026-03-01T09:00:00Z"
            return try await EdgeHarness.send(port, "GET", path, headers: [("Authorization", "Bearer \(token)")]).status
        }
        #expect(try await status(oldToken) == 200)
        #expect(try await status(newToken) == 401)

        try "write \(newToken)\n".write(toFile: tokensFile, atomically: true, encoding: .utf8)
        server.send(SIGHUP)
        #expect(try await ServedBeckon.eventually { try await status(newToken) == 200 })
        #expect(try await status(oldToken) == 401)

        try "write short\n".write(toFile: tokensFile, atomically: true, encoding: .utf8)
        server.send(SIGHUP)
        #expect(await ServedBeckon.eventually { server.standardError.contains("tokens not reloaded") })
        #expect(try await status(newToken) == 200)

        server.send(SIGTERM)
        #expect(server.waitForExit() == 0)
        for token in [oldToken, newToken] {
            #expect(!server.standardError.contains(token), "a token in the log")
        }
    }

    @Test func optionsAreChecked() throws {
        let folder = try ServedBeckon.folder()
        for arguments in [["--watch-interval", "soon"], ["--shutdown-grace", "10"], ["--store-threads", "0"], ["--store-threads", "many"],
                          ["--event-loops", "0"], ["--event-loops", "257"]] {
            let result = try ServedBeckon.serveToItsEnd(folder, arguments)
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(arguments[0]))
        }
    }
}
