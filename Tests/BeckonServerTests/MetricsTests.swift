import BeckonCore
import BeckonServer
import Foundation
import Testing

/// `GET /metrics`: Prometheus text counting requests by route template, decisions by operation
/// and outcome, store errors, reloads, and the configuration's generation.
@Suite("beckon serve: metrics")
struct MetricsTests {
    static let now = "now=2026-03-01T09:00:00Z"

    @Test func requestsDecisionsAndReloadsAreCounted() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServing(folder) { client, server in
            #expect(try await client.get("/v1/subjects/zelda/tips/welcome?\(Self.now)").status == 200)
            #expect(try await client.get("/v1/subjects/zelda/tips/favorite-landmark?\(Self.now)").status == 200)
            #expect(try await client.get("/v1/subjects/zelda/tips/nope?\(Self.now)").status == 404)
            #expect(try await client.get("/nowhere/zelda").status == 404)
            #expect(server.reloader.reload(trigger: "test").result == .ok)
            try ServedBeckon.replaceConfiguration(in: folder, with: "version: 1\ntips: [")
            #expect(server.reloader.reload(trigger: "test").result == .invalid)

            let answer = try await client.get("/metrics")
            #expect(answer.status == 200)
            #expect(answer.contentType?.hasPrefix("text/plain; version=0.0.4") == true)
            let samples = Samples(answer.body)
            let tip = "/v1/subjects/{subject}/tips/{tip}"
            #expect(samples["beckon_http_requests_total", ["route": tip, "method": "GET", "status": "200"]] == 2, "\(answer.body)")
            #expect(samples["beckon_http_requests_total", ["route": tip, "method": "GET", "status": "404"]] == 1)
            #expect(samples["beckon_http_requests_total", ["route": "unmatched", "method": "GET", "status": "404"]] == 1)
            #expect(samples["beckon_http_request_duration_seconds_count", ["route": tip, "method": "GET"]] == 3)
            #expect(samples["beckon_decisions_total", ["operation": "tip.status", "outcome": "positive"]] == 1)
            #expect(samples["beckon_decisions_total", ["operation": "tip.status", "outcome": "negative"]] == 1)
            #expect(samples["beckon_configuration_generation", [:]] == 2)
            #expect(samples["beckon_configuration_reloads_total", ["result": "ok"]] == 1)
            #expect(samples["beckon_configuration_reloads_total", ["result": "invalid"]] == 1)
            #expect(samples["beckon_http_requests_in_flight", [:]] == 1)  // this scrape
            #expect(!answer.body.contains("zelda"))
        }
    }

    @Test func storeFailuresAreCountedByCode() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServing(folder, store: DownStore()) { client, _ in
            #expect(try await client.get("/v1/subjects/zelda/tips/welcome?\(Self.now)").status == 503)
            #expect(try await client.get("/readyz").status == 503)
            let samples = Samples(try await client.get("/metrics").body)
            #expect(samples["beckon_store_errors_total", ["code": "unavailable"]] == 2)
            #expect(samples["beckon_store_errors_total", ["code": "conflict"]] == nil)
        }
    }

    @Test func serversSideBySideCountApart() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServing(folder) { first, _ in
            try await ServedBeckon.withServing(folder) { second, _ in
                #expect(try await first.get("/healthz").status == 200)
                let samples = Samples(try await second.get("/metrics").body)
                #expect(samples["beckon_http_requests_total", ["route": "/healthz", "method": "GET", "status": "200"]] == nil)
            }
        }
    }
}

/// A store that is down: every call fails as `unavailable`.
final class DownStore: Store {
    func load(subject: String) throws(StoreError) -> StoredRecord { throw StoreError(.unavailable, "the store is down") }

    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        throw StoreError(.unavailable, "the store is down")
    }

    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        throw StoreError(.unavailable, "the store is down")
    }
}

/// The samples of a Prometheus text page, by metric name and labels.
struct Samples {
    private var values: [String: [(labels: [String: String], value: Double)]] = [:]

    init(_ text: String) {
        for line in text.split(separator: "\n") where !line.hasPrefix("#") {
            guard let space = line.lastIndex(of: " "), let value = Double(line[line.index(after: space)...]) else { continue }
            let key = line[..<space]
            var labels: [String: String] = [:]
            let name: Substring
            if let brace = key.firstIndex(of: "{") {
                name = key[..<brace]
                for pair in key[key.index(after: brace)..<key.index(before: key.endIndex)].split(separator: "\",") {
                    let parts = pair.split(separator: "=", maxSplits: 1)
                    guard parts.count == 2 else { continue }
                    labels[String(parts[0])] = String(parts[1].drop { $0 == "\"" }.prefix { $0 != "\"" })
                }
            } else {
                name = key
            }
            values[String(name), default: []].append((labels, value))
        }
    }

    /// The value of the sample with exactly these labels.
    subscript(name: String, labels: [String: String]) -> Double? {
        values[name]?.first { $0.labels == labels }?.value
    }
}
