import AsyncHTTPClient
import BeckonServer
import Foundation
import InMemoryLogging
import Logging
import NIOCore
import NIOHTTP1
import Testing

/// One log line per request: method, route template, status, duration; never the subject, the
/// query, a token or the body.
@Suite("beckon serve: access log")
struct AccessLogTests {
    @Test func oneLinePerRequestWithItsRouteNeverWhatItCarries() async throws {
        let folder = try ServedBeckon.folder()
        let log = InMemoryLogHandler()
        let logger = Logger(label: "beckon.serve", factory: { _ in log })
        let secrets = ["zelda-secret", "s3cr3t-token", "eiffel-secret", "2026-03-01T09"]
        try await ServedBeckon.withServing(folder, logger: logger) { client, _ in
            var request = HTTPClientRequest(url: "http://127.0.0.1:\(client.port)/v1/subjects/zelda-secret/tips/welcome?now=2026-03-01T09:00:00Z")
            request.headers.add(name: "authorization", value: "Bearer s3cr3t-token")
            let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
            #expect(response.status.code == 200)
            _ = try await response.body.collect(upTo: 1 << 20)
            let donation = try await client.post("/v1/subjects/zelda-secret/events/landmarkViewed/donate",
                                                  body: #"{"now": "2026-03-01T09:00:00Z", "info": {"landmark": "eiffel-secret"}}"#)
            #expect(donation.status == 200)
            #expect(try await client.get("/nowhere/zelda-secret").status == 404)
        }
        let lines = log.entries.filter { $0.message == "request" }
        #expect(lines.map(\.level) == [.info, .info, .info])
        #expect(lines.map { $0.metadata["method"] } == ["GET", "POST", "GET"])
        #expect(lines.map { $0.metadata["route"] } == [
            "/v1/subjects/{subject}/tips/{tip}", "/v1/subjects/{subject}/events/{event}/donate", "unmatched",
        ])
        #expect(lines.map { $0.metadata["status"] } == ["200", "200", "404"])
        for line in lines {
            let duration = try #require(line.metadata["duration_ms"]).description
            #expect(duration.wholeMatch(of: /[0-9]+\.[0-9]{3}/) != nil, "\(duration)")
            #expect(Set(line.metadata.keys) == ["method", "route", "status", "duration_ms"])
        }
        for entry in log.entries {
            let text = "\(entry.message) \(entry.metadata)"
            for secret in secrets {
                #expect(!text.contains(secret), "\(text)")
            }
        }
    }
}
