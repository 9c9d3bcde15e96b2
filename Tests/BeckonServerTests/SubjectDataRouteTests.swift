import BeckonCore
import BeckonRuntime
@testable import BeckonServer
import BeckonTestSupport
import Foundation
import NIOHTTP1
import Testing

/// A subject's data over HTTP (`GET /v1/subjects`, `GET`, `PUT`, `DELETE
/// /v1/subjects/{subject}/data`), over real sockets and the SQLite store: the same bytes as
/// `beckon data export`, an export, erase and import that gives them back, each refusal as its
/// problem. (That a `read` token is refused on each route, and a `write` token let through, is
/// `RouteTableTests.eachRouteIsWired`, from the route table.)
@Suite("beckon serve: a subject's data")
struct SubjectDataRouteTests {
    /// Records something of each kind for `subject`: an event with info, a parameter, a tip shown.
    static func record(_ subject: String, _ client: ServedBeckon.Client) async throws {
        let now = #"{"now": "2026-03-01T09:00:00Z"}"#
        let donated = try await client.post("/v1/subjects/\(subject)/events/landmarkViewed/donate",
                                            body: #"{"now": "2026-03-01T09:00:00Z", "info": {"landmark": "Louvre", "fromSearch": true}}"#)
        #expect(donated.status == 200, "\(donated.body)")
        #expect(try await client.send("PUT", "/v1/subjects/\(subject)/parameters/plan", body: #"{"value": "pro"}"#).status == 200)
        #expect(try await client.post("/v1/subjects/\(subject)/tips/welcome/display", body: now).status == 200)
    }

    @Test func anExportErasedThenImportedGivesTheSameBytes() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            try await Self.record("ada", client)
            let exported = try await client.get("/v1/subjects/ada/data")
            #expect(exported.status == 200 && exported.contentType == "application/json", "\(exported.body)")
            #expect(exported.headers["Cache-Control"].first == "no-store")
            // Exactly what the CLI writes, without the newline.
            let command = try ServedBeckon.beckon(folder, ["data", "export", "--subject", "ada"])
            #expect(command.status == 0, "\(command.standardError)")
            #expect(exported.body + "\n" == command.standardOutput)
            #expect(exported.object["subject"] as? String == "ada")

            let erased = try await client.send("DELETE", "/v1/subjects/ada/data")
            #expect(erased.status == 200 && erased.body == #"{"erased":true,"subject":"ada"}"#, "\(erased.body)")
            let gone = try await client.get("/v1/subjects/ada/data")
            #expect(gone.status == 404 && gone.code == "not_found" && gone.object["kind"] as? String == "subject", "\(gone.body)")
            let again = try await client.send("DELETE", "/v1/subjects/ada/data")
            #expect(again.status == 200 && again.body == #"{"erased":false,"subject":"ada"}"#, "\(again.body)")

            let imported = try await client.send("PUT", "/v1/subjects/ada/data", body: exported.body + "\n")
            #expect(imported.status == 200, "\(imported.body)")
            #expect(imported.body == #"{"imported":1,"refused":[],"replaced":0,"skippedLines":[],"unchanged":0}"#)
            #expect(try await client.get("/v1/subjects/ada/data").body == exported.body)
            // The same line twice changes nothing.
            let unchanged = try await client.send("PUT", "/v1/subjects/ada/data", body: exported.body)
            #expect(unchanged.object["unchanged"] as? Int == 1, "\(unchanged.body)")
            // The subject decides as before its erasure: the tip shown once stays shown.
            let tip = try await client.get("/v1/subjects/ada/tips/welcome?now=2026-03-02T09:00:00Z")
            #expect(tip.object["displayCount"] as? Int == 1, "\(tip.body)")
        }
    }

    /// Pages in the byte order of the ids, `next` the cursor of the next (null after a page
    /// shorter than `limit`); a cursor is percent-decoded as a path's subject is.
    @Test func subjectsAreListedInPages() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            for subject in ["carol", "ada", "bob", "ada%20lovelace"] { try await Self.record(subject, client) }
            let names = { (answer: ServedBeckon.Client.Answer) in
                (answer.object["subjects"] as? [[String: Any]] ?? []).compactMap { $0["subject"] as? String }
            }
            let first = try await client.get("/v1/subjects?limit=2")
            #expect(first.status == 200, "\(first.body)")
            #expect(names(first) == ["ada", "ada lovelace"])
            #expect(first.object["next"] as? String == "ada lovelace")
            #expect((first.object["subjects"] as? [[String: Any]])?.allSatisfy { $0["lastActive"] is String } == true)
            let second = try await client.get("/v1/subjects?after=ada%20lovelace&limit=2")
            #expect(names(second) == ["bob", "carol"] && second.object["next"] as? String == "carol", "\(second.body)")
            let last = try await client.get("/v1/subjects?after=carol&limit=2")
            #expect(names(last).isEmpty && last.object["next"] is NSNull, "\(last.body)")
            let all = try await client.get("/v1/subjects")
            #expect(names(all) == ["ada", "ada lovelace", "bob", "carol"] && all.object["next"] is NSNull, "\(all.body)")
        }
    }

    /// Each request a route refuses, and the problem it is refused with.
    struct Refusal: Sendable, CustomTestStringConvertible {
        var method: String
        var path: String
        /// The body, `LINE` standing for the stored subject's exported line.
        var body: String?
        var status: Int
        var code: String
        /// Words the problem's detail holds.
        var detail: [String]
        var testDescription: String { "\(method) \(path) \(body?.prefix(40) ?? "")" }
    }

    static let refusals: [Refusal] = [
        Refusal(method: "GET", path: "/v1/subjects?limit=0", status: 400, code: "usage", detail: ["limit", "10000"]),
        Refusal(method: "GET", path: "/v1/subjects?limit=10001", status: 400, code: "usage", detail: ["limit"]),
        Refusal(method: "GET", path: "/v1/subjects?limit=many", status: 400, code: "usage", detail: ["many"]),
        Refusal(method: "GET", path: "/v1/subjects?limit=1&limit=2", status: 400, code: "usage", detail: ["twice"]),
        Refusal(method: "GET", path: "/v1/subjects?cursor=ada", status: 400, code: "usage", detail: ["cursor"]),
        Refusal(method: "GET", path: "/v1/subjects/nobody/data", status: 404, code: "not_found", detail: ["nobody"]),
        Refusal(method: "GET", path: "/v1/subjects/ada/data?now=1", status: 400, code: "usage", detail: ["now"]),
        Refusal(method: "DELETE", path: "/v1/subjects/ada/data?all=true", status: 400, code: "usage", detail: ["all"]),
        Refusal(method: "PUT", path: "/v1/subjects/bob/data", body: "LINE", status: 422, code: "invalid_argument", detail: ["'ada'", "'bob'", "/subject"]),
        Refusal(method: "PUT", path: "/v1/subjects/ada/data", body: #"{"format":1,"subject":"ada"}"#, status: 422, code: "invalid_argument", detail: ["missing"]),
        Refusal(method: "PUT", path: "/v1/subjects/ada/data", body: "{not json", status: 422, code: "invalid_argument", detail: ["JSON"]),
        Refusal(method: "PUT", path: "/v1/subjects/ada/data", body: "LINE\nLINE", status: 400, code: "usage", detail: ["one line"]),
        Refusal(method: "PUT", path: "/v1/subjects/ada/data", body: "", status: 400, code: "usage", detail: ["no line"]),
        Refusal(method: "PUT", path: "/v1/subjects/ada/data?replace=maybe", body: "LINE", status: 400, code: "usage", detail: ["maybe"]),
        Refusal(method: "PUT", path: "/v1/subjects/ada/data", body: "OTHER", status: 409, code: "conflict", detail: ["'ada'", "replace=true"]),
        Refusal(method: "PUT", path: "/v1/subjects/ada/data", body: "TYPO", status: 422, code: "invalid_argument",
                detail: ["/logs/landmarkViewed/0/info/fromSearch"]),
    ]

    @Test(arguments: refusals)
    func eachRefusalIsItsProblemAndChangesNothing(_ refusal: Refusal) async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            try await Self.record("ada", client)
            let line = try await client.get("/v1/subjects/ada/data").body
            let body = refusal.body.map { body in
                body.replacingOccurrences(of: "OTHER", with: line.replacingOccurrences(of: #""plan":"pro""#, with: #""plan":"team""#))
                    .replacingOccurrences(of: "TYPO", with: line.replacingOccurrences(of: #""fromSearch":true"#, with: #""fromSearch":"yes""#))
                    .replacingOccurrences(of: "LINE", with: line)
            }
            let answer = try await client.send(refusal.method, refusal.path, body: body)
            #expect(answer.status == refusal.status && answer.code == refusal.code, "\(answer.body)")
            #expect(answer.contentType == "application/problem+json")
            let detail = answer.object["detail"] as? String ?? ""
            for word in refusal.detail { #expect(detail.contains(word), "\(detail)") }
            // Nothing was written.
            #expect(try await client.get("/v1/subjects/ada/data").body == line)
            #expect(try await client.get("/v1/subjects/bob/data").status == 404)
        }
    }

    /// `replace=true` overwrites a subject stored with other data.
    @Test func replaceOverwritesOtherData() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            try await Self.record("ada", client)
            let line = try await client.get("/v1/subjects/ada/data").body
            let other = line.replacingOccurrences(of: #""plan":"pro""#, with: #""plan":"team""#)
            let replaced = try await client.send("PUT", "/v1/subjects/ada/data?replace=true", body: other)
            #expect(replaced.status == 200 && replaced.object["replaced"] as? Int == 1, "\(replaced.body)")
            let plan = try await client.get("/v1/subjects/ada/parameters/plan")
            #expect(plan.object["value"] as? String == "team", "\(plan.body)")
        }
    }

    /// A store without the functions (as a plugin store older than ABI 1.3) is `unavailable`
    /// with the store's message on the routes that list, erase or write subjects; its decisions
    /// and an export (a read like any other) still answer.
    @Test func aStoreThatCannotIsUnavailable() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServing(folder, store: DecidingOnlyStore()) { client, _ in
            #expect(try await client.post("/v1/subjects/ada/tips/welcome/display").status == 200)
            let exported = try await client.get("/v1/subjects/ada/data")
            #expect(exported.status == 200, "\(exported.body)")
            let line = exported.body.replacingOccurrences(of: #""subject":"ada""#, with: #""subject":"bob""#)
            for (method, path, body) in [("GET", "/v1/subjects", nil), ("PUT", "/v1/subjects/bob/data", line), ("DELETE", "/v1/subjects/ada/data", nil)] {
                let answer = try await client.send(method, path, body: body)
                #expect(answer.status == 503 && answer.code == "unavailable", "\(method) \(path): \(answer.body)")
                #expect((answer.object["detail"] as? String ?? "").contains("ABI 1.3"), "\(answer.body)")
            }
            #expect(try await client.get("/v1/subjects/ada/data").body == exported.body)
        }
    }

    /// An erasure and an import tell the subject's change stream: an event naming no id.
    @Test func anErasureAndAnImportAreChanges() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            try await Self.record("ada", client)
            let line = try await client.get("/v1/subjects/ada/data").body
            let stream = try await EventStreamClient(port: client.port, path: "/v1/subjects/ada/changes")
            #expect(try await client.send("DELETE", "/v1/subjects/ada/data").status == 200)
            let erased = try await stream.nextEvent()
            #expect(erased?.data["why"] as? String == "erase" && erased?.data["tips"] == nil, "\(erased?.text ?? "no event")")
            #expect(try await client.send("PUT", "/v1/subjects/ada/data", body: line).status == 200)
            let imported = try await stream.nextEvent()
            #expect(imported?.data["why"] as? String == "import", "\(imported?.text ?? "no event")")
            await stream.close()
        }
    }
}

/// A store that decides but cannot list, erase or restore subjects (it keeps the protocol's
/// defaults), as a plugin store older than ABI 1.3.
final class DecidingOnlyStore: Store {
    private let memory = MemoryStore()

    func load(subject: String) throws(StoreError) -> StoredRecord { try memory.load(subject: subject) }

    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        try memory.commit(subject: subject, expectedVersion: expectedVersion, record: record, donations: donations)
    }

    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        try memory.donations(subject: subject, event: event, since: since)
    }
}
