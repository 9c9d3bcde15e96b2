import BeckonServer
import BeckonTestSupport
import Foundation
import NIOHTTP1
import Testing

/// The request's locale over HTTP: `locale` (query or body) before `Accept-Language`, answers
/// with content saying `Vary: Accept-Language` and tagged per chosen locale, so that a cache
/// never serves one language's answer to another; a malformed `locale` refused, a malformed
/// header ignored. That every host chooses alike is `LocaleAcrossHostsTests`' (Tests/BeckonTests).
@Suite("beckon serve: the request's locale")
struct LocaleServeTests {
    static let tip = "/v1/subjects/ada/tips/welcome?now=2026-03-01T09:00:00Z"

    /// Each tip status path (event loop, router's fast path, general) answers alike.
    @Test(arguments: [BeckonServer.TipStatusPath.eventLoop, .route, .general])
    func theETagDiffersPerChosenLocaleAndVaryNamesTheHeader(_ path: BeckonServer.TipStatusPath) async throws {
        try await ServedBeckon.withServer(try LocalizedConfiguration.folder(), configure: { $0.tipStatusPath = path }) { client, _ in
            let german = try await client.send(.GET, Self.tip, body: nil, headers: [("Accept-Language", "de-AT, fr;q=0.5")])
            #expect(german.status == 200)
            #expect(german.object["locale"] as? String == "de" && german.object["title"] as? String == "Willkommen")
            #expect(german.headers["vary"].first == "Accept-Language")
            let germanTag = try #require(german.headers["etag"].first)

            let french = try await client.send(.GET, Self.tip, body: nil, headers: [("Accept-Language", "fr")])
            #expect(french.object["locale"] as? String == "fr")
            let frenchTag = try #require(french.headers["etag"].first)
            #expect(frenchTag != germanTag)

            // The German tag is not modified for a German request only.
            let again = try await client.send(.GET, Self.tip, body: nil, headers: [("Accept-Language", "de"), ("If-None-Match", germanTag)])
            #expect(again.status == 304 && again.body.isEmpty)
            #expect(again.headers["etag"].first == germanTag && again.headers["vary"].first == "Accept-Language")
            let other = try await client.send(.GET, Self.tip, body: nil, headers: [("Accept-Language", "fr"), ("If-None-Match", germanTag)])
            #expect(other.status == 200 && other.headers["etag"].first == frenchTag)
            let byQuery = try await client.send(.GET, Self.tip + "&locale=de-CH", body: nil, headers: [("If-None-Match", germanTag)])
            #expect(byQuery.status == 200 && byQuery.object["locale"] as? String == "de-CH")
        }
    }

    @Test func localeWinsOverAcceptLanguageInTheQueryAndTheBody() async throws {
        try await ServedBeckon.withServer(try LocalizedConfiguration.folder()) { client in
            let query = try await client.send(.GET, Self.tip + "&locale=zh-Hant-TW", body: nil, headers: [("Accept-Language", "fr")])
            #expect(query.object["locale"] as? String == "zh-Hant")
            let body = try await client.send(.POST, "/v1/subjects/ada/tips/welcome/display", body: #"{"locale": "fr", "now": "2026-03-01T09:00:00Z"}"#,
                                             headers: [("Content-Type", "application/json"), ("Accept-Language", "de")])
            #expect(body.status == 200 && body.object["locale"] as? String == "fr" && body.object["title"] as? String == "Bienvenue")
            #expect(body.headers["vary"].first == "Accept-Language")
            let header = try await client.send(.GET, "/v1/subjects/ada?now=2026-03-01T09:00:00Z", body: nil, headers: [("Accept-Language", "de-CH")])
            let tips = header.object["tips"] as? [[String: Any]] ?? []
            #expect(tips.first?["locale"] as? String == "de-CH" && header.headers["vary"].first == "Accept-Language", "\(header.body)")
            let batch = try await client.send(.POST, "/v1/subjects/ada/batch",
                                              body: #"{"now": "2026-03-01T09:00:00Z", "operations": [{"op": "tip.status", "id": "welcome"}]}"#,
                                              headers: [("Content-Type", "application/json"), ("Accept-Language", "fr-CA")])
            let answers = batch.object["answers"] as? [[String: Any]] ?? []
            #expect(answers.first?["locale"] as? String == "fr", "\(batch.body)")
        }
    }

    @Test func anOFREPBulkEvaluationIsInTheContextsLocale() async throws {
        try await ServedBeckon.withServer(try LocalizedConfiguration.folder()) { client in
            let bulk = try await client.post("/ofrep/v1/evaluate/flags",
                                             body: #"{"context": {"targetingKey": "ada", "now": "2026-03-01T09:00:00Z", "locale": "zh-Hant-HK"}}"#)
            let flags = bulk.object["flags"] as? [[String: Any]] ?? []
            let welcome = flags.first { $0["key"] as? String == "tips.welcome" }?["metadata"] as? [String: Any]
            #expect(welcome?["locale"] as? String == "zh-Hant" && welcome?["title"] as? String == "歡迎", "\(bulk.body)")
        }
    }

    @Test func aMalformedLocaleIsRefusedAndAMalformedHeaderIgnored() async throws {
        try await ServedBeckon.withServer(try LocalizedConfiguration.folder()) { client in
            let malformed = try await client.get(Self.tip + "&locale=C.UTF-8")
            #expect(malformed.status == 422 && malformed.object["code"] as? String == "invalid_argument")
            #expect((malformed.object["detail"] as? String ?? "").hasPrefix("locale: 'C.UTF-8' is not a language tag"), "\(malformed.body)")
            let twice = try await client.get(Self.tip + "&locale=de&locale=fr")
            #expect(twice.status == 400 && twice.object["code"] as? String == "usage")
            let header = try await client.send(.GET, Self.tip, body: nil, headers: [("Accept-Language", "de_CH;q=x")])
            #expect(header.status == 200 && header.object["locale"] as? String == "en")
        }
    }
}
