import BeckonRules
import BeckonRuntime
@testable import BeckonServer
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// OpenFeature's OFREP routes over real sockets: each key kind, the context's typing, each
/// failure, tokens, bulk evaluation with its ETag, and that evaluating records nothing.
@Suite("beckon serve: OFREP")
struct OFREPTests {
    static let now = "2026-03-01T09:00:00Z"

    /// The body of an evaluation for `subject` at `now` with these more attributes (JSON text).
    static func body(_ subject: String = "ada", _ more: String = "") -> String {
        #"{"context": {"targetingKey": "\#(subject)", "now": "\#(now)"\#(more.isEmpty ? "" : ", " + more)}}"#
    }

    struct Evaluation: Sendable, CustomTestStringConvertible {
        var key: String
        var body: String
        var status: Int
        /// The answer's `value` as JSON text (nil: not checked), `variant`, `reason`.
        var value: String?
        var variant: String?
        var reason: String? = "TARGETING_MATCH"
        /// For a failure: its `errorCode`, and text its `errorDetails` holds.
        var errorCode: String? = nil
        var detailsHold: String? = nil
        var testDescription: String { "\(key) \(body)" }
    }

    static let evaluations: [Evaluation] = [
        Evaluation(key: "tips.welcome", body: body(), status: 200, value: "true", variant: "available"),
        Evaluation(key: "tips.favorite-landmark", body: body("ada", #""screenBrightness": 0.9"#), status: 200, value: "false", variant: "pending"),
        Evaluation(key: "groups.onboarding", body: body(), status: 200, value: #""welcome""#, variant: "welcome"),
        Evaluation(key: "scenarios.ask-for-review", body: body(), status: 200, value: "false", variant: "wait"),
        Evaluation(key: "scenarios.offer-subscription", body: body(), status: 200, value: "false", variant: "wait"),
        Evaluation(key: "whatsNew", body: body(), status: 200, value: nil, variant: "show"),
        Evaluation(key: "whatsNew", body: body("ada", #""appVersion": "9.0.0""#), status: 200, value: nil, variant: "none"),
        // Attributes Beckon does not read are ignored, a stored parameter's name included.
        Evaluation(key: "tips.welcome", body: body("ada", #""email": "ada@example.com", "plan": 3, "nested": {"a": [1]}"#),
                   status: 200, value: "true", variant: "available"),
        // A transient's null is its default; Unix ms for now.
        Evaluation(key: "tips.welcome", body: #"{"context": {"targetingKey": "ada", "now": 1772355600000, "screenBrightness": null}}"#,
                   status: 200, value: "true", variant: "available"),
        // A locale with no language range (as some platforms write one) is the default locale; null too.
        Evaluation(key: "tips.welcome", body: body("ada", #""locale": "en_US""#), status: 200, value: "true", variant: "available"),
        Evaluation(key: "tips.welcome", body: body("ada", #""locale": null"#), status: 200, value: "true", variant: "available"),
        // Failures.
        Evaluation(key: "tips.welcom", body: body(), status: 404, reason: nil, errorCode: "FLAG_NOT_FOUND", detailsHold: "did you mean 'tips.welcome'"),
        Evaluation(key: "welcome", body: body(), status: 404, reason: nil, errorCode: "FLAG_NOT_FOUND"),
        Evaluation(key: "groups.welcome", body: body(), status: 404, reason: nil, errorCode: "FLAG_NOT_FOUND"),
        Evaluation(key: "tips.welcome", body: "not json", status: 400, reason: nil, errorCode: "PARSE_ERROR"),
        Evaluation(key: "tips.welcome", body: "[1, 2]", status: 400, reason: nil, errorCode: "PARSE_ERROR"),
        Evaluation(key: "tips.welcome", body: "", status: 400, reason: nil, errorCode: "PARSE_ERROR"),
        Evaluation(key: "tips.welcome", body: "{}", status: 400, reason: nil, errorCode: "TARGETING_KEY_MISSING"),
        Evaluation(key: "tips.welcome", body: #"{"context": {"now": "2026-03-01T09:00:00Z"}}"#, status: 400, reason: nil, errorCode: "TARGETING_KEY_MISSING"),
        Evaluation(key: "tips.welcome", body: #"{"context": {"targetingKey": ""}}"#, status: 400, reason: nil, errorCode: "TARGETING_KEY_MISSING"),
        Evaluation(key: "tips.welcome", body: #"{"context": 5}"#, status: 400, reason: nil, errorCode: "INVALID_CONTEXT"),
        Evaluation(key: "tips.welcome", body: #"{"context": {"targetingKey": 7}}"#, status: 400, reason: nil, errorCode: "INVALID_CONTEXT", detailsHold: "targetingKey"),
        Evaluation(key: "tips.favorite-landmark", body: body("ada", #""screenBrightness": "bright""#), status: 400, reason: nil,
                   errorCode: "INVALID_CONTEXT", detailsHold: "screenBrightness"),
        Evaluation(key: "tips.favorite-landmark", body: body("ada", #""screenBrightness": [1]"#), status: 400, reason: nil,
                   errorCode: "INVALID_CONTEXT", detailsHold: "screenBrightness"),
        Evaluation(key: "tips.welcome", body: body("ada", #""locale": ["de"]"#), status: 400, reason: nil, errorCode: "INVALID_CONTEXT", detailsHold: "locale"),
        Evaluation(key: "whatsNew", body: body("ada", #""appVersion": "two""#), status: 400, reason: nil, errorCode: "INVALID_CONTEXT", detailsHold: "appVersion"),
        Evaluation(key: "tips.welcome", body: #"{"context": {"targetingKey": "ada", "now": "yesterday"}}"#, status: 400, reason: nil,
                   errorCode: "INVALID_CONTEXT", detailsHold: "now"),
        Evaluation(key: "tips.welcome", body: #"{"context": {"targetingKey": "\#(String(repeating: "a", count: 257))"}}"#, status: 400, reason: nil,
                   errorCode: "INVALID_CONTEXT", detailsHold: "targetingKey"),
    ]

    @Test(arguments: evaluations)
    func eachEvaluation(_ evaluation: Evaluation) async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            let answer = try await client.post("/ofrep/v1/evaluate/flags/\(evaluation.key)", body: evaluation.body)
            #expect(answer.status == evaluation.status, "\(answer.body)")
            #expect(answer.contentType == "application/json")
            let object = answer.object
            #expect(object["key"] as? String == evaluation.key)
            #expect(object["reason"] as? String == evaluation.reason, "\(answer.body)")
            #expect(object["errorCode"] as? String == evaluation.errorCode, "\(answer.body)")
            if let variant = evaluation.variant { #expect(object["variant"] as? String == variant, "\(answer.body)") }
            if let value = evaluation.value { #expect(answer.body.contains(#""value":\#(value)"#), "\(answer.body)") }
            if let text = evaluation.detailsHold { #expect((object["errorDetails"] as? String)?.contains(text) == true, "\(answer.body)") }
            if evaluation.status == 200 {
                let metadata = try #require(object["metadata"] as? [String: Any])
                #expect(metadata.values.allSatisfy { $0 is String || $0 is NSNumber }, "\(metadata)")
            }
        }
    }

    /// A tip's metadata: the `/v1` answer's reason and content, actions as JSON text; an
    /// invalidated tip is `DISABLED`; a transient makes a rule pass.
    @Test func tipMetadataAndDisabled() async throws {
        let message = "    message: Browse famous places near you.\n"
        let yaml = ServedBeckon.configuration.replacingOccurrences(
            of: message, with: message + "    image: hand.wave\n    actions: [{id: start, title: \"Let's go\"}]\n")
        #expect(yaml != ServedBeckon.configuration)
        let folder = try ServedBeckon.folder(yaml)
        try await ServedBeckon.withServer(folder) { client in
            let welcome = try await client.post("/ofrep/v1/evaluate/flags/tips.welcome", body: Self.body())
            let content = try #require(welcome.object["metadata"] as? [String: String], "\(welcome.body)")
            #expect(content["image"] == "hand.wave" && content["actions"] == #"[{"id":"start","title":"Let's go"}]"#, "\(content)")

            _ = try await client.post("/v1/subjects/ada/tips/welcome/invalidate", body: #"{"now": "\#(Self.now)", "reason": "tipClosed"}"#)
            let invalidated = try await client.post("/ofrep/v1/evaluate/flags/tips.welcome", body: Self.body())
            #expect(invalidated.object["reason"] as? String == "DISABLED" && invalidated.object["variant"] as? String == "invalidated")
            #expect(invalidated.object["value"] as? Bool == false)

            for _ in 0..<2 { _ = try await client.post("/v1/subjects/ada/events/landmarkViewed/donate", body: #"{"now": "\#(Self.now)"}"#) }
            let dim = try await client.post("/ofrep/v1/evaluate/flags/tips.favorite-landmark", body: Self.body("ada", #""screenBrightness": 0.2"#))
            #expect(dim.object["variant"] as? String == "pending", "\(dim.body)")
            let bright = try await client.post("/ofrep/v1/evaluate/flags/tips.favorite-landmark", body: Self.body("ada", #""screenBrightness": 0.9"#))
            #expect(bright.object["variant"] as? String == "available", "\(bright.body)")
            let metadata = try #require(bright.object["metadata"] as? [String: String])
            #expect(metadata["title"] == "Save as favorite" && metadata["message"] == "Tap the star to keep this landmark.")
            #expect(metadata["reasonCode"] == "available" && metadata["actions"] == nil && metadata["image"] == nil, "\(metadata)")
            let group = try await client.post("/ofrep/v1/evaluate/flags/groups.onboarding", body: Self.body("ada", #""screenBrightness": 0.9"#))
            #expect(group.object["value"] as? String == "favorite-landmark" && group.object["variant"] as? String == "favorite-landmark", "\(group.body)")
        }
    }

    /// Evaluations many times over, single and bulk, record nothing: no display, no version seen.
    @Test func evaluationsRecordNothing() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            for _ in 0..<10 {
                for key in ["tips.welcome", "groups.onboarding", "scenarios.ask-for-review", "whatsNew"] {
                    #expect(try await client.post("/ofrep/v1/evaluate/flags/\(key)", body: Self.body()).status == 200)
                }
                #expect(try await client.post("/ofrep/v1/evaluate/flags", body: Self.body()).status == 200)
            }
            let tip = try await client.get("/v1/subjects/ada/tips/welcome?now=\(Self.now)")
            #expect(tip.object["displayCount"] as? Int == 0 && tip.object["status"] as? String == "available", "\(tip.body)")
            let scenario = try await client.get("/v1/subjects/ada/scenarios/ask-for-review?now=\(Self.now)")
            #expect(scenario.object["events"] as? Int == 0, "\(scenario.body)")
            let next = try await client.post("/v1/subjects/ada/whatsnew/next", body: #"{"now": "\#(Self.now)"}"#)
            #expect(next.object["freshInstall"] as? Bool == true, "\(next.body)")
        }
    }

    /// Bulk: every flag in declaration order, the change stream, an ETag, 304 while it matches.
    @Test func bulkEvaluation() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            let path = "/ofrep/v1/evaluate/flags"
            let first = try await client.post(path, body: Self.body("ada lovelace"))
            #expect(first.status == 200, "\(first.body)")
            let flags = try #require(first.object["flags"] as? [[String: Any]])
            #expect(flags.compactMap { $0["key"] as? String } == [
                "tips.welcome", "tips.favorite-landmark", "groups.onboarding", "scenarios.ask-for-review", "scenarios.offer-subscription", "whatsNew",
            ])
            let streams = try #require(first.object["eventStreams"] as? [[String: Any]])
            #expect(streams.count == 1 && streams[0]["type"] as? String == "sse")
            #expect((streams[0]["endpoint"] as? [String: String])?["requestUri"] == "/v1/subjects/ada%20lovelace/changes")
            let tag = try #require(first.headers["ETag"].first)

            let same = try await client.send(.POST, path, body: Self.body("ada lovelace"), headers: [("If-None-Match", tag)])
            #expect(same.status == 304 && same.body.isEmpty && same.headers["ETag"].first == tag)
            let other = try await client.send(.POST, path, body: Self.body("grace"), headers: [("If-None-Match", tag)])
            #expect(other.status == 200, "another subject's change stream is another")

            _ = try await client.post("/v1/subjects/ada%20lovelace/tips/welcome/display", body: #"{"now": "\#(Self.now)"}"#)
            let changed = try await client.send(.POST, path, body: Self.body("ada lovelace"), headers: [("If-None-Match", tag)])
            #expect(changed.status == 200 && changed.headers["ETag"].first != tag)

            // A flag that cannot be decided is a failure in its place: no app version configured.
            let missing = try await client.post(path, body: #"{"context": {"targetingKey": "ada", "appVersion": "x"}}"#)
            #expect(missing.status == 400 && missing.object["errorCode"] as? String == "INVALID_CONTEXT" && missing.object["key"] == nil)
        }
    }

    /// A bulk item fails alone: with no app version anywhere, `whatsNew` is an INVALID_CONTEXT item.
    @Test func bulkFailureInItsPlace() async throws {
        let yaml = ServedBeckon.configuration.replacingOccurrences(of: "app: {version: \"2.3.1\"}\n", with: "")
        let folder = try ServedBeckon.folder(yaml)
        try await ServedBeckon.withServer(folder) { client in
            let answer = try await client.post("/ofrep/v1/evaluate/flags", body: Self.body())
            let flags = try #require(answer.object["flags"] as? [[String: Any]])
            let whatsNew = try #require(flags.last)
            #expect(whatsNew["key"] as? String == "whatsNew" && whatsNew["errorCode"] as? String == "INVALID_CONTEXT", "\(answer.body)")
            #expect(flags.dropLast().allSatisfy { $0["errorCode"] == nil })
        }
    }

    /// A read token is enough; none is 401; the body limit is `/v1`'s.
    @Test(arguments: [
        (nil, 401), (EdgeHarness.readToken, 200), (EdgeHarness.writeToken, 200), ("not-a-token-we-know-0000", 401),
    ] as [(String?, Int)])
    func tokens(_ token: String?, _ status: Int) async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(access: try EdgeHarness.access(in: folder))
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            let headers = token.map { [("Authorization", "Bearer \($0)")] } ?? []
            for path in ["/ofrep/v1/evaluate/flags/tips.welcome", "/ofrep/v1/evaluate/flags"] {
                let answer = try await EdgeHarness.send(port, "POST", path, headers: headers, body: Self.body())
                #expect(answer.status == status, "\(path): \(answer.body)")
            }
        }
    }

    /// The single evaluation is one function of the key and the body, answering what the route
    /// answers, with no request (what the event loop answers with).
    @Test func theEvaluationNeedsNoRequest() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder, configure: { _ in }) { client, server in
            let serving = server.runtime.serving
            let body = Self.body("ada", #""screenBrightness": 0.9"#)
            let direct = OFREPRoutes.evaluate(rawKey: "tips.favorite-landmark", body: ByteBuffer(string: body), on: serving, wallClock: { 0 })
            let routed = try await client.post("/ofrep/v1/evaluate/flags/tips.favorite-landmark", body: body)
            #expect(direct.status == 200 && String(buffer: direct.body) == routed.body, "\(routed.body)")
            let unknown = OFREPRoutes.evaluate(rawKey: "tips.welcom", body: ByteBuffer(string: Self.body()), on: serving, wallClock: { 0 })
            #expect(unknown.status == 404 && String(buffer: unknown.body).contains("did you mean 'tips.welcome'"), "\(String(buffer: unknown.body))")
        }
    }

    @Test func aBodyOverTheLimitIsTooLarge() async throws {
        let folder = try ServedBeckon.folder()
        var edge = EdgeOptions()
        edge.limits.maxBodyBytes = 64
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            let answer = try await EdgeHarness.send(port, "POST", "/ofrep/v1/evaluate/flags/tips.welcome",
                                                    body: Self.body("ada", #""padding": "\#(String(repeating: "x", count: 100))""#))
            #expect(answer.status == 413 && answer.code == "too_large", "\(answer.body)")
        }
    }
}
