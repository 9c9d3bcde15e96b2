import BeckonTestSupport
import Foundation
@testable import BeckonServer
import Testing

/// Every route over real HTTP against the same operation run by the `beckon` executable on a
/// twin folder (same configuration, own store, same instants): the answers are the same bytes.
@Suite("beckon serve: answers")
struct ServerAnswersTests {
    /// One operation: its HTTP request and its command line.
    struct Step: Sendable {
        var method: String
        var path: String
        var body: String?
        var command: [String]
    }

    static let subject = "ada"

    /// A session of writes and reads whose answers change: displays, donations (info in the body
    /// or the query), transient parameters, a scenario run once, `changes`.
    static let steps: [Step] = [
        Step(method: "GET", path: "/tips/welcome?now=2026-03-01T09:00:00Z", command: ["tip", "status", "welcome", "--now", "2026-03-01T09:00:00Z"]),
        Step(method: "POST", path: "/tips/welcome/display", body: #"{"now": "2026-03-01T09:00:01Z"}"#,
             command: ["tip", "display", "welcome", "--now", "2026-03-01T09:00:01Z"]),
        Step(method: "GET", path: "/tips/welcome?now=1772355602000", command: ["tip", "status", "welcome", "--now", "1772355602000"]),
        // Empty query members are passed over.
        Step(method: "POST", path: "/events/landmarkViewed/donate?&now=2026-03-01T09:10:00Z&&info=landmark=Eiffel&",
             command: ["event", "donate", "landmarkViewed", "--info", "landmark=Eiffel", "--now", "2026-03-01T09:10:00Z"]),
        Step(method: "POST", path: "/events/landmarkViewed/donate",
             body: #"{"now": 1772356800000, "info": {"landmark": "Louvre", "fromSearch": true}, "changes": true}"#,
             command: ["event", "donate", "landmarkViewed", "--info", "fromSearch=true", "--info", "landmark=Louvre", "--now", "1772356800000", "--changes"]),
        Step(method: "GET", path: "/tips/favorite-landmark?now=2026-03-02T10:00:00Z&transient=screenBrightness=0.2",
             command: ["tip", "status", "favorite-landmark", "--transient", "screenBrightness=0.2", "--now", "2026-03-02T10:00:00Z"]),
        Step(method: "GET", path: "/tips/favorite-landmark?now=2026-03-02T10:00:00Z",
             command: ["tip", "status", "favorite-landmark", "--now", "2026-03-02T10:00:00Z"]),
        Step(method: "POST", path: "/tips/favorite-landmark/display?changes=true", body: #"{"now": "2026-03-02T10:00:01Z", "transients": {"screenBrightness": 0.9}}"#,
             command: ["tip", "display", "favorite-landmark", "--transient", "screenBrightness=0.9", "--now", "2026-03-02T10:00:01Z", "--changes"]),
        Step(method: "GET", path: "/tips/favorite-landmark?now=2026-03-02T10:00:02Z&showAllTips=false&hideTip=favorite-landmark",
             command: ["tip", "status", "favorite-landmark", "--hide-tip", "favorite-landmark", "--now", "2026-03-02T10:00:02Z"]),
        Step(method: "GET", path: "/scenarios/offer-subscription?now=2026-03-02T11:00:00Z",
             command: ["scenario", "status", "offer-subscription", "--now", "2026-03-02T11:00:00Z"]),
        Step(method: "POST", path: "/events/appLaunched/donate?now=2026-03-02T11:00:01Z", command: ["event", "donate", "appLaunched", "--now", "2026-03-02T11:00:01Z"]),
        Step(method: "POST", path: "/scenarios/offer-subscription/try?now=2026-03-02T11:00:02Z",
             command: ["scenario", "try", "offer-subscription", "--now", "2026-03-02T11:00:02Z"]),
        Step(method: "POST", path: "/scenarios/offer-subscription/try", body: #"{"now": "2026-03-02T11:00:03Z", "appVersion": "2.4.0"}"#,
             command: ["scenario", "try", "offer-subscription", "--app-version", "2.4.0", "--now", "2026-03-02T11:00:03Z"]),
        Step(method: "GET", path: "/scenarios/offer-subscription?now=2026-03-02T11:00:04Z",
             command: ["scenario", "status", "offer-subscription", "--now", "2026-03-02T11:00:04Z"]),
    ]

