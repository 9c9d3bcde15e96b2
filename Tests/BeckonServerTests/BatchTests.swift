import BeckonCore
@testable import BeckonServer
import Foundation
import Testing

/// `POST /v1/subjects/{subject}/batch` over real HTTP: a batch answers what its operations'
/// own routes answer, in order, byte for byte (checked on a twin server given the same requests
/// one by one), problems in their place; a malformed batch is one `usage` problem.
@Suite("beckon serve: batch")
struct BatchTests {
    /// One operation: its batch member, and the route that answers it alone.
    struct Operation: Sendable {
        /// `{"op": …, "id": …, …}`.
        var json: String
        var method: String
        var path: String
    }

    /// A batch: its shared members (a JSON object's members, without braces) and its operations.
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var shared: String
        var operations: [Operation]
        var description: String { name }
    }

    static let tipStatusWelcome = Operation(json: #"{"op": "tip.status", "id": "welcome"}"#, method: "GET", path: "/tips/welcome")

    static let cases: [Case] = [
        Case(name: "reads", shared: #""now": "2026-03-01T09:00:00Z""#, operations: [
            tipStatusWelcome,
            Operation(json: #"{"op": "group.current", "id": "onboarding"}"#, method: "GET", path: "/groups/onboarding"),
            Operation(json: #"{"op": "scenario.status", "id": "ask-for-review"}"#, method: "GET", path: "/scenarios/ask-for-review"),
            Operation(json: #"{"op": "explain.tip", "id": "favorite-landmark"}"#, method: "GET", path: "/tips/favorite-landmark/explanation"),
            Operation(json: #"{"op": "explain.scenario", "id": "ask-for-review"}"#, method: "GET", path: "/scenarios/ask-for-review/explanation"),
            Operation(json: #"{"op": "param.get", "id": "plan"}"#, method: "GET", path: "/parameters/plan"),
            Operation(json: #"{"op": "status", "tips": ["favorite-landmark"]}"#, method: "GET", path: ""),
            Operation(json: #"{"op": "status"}"#, method: "GET", path: ""),
        ]),
        Case(name: "writes and reads, with shared members", shared: #""now": 1772355600000, "transients": {"screenBrightness": 0.9}, "changes": true, "appVersion": "2.3.0""#, operations: [
            Operation(json: #"{"op": "donate", "id": "landmarkViewed", "info": {"landmark": "Eiffel"}}"#, method: "POST", path: "/events/landmarkViewed/donate"),
            Operation(json: #"{"op": "tip.status", "id": "favorite-landmark"}"#, method: "GET", path: "/tips/favorite-landmark"),
            Operation(json: #"{"op": "donate", "id": "landmarkViewed", "info": {"landmark": "Louvre", "fromSearch": true}}"#, method: "POST", path: "/events/landmarkViewed/donate"),
            Operation(json: #"{"op": "tip.status", "id": "favorite-landmark"}"#, method: "GET", path: "/tips/favorite-landmark"),
            Operation(json: #"{"op": "tip.display", "id": "welcome"}"#, method: "POST", path: "/tips/welcome/display"),
            Operation(json: #"{"op": "tip.shown", "id": "welcome", "for": "45s"}"#, method: "POST", path: "/tips/welcome/shown"),
            Operation(json: #"{"op": "tip.invalidate", "id": "favorite-landmark", "reason": "actionPerformed"}"#, method: "POST", path: "/tips/favorite-landmark/invalidate"),
            Operation(json: #"{"op": "tip.reset", "id": "favorite-landmark"}"#, method: "POST", path: "/tips/favorite-landmark/reset"),
            Operation(json: #"{"op": "scenario.trigger", "id": "ask-for-review"}"#, method: "POST", path: "/scenarios/ask-for-review/trigger"),
            Operation(json: #"{"op": "scenario.trigger", "id": "ask-for-review"}"#, method: "POST", path: "/scenarios/ask-for-review/trigger"),
            Operation(json: #"{"op": "scenario.try", "id": "ask-for-review"}"#, method: "POST", path: "/scenarios/ask-for-review/try"),
            Operation(json: #"{"op": "scenario.try", "id": "ask-for-review"}"#, method: "POST", path: "/scenarios/ask-for-review/try"),
            Operation(json: #"{"op": "scenario.reset", "id": "ask-for-review"}"#, method: "POST", path: "/scenarios/ask-for-review/reset"),
            Operation(json: #"{"op": "param.set", "id": "plan", "value": "pro"}"#, method: "PUT", path: "/parameters/plan"),
            Operation(json: #"{"op": "param.get", "id": "plan"}"#, method: "GET", path: "/parameters/plan"),
            Operation(json: #"{"op": "whatsNew.next"}"#, method: "POST", path: "/whatsnew/next"),
            Operation(json: #"{"op": "whatsNew.present"}"#, method: "POST", path: "/whatsnew/present"),
            Operation(json: #"{"op": "whatsNew.unmark", "id": "2.3.0"}"#, method: "POST", path: "/whatsnew/2.3.0/unmark"),
            Operation(json: #"{"op": "whatsNew.mark", "id": "2.3.0"}"#, method: "POST", path: "/whatsnew/2.3.0/mark"),
            Operation(json: #"{"op": "whatsNew.unmark"}"#, method: "POST", path: "/whatsnew/unmark"),
            Operation(json: #"{"op": "status"}"#, method: "GET", path: ""),
            Operation(json: #"{"op": "reset"}"#, method: "DELETE", path: ""),
            Operation(json: #"{"op": "param.get", "id": "plan"}"#, method: "GET", path: "/parameters/plan"),
        ]),
        Case(name: "problems in the middle do not stop later operations", shared: #""now": "2026-03-02T10:00:00Z""#, operations: [
            Operation(json: #"{"op": "tip.status", "id": "welcom"}"#, method: "GET", path: "/tips/welcom"),
            Operation(json: #"{"op": "donate", "id": "appLaunched"}"#, method: "POST", path: "/events/appLaunched/donate"),
            Operation(json: #"{"op": "tip.shown", "id": "welcome"}"#, method: "POST", path: "/tips/welcome/shown"),
            Operation(json: #"{"op": "tip.shown", "id": "welcome", "for": "soon"}"#, method: "POST", path: "/tips/welcome/shown"),
            Operation(json: #"{"op": "tip.invalidate", "id": "welcome", "reason": "bored"}"#, method: "POST", path: "/tips/welcome/invalidate"),
            Operation(json: #"{"op": "scenario.trigger", "id": "offer-subscription"}"#, method: "POST", path: "/scenarios/offer-subscription/trigger"),
            Operation(json: #"{"op": "param.set", "id": "screenBrightness", "value": 0.5}"#, method: "PUT", path: "/parameters/screenBrightness"),
            Operation(json: #"{"op": "param.set", "id": "plna", "value": "pro"}"#, method: "PUT", path: "/parameters/plna"),
            Operation(json: #"{"op": "whatsNew.mark", "id": "two"}"#, method: "POST", path: "/whatsnew/two/mark"),
            Operation(json: #"{"op": "donate", "id": "landmarkViewed", "info": {"fromSearch": "maybe"}}"#, method: "POST", path: "/events/landmarkViewed/donate"),
            Operation(json: #"{"op": "scenario.try", "id": "offer-subscription"}"#, method: "POST", path: "/scenarios/offer-subscription/try"),
            Operation(json: #"{"op": "scenario.status", "id": "offer-subscription"}"#, method: "GET", path: "/scenarios/offer-subscription"),
        ]),
    ]

    /// The batch on one server, the same requests one by one on a twin: the batch's body is the
    /// single answers in order, wrapped.
    @Test(arguments: cases) func aBatchAnswersWhatItsRoutesAnswer(_ testCase: Case) async throws {
        let subject = "ada"
        let batch = "{" + testCase.shared + #", "operations": ["# + testCase.operations.map(\.json).joined(separator: ", ") + "]}"
        let served = try ServedBeckon.folder(), twin = try ServedBeckon.folder()
        let batched = try await ServedBeckon.withServer(served) { client in
            try await client.post("/v1/subjects/\(subject)/batch", body: batch)
        }
        let singles = try await ServedBeckon.withServer(twin) { client in
            var bodies: [String] = []
            for operation in testCase.operations {
                let query = try Self.query(shared: testCase.shared, own: operation.json)
                let body = try await client.send(operation.method, "/v1/subjects/\(subject)\(operation.path)?\(query)").body
                // The twin's answers name its own configuration file (a rule's source).
                bodies.append(body.replacingOccurrences(of: twin.path, with: served.path))
            }
            return bodies
        }
        #expect(batched.status == 200, "\(batched.body)")
        #expect(batched.contentType == "application/json")
        let now = try #require(batched.object["now"] as? String)
        let expected = #"{"answers":["# + singles.joined(separator: ",") + #"],"now":""# + now + #"","subject":"\#(subject)"}"#
        #expect(batched.body == expected)
        let answers = try #require(batched.object["answers"] as? [[String: Any]])
        #expect(answers.count == testCase.operations.count)
        // Every answer is at the batch's one instant.
        for answer in answers where answer["code"] == nil {
            #expect(answer["now"] as? String == now)
        }
    }

    /// A batch without `now` decides all its operations at one instant of the server's clock.
    @Test func oneInstantForTheWholeBatch() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            let operations = Array(repeating: #"{"op": "tip.status", "id": "welcome"}"#, count: 50).joined(separator: ",")
            let answer = try await client.post("/v1/subjects/ada/batch", body: #"{"operations": [\#(operations)]}"#)
            #expect(answer.status == 200)
            let answers = try #require(answer.object["answers"] as? [[String: Any]])
            #expect(Set(answers.compactMap { $0["now"] as? String }) == [try #require(answer.object["now"] as? String)])
        }
    }

    /// Malformed batches: one `usage` problem, and none of their operations runs.
    static let malformed: [(name: String, body: String?, query: String)] = [
        ("no body", nil, ""),
        ("not JSON", "{operations", ""),
        ("not an object", #"[{"op": "status"}]"#, ""),
        ("no operations", #"{"now": "2026-03-01T09:00:00Z"}"#, ""),
        ("operations not an array", #"{"operations": {"op": "status"}}"#, ""),
        ("an operation not an object", #"{"operations": ["status"]}"#, ""),
        ("an unknown operation", #"{"operations": [{"op": "donate", "id": "appLaunched"}, {"op": "tip.statu", "id": "welcome"}]}"#, ""),
        ("no op", #"{"operations": [{"id": "welcome"}]}"#, ""),
        ("a missing id", #"{"operations": [{"op": "donate", "id": "appLaunched"}, {"op": "tip.status"}]}"#, ""),
        ("an id where none is taken", #"{"operations": [{"op": "status", "id": "welcome"}]}"#, ""),
        ("an id not a string", #"{"operations": [{"op": "tip.status", "id": 3}]}"#, ""),
        ("an unknown shared member", #"{"nwo": 1, "operations": []}"#, ""),
        ("an operation's member shared", #"{"for": "45s", "operations": [{"op": "tip.shown", "id": "welcome"}]}"#, ""),
        ("an unknown operation member", #"{"operations": [{"op": "tip.shown", "id": "welcome", "forr": "45s"}]}"#, ""),
        ("a shared member in an operation", #"{"operations": [{"op": "tip.status", "id": "welcome", "now": 1}]}"#, ""),
        ("a member in the query", #"{"operations": [{"op": "donate", "id": "appLaunched"}]}"#, "?now=1"),
        ("too many operations", #"{"operations": [\#(Array(repeating: #"{"op": "donate", "id": "appLaunched"}"#, count: 101).joined(separator: ","))]}"#, ""),
    ]

    @Test func aMalformedBatchIsOneUsageProblem() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            for batch in Self.malformed {
                let answer = try await client.send("POST", "/v1/subjects/ada/batch\(batch.query)", body: batch.body)
                #expect(answer.status == 400, "\(batch.name): \(answer.body)")
                #expect(answer.contentType == "application/problem+json", "\(batch.name)")
                #expect(answer.object["code"] as? String == "usage", "\(batch.name)")
            }
            // Nothing of them ran: appLaunched was never donated.
            let status = try await client.get("/v1/subjects/ada/scenarios/offer-subscription")
            #expect(status.object["events"] as? Int == 0, "\(status.body)")
            // Exactly the limit is fine.
            let operations = Array(repeating: #"{"op": "tip.status", "id": "welcome"}"#, count: 100).joined(separator: ",")
            #expect(try await client.post("/v1/subjects/ada/batch", body: #"{"operations": [\#(operations)]}"#).status == 200)
        }
    }

    /// Each operation of a batch counts as its route's answer does; the batch is one request.
    @Test func aBatchsDecisionsAreCounted() async throws {
        try await ServedBeckon.withServing(try ServedBeckon.folder()) { client, _ in
            let batch = #"{"now": "2026-03-01T09:00:00Z", "operations": [{"op": "tip.status", "id": "welcome"}, "#
                + #"{"op": "tip.status", "id": "favorite-landmark"}, {"op": "tip.status", "id": "nope"}, {"op": "status"}]}"#
            #expect(try await client.post("/v1/subjects/zelda/batch", body: batch).status == 200)
            let samples = Samples(try await client.get("/metrics").body)
            #expect(samples["beckon_decisions_total", ["operation": "tip.status", "outcome": "positive"]] == 1)
            #expect(samples["beckon_decisions_total", ["operation": "tip.status", "outcome": "negative"]] == 1)
            #expect(samples["beckon_http_requests_total", ["route": "/v1/subjects/{subject}/batch", "method": "POST", "status": "200"]] == 1)
        }
    }

    /// Shared members that do not check fail the whole batch with their own problem.
    @Test func sharedMembersThatDoNotCheckFailTheBatch() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            let badNow = try await client.post("/v1/subjects/ada/batch", body: #"{"now": "yesterday", "operations": [{"op": "status"}]}"#)
            #expect(badNow.status == 422)
            #expect(badNow.object["code"] as? String == "invalid_argument")
            let undeclared = try await client.post("/v1/subjects/ada/batch", body: #"{"transients": {"screenBrightnes": 1}, "operations": [{"op": "status"}]}"#)
            #expect(undeclared.status == 404)
            #expect(undeclared.object["code"] as? String == "not_found")
            #expect(undeclared.object["suggestion"] as? String == "screenBrightness")
        }
    }

    /// The query string that asks one route what a batch operation asks: the shared members and
    /// the operation's own, in the query's forms (`DecisionInput`), each value as the server reads
    /// it (`DecisionInput.Body.text`).
    static func query(shared: String, own: String) throws -> String {
        var members = try JSONParser.parse(Array(own.utf8)).members(at: [])
        members["op"] = nil
        members["id"] = nil
        members.merge(try JSONParser.parse(Array("{\(shared)}".utf8)).members(at: [])) { first, _ in first }
        var items: [URLQueryItem] = []
        for (name, member) in members.sorted(by: { $0.key < $1.key }) {
            switch member {
            case .object(let object):
                let single = name == "transients" ? "transient" : name
                for (key, value) in object.sorted(by: { $0.0 < $1.0 }) {
                    items.append(URLQueryItem(name: single, value: "\(key)=\(try DecisionInput.Body.text(value, []))"))
                }
            case .array(let array):
                items += try array.map { URLQueryItem(name: name == "tips" ? "tip" : name, value: try DecisionInput.Body.text($0, [])) }
            default:
                items.append(URLQueryItem(name: name, value: try DecisionInput.Body.text(member, [])))
            }
        }
        var components = URLComponents()
        components.queryItems = items
        return components.percentEncodedQuery?.replacingOccurrences(of: "+", with: "%2B") ?? ""
    }
}
