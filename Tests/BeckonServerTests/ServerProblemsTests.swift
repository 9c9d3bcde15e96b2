import BeckonCore
import BeckonRuntime
import BeckonServer
import BeckonTestSupport
import Foundation
import NIOHTTP1
import Testing

/// Failures over real HTTP: RFC 9457 problems with Beckon's codes, the CLI's exit code and
/// message for the same request, and "did you mean".
@Suite("beckon serve: problems")
struct ServerProblemsTests {
    /// A failing request and the command line that fails the same way.
    struct Case: Sendable, CustomStringConvertible {
        var method: String
        var path: String
        var body: String?
        var command: [String]?
        var status: Int
        var code: String
        /// None for the HTTP server's own codes.
        var exitCode: Int?
        /// The `Allow` header of a 405.
        var allow: String? = nil
        var description: String { "\(method) \(path)" }
    }

    static let cases: [Case] = [
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcom?now=2026-03-01T09:00:00Z",
             command: ["tip", "status", "welcom", "--now", "2026-03-01T09:00:00Z"], status: 404, code: "not_found", exitCode: 65),
        Case(method: "POST", path: "/v1/subjects/ada/tips/favorite-landmrk/display",
             command: ["tip", "display", "favorite-landmrk"], status: 404, code: "not_found", exitCode: 65),
        Case(method: "POST", path: "/v1/subjects/ada/events/landmarkViewd/donate",
             command: ["event", "donate", "landmarkViewd"], status: 404, code: "not_found", exitCode: 65),
        Case(method: "GET", path: "/v1/subjects/ada/scenarios/ask-for-reviw",
             command: ["scenario", "status", "ask-for-reviw"], status: 404, code: "not_found", exitCode: 65),
        Case(method: "POST", path: "/v1/subjects/ada/scenarios/offer-subscriptio/try",
             command: ["scenario", "try", "offer-subscriptio"], status: 404, code: "not_found", exitCode: 65),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?transient=screenBrightnes=0.3",
             command: ["tip", "status", "welcome", "--transient", "screenBrightnes=0.3"], status: 404, code: "not_found", exitCode: 65),
        Case(method: "POST", path: "/v1/subjects/ada/events/landmarkViewed/donate?info=fromSearch=maybe",
             command: ["event", "donate", "landmarkViewed", "--info", "fromSearch=maybe"], status: 422, code: "invalid_argument", exitCode: 65),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?transient=plan=pro",
             command: ["tip", "status", "welcome", "--transient", "plan=pro"], status: 422, code: "invalid_argument", exitCode: 65),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?now=yesterday", status: 422, code: "invalid_argument", exitCode: 65),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?appVersion=two", status: 422, code: "invalid_argument", exitCode: 65),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?nwo=1", status: 400, code: "usage", exitCode: 64),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?now=1&now=2", status: 400, code: "usage", exitCode: 64),
        // Another operation's own member, as the CLI refuses `tip status --for`.
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?for=5s", status: 400, code: "usage", exitCode: 64),
        Case(method: "POST", path: "/v1/subjects/ada/events/appLaunched/donate?tip=welcome", status: 400, code: "usage", exitCode: 64),
        Case(method: "PUT", path: "/v1/subjects/ada/parameters/plan?value=pro&reason=tipClosed", status: 400, code: "usage", exitCode: 64),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?locale=%FF", status: 400, code: "usage", exitCode: 64),
        Case(method: "GET", path: "/v1/subjects?after=%C3", status: 400, code: "usage", exitCode: 64),
        Case(method: "POST", path: "/v1/subjects/ada/tips/welcome/display", body: "{not json", status: 400, code: "usage", exitCode: 64),
        Case(method: "POST", path: "/v1/subjects/ada/tips/welcome/display", body: #"{"now": [1]}"#, status: 400, code: "usage", exitCode: 64),
        Case(method: "POST", path: "/v1/subjects/ada/tips/welcome/display?now=1", body: #"{"now": 2}"#, status: 400, code: "usage", exitCode: 64),
        Case(method: "POST", path: "/v1/subjects/ada/whatsnew/next", body: #"{"nwo": "2026-03-01T09:00:00Z"}"#, status: 400, code: "usage", exitCode: 64),
        Case(method: "POST", path: "/v1/subjects/ada/tips/welcome/shown", status: 400, code: "usage", exitCode: 64),
        Case(method: "POST", path: "/v1/subjects/ada/tips/welcome/shown?for=soon", status: 422, code: "invalid_argument", exitCode: 65),
        Case(method: "POST", path: "/v1/subjects/ada/tips/welcome/invalidate?reason=bored", status: 400, code: "usage", exitCode: 64),
        Case(method: "PUT", path: "/v1/subjects/ada/parameters/plna?value=pro",
             command: ["param", "set", "plna", "pro"], status: 404, code: "not_found", exitCode: 65),
        Case(method: "PUT", path: "/v1/subjects/ada/parameters/screenBrightness?value=0.5",
             command: ["param", "set", "screenBrightness", "0.5"], status: 422, code: "not_applicable", exitCode: 65),
        Case(method: "GET", path: "/v1/subjects/ada/parameters/pln", command: ["param", "get", "pln"], status: 404, code: "not_found", exitCode: 65),
        Case(method: "GET", path: "/v1/subjects/ada?tip=welcme", command: ["status", "--tip", "welcme"], status: 404, code: "not_found", exitCode: 65),
        Case(method: "GET", path: "/v1/subjects/ada/groups/onbording", command: ["group", "current", "onbording"], status: 404, code: "not_found", exitCode: 65),
        Case(method: "POST", path: "/v1/subjects/ada/whatsnew/two/mark", command: ["whatsnew", "mark", "two"], status: 422, code: "invalid_argument", exitCode: 65),
        Case(method: "POST", path: "/v1/subjects/ada/scenarios/offer-subscription/trigger",
             command: ["scenario", "trigger", "offer-subscription"], status: 422, code: "not_applicable", exitCode: 65),
        Case(method: "GET", path: "/v1/subjects/ada/tips", status: 404, code: "no_route", exitCode: 64),
        Case(method: "GET", path: "/v2/anything", status: 404, code: "no_route", exitCode: 64),
        Case(method: "PATCH", path: "/v1/subjects/ada/tips/welcome", status: 405, code: "method_not_allowed", allow: "GET, HEAD, OPTIONS"),
        Case(method: "DELETE", path: "/healthz", status: 405, code: "method_not_allowed", allow: "GET, HEAD, OPTIONS"),
        Case(method: "POST", path: "/v1/subjects/ada", status: 405, code: "method_not_allowed", allow: "DELETE, GET, HEAD, OPTIONS"),
        Case(method: "GET", path: "/v1/subjects/ada/whatsnew/next", status: 405, code: "method_not_allowed", allow: "OPTIONS, POST"),
        Case(method: "HEAD", path: "/v1/subjects/ada/changes", status: 405, code: "method_not_allowed", allow: "GET, OPTIONS"),
        Case(method: "PUT", path: "/v1/subjects/ada%20lovelace/parameters/plan/x", status: 404, code: "no_route", exitCode: 64),
        Case(method: "POST", path: "/v1/subjects/ada/tips/welcome/display",
             body: "{\"now\": \"" + String(repeating: "9", count: 70_000) + "\"}", status: 413, code: "too_large", exitCode: 64),
        Case(method: "GET", path: "/v1/subjects?limit=0", status: 400, code: "usage", exitCode: 64),
        Case(method: "GET", path: "/v1/subjects/nobody/data", status: 404, code: "not_found", exitCode: 65),
        Case(method: "PUT", path: "/v1/subjects/ada/data", body: #"{"format": 2}"#, status: 422, code: "invalid_argument", exitCode: 65),
        Case(method: "PUT", path: "/v1/subjects/ada/data", status: 400, code: "usage", exitCode: 64),
    ]

    @Test func everyFailureIsAProblem() async throws {
        let served = try ServedBeckon.folder()
        let twin = try ServedBeckon.folder()
        try await ServedBeckon.withServer(served) { client in
            for failure in Self.cases {
                let answer = try await client.send(failure.method, failure.path, body: failure.body)
                #expect(answer.status == failure.status, "\(failure): \(answer.body)")
                #expect(answer.headers["Allow"].first == failure.allow, "\(failure)")
                if failure.method == "HEAD" { continue }  // no body
                #expect(answer.contentType == "application/problem+json", "\(failure)")
                let problem = answer.object
                #expect(problem["status"] as? Int == failure.status, "\(failure)")
                #expect(problem["code"] as? String == failure.code, "\(failure)")
                #expect(problem["exitCode"] as? Int == failure.exitCode, "\(failure)")
                #expect(problem["type"] as? String == "urn:beckon:problem:\(failure.code)", "\(failure)")
                #expect((problem["title"] as? String)?.isEmpty == false)
                let detail = try #require(problem["detail"] as? String, "\(failure)")
                if let command = failure.command {
                    // The CLI fails with the same exit code and says the same thing.
                    let printed = try ServedBeckon.beckon(twin, command + ["--subject", "ada"])
                    #expect(Int(printed.status) == failure.exitCode, "\(command)")
                    let said = printed.standardError.replacingOccurrences(of: twin.path, with: served.path)
                    #expect(said == "beckon: error: \(detail)\n", "\(command)")
                }
            }
        }
    }

    /// A query value whose escapes decode to bytes that are not UTF-8 is refused by name, as the
    /// CLI refuses an argument that is not UTF-8, rather than stored with U+FFFD in their place.
    @Test func aQueryValueThatIsNotUTF8IsRefusedAndNothingIsStored() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            let refused = try await client.send("PUT", "/v1/subjects/ada/parameters/plan?value=pro%FF")
            #expect(refused.status == 400 && refused.code == "usage", "\(refused.body)")
            #expect(refused.object["detail"] as? String == "the query member 'value' is not percent-encoded UTF-8")
            #expect(try await client.get("/v1/subjects/ada/parameters/plan").object["value"] as? String == "free")
            let stored = try await client.send("PUT", "/v1/subjects/ada/parameters/plan?value=pro%C3%A9")
            #expect(stored.status == 200, "\(stored.body)")
            #expect(try await client.get("/v1/subjects/ada/parameters/plan").object["value"] as? String == "proé")
        }
    }

    /// A JSON body that names a member twice is refused by that name, whatever level it is at
    /// (a reader that kept one of the two would have guessed), one of the wrong shape by its
    /// member's JSON Pointer (`JSONBodyTests` has the rest), another operation's own member as an
    /// unknown one; nothing is recorded, not even by a batch's operations
    /// before the faulty one.
    @Test(arguments: [
        (path: "events/landmarkViewed/donate", body: #"{"info": {"fromSearch": true}, "info": {"fromSearch": false}}"#,
         detail: #"the body is not the documented JSON object: the member "info" is given twice at byte 32"#),
        (path: "events/landmarkViewed/donate", body: #"{"info": {"fromSearch": true, "fromSearch": false}}"#,
         detail: #"the body is not the documented JSON object: the member "fromSearch" is given twice at byte 31"#),
        (path: "batch", body: #"{"operations": [{"op": "event.donate", "id": "landmarkViewed", "id": "opened"}]}"#,
         detail: #"the body is not a batch: the member "id" is given twice at byte 64"#),
        (path: "events/landmarkViewed/donate", body: #"{"info": {"fromSearch": [true]}}"#,
         detail: "the body is not the documented JSON object: /info/fromSearch: expected a string, number, boolean or null, got an array"),
        (path: "batch", body: #"{"operations": [{"op": "donate", "id": "landmarkViewed"}, {"op": "donate", "id": 7}]}"#,
         detail: "the body is not a batch: /operations/1/id: expected a string, got 7"),
        (path: "tips/welcome/display", body: #"{"for": "5s"}"#,
         detail: "the body is not the documented JSON object: /for: unknown member; expected one of appVersion, changes, hideAllTips, hideTips, locale, now, showAllTips, showTips, transients"),
        (path: "batch", body: #"{"operations": [{"op": "donate", "id": "landmarkViewed"}, {"op": "tip.status", "id": "welcome", "tips": ["welcome"]}]}"#,
         detail: "the body is not a batch: /operations/1/tips: unknown member; expected one of id, op"),
    ])
    func aBodyNamingAMemberTwiceOrOfTheWrongShapeIsRefusedAndNothingIsRecorded(_ path: String, body: String, detail: String) async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            let refused = try await client.send("POST", "/v1/subjects/ada/\(path)", body: body)
            #expect(refused.status == 400 && refused.code == "usage", "\(refused.body)")
            #expect(refused.object["detail"] as? String == detail)
            #expect(try await client.get("/v1/subjects/ada/data").status == 404)
        }
    }

    @Test func anUndeclaredIdSaysWhatItProbablyMeant() async throws {
        let served = try ServedBeckon.folder()
        try await ServedBeckon.withServer(served) { client in
            let answer = try await client.get("/v1/subjects/ada/tips/welcom")
            #expect(answer.status == 404)
            #expect(answer.object["kind"] as? String == "tip")
            #expect(answer.object["id"] as? String == "welcom")
            #expect(answer.object["suggestion"] as? String == "welcome")
            #expect(answer.object["detail"] as? String == "tip 'welcom' is not declared in the configuration; did you mean 'welcome'?")

            let far = try await client.get("/v1/subjects/ada/tips/zzzzzzzz")
            #expect(far.status == 404)
            #expect(far.object["suggestion"] == nil)
            #expect(far.object["id"] as? String == "zzzzzzzz")
        }
    }

    /// The one status table: each code's CLI exit code is one the CLI documents (none for the
    /// HTTP server's own codes), and its HTTP status is a client error for a request's fault and
    /// a server error otherwise.
    @Test(arguments: Problem.Code.allCases)
    func theStatusTable(code: Problem.Code) {
        let (exitCode, httpStatus) = code.statuses
        let serversOwn: Set<Problem.Code> = [.unauthorized, .forbidden, .subjectTooLong, .targetTooLong, .headersTooLarge, .timeout, .methodNotAllowed,
                                             .unsupportedEncoding]
        if serversOwn.contains(code) {
            #expect(exitCode == nil)
            #expect(!Problem(code, "x").json.text.contains("exitCode"))
        } else {
            #expect(exitCode.map { [64, 65, 66, 69, 70].contains($0) } == true)
        }
        let requestsFault = serversOwn.union([.usage, .noRoute, .tooLarge, .invalidArgument, .notFound, .notApplicable, .conflict])
        #expect((400..<500).contains(httpStatus) == requestsFault.contains(code))
        #expect((500..<600).contains(httpStatus) == !requestsFault.contains(code))
        // 400 is a malformed request alone: a well-formed one that does not hold is 404 or 422.
        #expect((httpStatus == 400) == (code == .usage))
    }

    @Test func engineErrorsMapAsTheCommandLineExits() {
        #expect(Problem(EngineError.undeclared(kind: "tip", id: "a", suggestion: "b")).code == .notFound)
        #expect(Problem(EngineError.invalidValue("x")).code == .invalidArgument)
        #expect(Problem(EngineError.notApplicable("x")).code == .notApplicable)
        #expect(Problem(EngineError.store(StoreError(.unavailable, "down"))).code == .unavailable)
        #expect(Problem(EngineError.contention(subject: "ada")).code == .conflict)
        // The CLI exits 65 for the first three and 69 for the store and contention.
        #expect(Problem(EngineError.store(StoreError(.unavailable, "down"))).code.statuses.exitCode == 69)
        #expect(Problem(EngineError.contention(subject: "ada")).code.statuses.exitCode == 69)
    }

    @Test func listenAddresses() throws {
        #expect(try ListenAddress(parsing: "127.0.0.1:8080") == ListenAddress(host: "127.0.0.1", port: 8080))
        #expect(try ListenAddress(parsing: "[::1]:0") == ListenAddress(host: "::1", port: 0))
        #expect(try ListenAddress(parsing: "localhost:65535").port == 65535)
        #expect(ListenAddress(host: "::1", port: 80).description == "[::1]:80")
        for bad in ["127.0.0.1", ":8080", "127.0.0.1:http", "127.0.0.1:65536", "127.0.0.1:-1"] {
            #expect(throws: ListenAddressError.self, "\(bad)") { try ListenAddress(parsing: bad) }
        }
    }
}