    /// The other operations: shown, invalidate, reset, explain, group, trigger, what's new,
    /// parameters, reset all.
    static let moreSteps: [Step] = [
        Step(method: "GET", path: "/groups/onboarding?now=2026-03-01T09:00:00Z", command: ["group", "current", "onboarding", "--now", "2026-03-01T09:00:00Z"]),
        Step(method: "POST", path: "/tips/welcome/shown?for=45s&now=2026-03-01T09:00:01Z", command: ["tip", "shown", "welcome", "--for", "45s", "--now", "2026-03-01T09:00:01Z"]),
        Step(method: "POST", path: "/tips/welcome/invalidate", body: #"{"reason": "tipClosed", "now": "2026-03-01T09:00:02Z", "changes": true}"#,
             command: ["tip", "invalidate", "welcome", "--reason", "tipClosed", "--now", "2026-03-01T09:00:02Z", "--changes"]),
        Step(method: "GET", path: "/tips/welcome/explanation?now=2026-03-01T09:00:03Z", command: ["explain", "tip", "welcome", "--now", "2026-03-01T09:00:03Z"]),
        Step(method: "POST", path: "/tips/welcome/reset?now=2026-03-01T09:00:04Z", command: ["tip", "reset", "welcome", "--now", "2026-03-01T09:00:04Z"]),
        Step(method: "GET", path: "/tips/favorite-landmark/explanation?now=2026-03-01T09:00:05Z&transient=screenBrightness=0.7",
             command: ["explain", "tip", "favorite-landmark", "--transient", "screenBrightness=0.7", "--now", "2026-03-01T09:00:05Z"]),
        Step(method: "POST", path: "/scenarios/ask-for-review/trigger?now=2026-03-01T09:01:00Z", command: ["scenario", "trigger", "ask-for-review", "--now", "2026-03-01T09:01:00Z"]),
        Step(method: "POST", path: "/scenarios/ask-for-review/trigger?now=2026-03-01T09:02:00Z", command: ["scenario", "trigger", "ask-for-review", "--now", "2026-03-01T09:02:00Z"]),
        Step(method: "GET", path: "/scenarios/ask-for-review/explanation?now=2026-03-01T09:03:00Z", command: ["explain", "scenario", "ask-for-review", "--now", "2026-03-01T09:03:00Z"]),
        Step(method: "PUT", path: "/parameters/plan", body: #"{"value": "pro", "now": "2026-03-01T09:04:00Z"}"#, command: ["param", "set", "plan", "pro", "--now", "2026-03-01T09:04:00Z"]),
        Step(method: "GET", path: "/parameters/plan?now=2026-03-01T09:04:01Z", command: ["param", "get", "plan", "--now", "2026-03-01T09:04:01Z"]),
        Step(method: "POST", path: "/scenarios/ask-for-review/try?now=2026-03-01T09:04:02Z", command: ["scenario", "try", "ask-for-review", "--now", "2026-03-01T09:04:02Z"]),
        Step(method: "PUT", path: "/parameters/plan?value=null&now=2026-03-01T09:04:03Z", command: ["param", "set", "plan", "null", "--now", "2026-03-01T09:04:03Z"]),
        Step(method: "POST", path: "/scenarios/ask-for-review/try?now=2026-03-01T09:04:04Z", command: ["scenario", "try", "ask-for-review", "--now", "2026-03-01T09:04:04Z"]),
        Step(method: "POST", path: "/scenarios/ask-for-review/reset?now=2026-03-01T09:04:05Z", command: ["scenario", "reset", "ask-for-review", "--now", "2026-03-01T09:04:05Z"]),
        Step(method: "POST", path: "/whatsnew/next?appVersion=2.3.0&now=2026-03-01T09:05:00Z", command: ["whatsnew", "next", "--app-version", "2.3.0", "--now", "2026-03-01T09:05:00Z"]),
        Step(method: "POST", path: "/whatsnew/present?appVersion=2.3.0&now=2026-03-01T09:05:01Z", command: ["whatsnew", "present", "--app-version", "2.3.0", "--now", "2026-03-01T09:05:01Z"]),
        Step(method: "POST", path: "/whatsnew/2.3.0/unmark?now=2026-03-01T09:05:02Z", command: ["whatsnew", "unmark", "2.3.0", "--now", "2026-03-01T09:05:02Z"]),
        Step(method: "POST", path: "/whatsnew/2.3.0/mark?now=2026-03-01T09:05:03Z", command: ["whatsnew", "mark", "2.3.0", "--now", "2026-03-01T09:05:03Z"]),
        Step(method: "POST", path: "/whatsnew/unmark?now=2026-03-01T09:05:04Z&changes=true", command: ["whatsnew", "unmark", "--all", "--now", "2026-03-01T09:05:04Z", "--changes"]),
        Step(method: "GET", path: "?now=2026-03-01T09:05:05Z&appVersion=2.3.0", command: ["status", "--app-version", "2.3.0", "--now", "2026-03-01T09:05:05Z"]),
        Step(method: "GET", path: "?now=2026-03-01T09:05:06Z&tip=welcome&tip=favorite-landmark",
             command: ["status", "--tip", "welcome", "--tip", "favorite-landmark", "--now", "2026-03-01T09:05:06Z"]),
        Step(method: "DELETE", path: "?now=2026-03-01T09:06:00Z", command: ["reset", "--all", "--now", "2026-03-01T09:06:00Z"]),
        Step(method: "GET", path: "/parameters/plan?now=2026-03-01T09:06:01Z", command: ["param", "get", "plan", "--now", "2026-03-01T09:06:01Z"]),
    ]

    @Test func everyRouteAnswersWhatTheCommandLinePrints() async throws {
        try await Self.compare(Self.steps)
    }

    @Test func theOtherOperationsAnswerWhatTheCommandLinePrints() async throws {
        try await Self.compare(Self.moreSteps)
    }

    /// Runs each step over HTTP and on the command line (twin folder) and compares the answers.
    static func compare(_ steps: [Step]) async throws {
        let served = try ServedBeckon.folder()
        let twin = try ServedBeckon.folder()
        try await ServedBeckon.withServer(served) { client in
            var positives = 0, negatives = 0
            for step in steps {
                let path = "/v1/subjects/\(Self.subject)" + step.path
                let answer = try await client.send(step.method, path, body: step.body)
                let printed = try ServedBeckon.beckon(twin, step.command + ["--subject", Self.subject, "--json"])
                #expect(answer.status == 200, "\(step.method) \(path): \(answer.body)")
                #expect(answer.contentType == "application/json")
                #expect(printed.status == 0 || printed.status == 1, "\(step.command): \(printed.standardError)")
                // The twin's answers name its own configuration file where the server's name the served one.
                let expected = printed.standardOutput.replacingOccurrences(of: twin.path, with: served.path)
                #expect(answer.body + "\n" == expected, "\(step.method) \(path)")
                if printed.status == 0 { positives += 1 } else { negatives += 1 }
            }
            // The session has both kinds of answer, each given with 200.
            #expect(positives > 0 && negatives > 0)
        }
    }

    @Test func anInstantDefaultsToTheServersClock() async throws {
        let served = try ServedBeckon.folder()
        try await ServedBeckon.withServer(served) { client in
            let before = Date()
            let answer = try await client.get("/v1/subjects/bo/tips/welcome")
            let after = Date()
            #expect(answer.status == 200)
            let now = try #require(answer.object["now"] as? String)
            let formatter = ISO8601DateFormatter()
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
            let instant = try #require(formatter.date(from: now))
            #expect(instant.timeIntervalSince(before) > -1 && after.timeIntervalSince(instant) > -1, "\(now)")
            #expect(answer.object["subject"] as? String == "bo")
        }
    }

    @Test func pathParametersArePercentDecoded() async throws {
        let served = try ServedBeckon.folder()
        try await ServedBeckon.withServer(served) { client in
            let answer = try await client.get("/v1/subjects/ada%20lovelace%2F1/tips/welcome?now=2026-03-01T09:00:00Z")
            #expect(answer.status == 200)
            #expect(answer.object["subject"] as? String == "ada lovelace/1")
        }
        // Escapes that are cut short, not hex, or not UTF-8 are refused (HTTP clients re-encode
        // a stray '%', so this is checked on the decoder itself).
        #expect(ServerRoutes.percentDecoded("a%2Fb%20c%C3%A9") == "a/b cé")
        #expect(ServerRoutes.percentDecoded("plain") == "plain")
        for malformed in ["ada%zz", "ada%2", "ada%", "%FF%FE"] {
            #expect(ServerRoutes.percentDecoded(malformed) == nil, "\(malformed)")
        }
    }

    @Test func healthAndReadiness() async throws {
        let served = try ServedBeckon.folder()
        try await ServedBeckon.withServer(served) { client in
            let health = try await client.get("/healthz")
            #expect(health.status == 200)
            #expect(health.body == #"{"status":"ok"}"#)
            let ready = try await client.get("/readyz")
            #expect(ready.status == 200)
            #expect(ready.body == #"{"status":"ready"}"#)
        }
    }
}
