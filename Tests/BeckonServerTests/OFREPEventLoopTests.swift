import BeckonRuntime
@testable import BeckonServer
import BeckonTestSupport
import Foundation
import HTTPTypes
import NIOCore
import NIOHTTP1
import Testing

/// OFREP evaluations, single and bulk, answered on the event loop that read them
/// (`EventLoopTipStatus`, `OFREPRoutes.eventLoopEvaluation`): the router's bytes over random
/// keys, contexts, tags and writes, and only requests neither the edge nor the router has a say in.
@Suite("beckon serve: OFREP evaluations on the event loop")
struct OFREPEventLoopTests {
    static let keys = ["tips.welcome", "tips.favorite-landmark", "tips.welcom", "groups.onboarding", "scenarios.ask-for-review",
                       "whatsNew", "tips.favorite%2Dlandmark", "nope", "tips.%FF"]
    static let bodies = [
        #"{"context": {"targetingKey": "ada"}}"#,
        #"{"context": {"targetingKey": "bob", "screenBrightness": 0.9, "now": "2026-03-05T10:00:00Z"}}"#,
        #"{"context": {"targetingKey": "ada", "screenBrightness": 0.1, "appVersion": "2.4.0", "plan": "x"}}"#,
        #"{"context": {"targetingKey": "carol", "screenBrightness": "bright"}}"#,
        #"{"context": {"targetingKey": ""}}"#, #"{"context": {}}"#, "not json", "",
    ]

    /// Two servers over one runtime, one answering on the event loop and one by the general path
    /// (the router), asked the same random evaluations between random writes, answer the same;
    /// a bulk evaluation is asked with no tag, the last one answered, or another.
    @Test(arguments: [UInt64(7), 0xBEC0_0F1E])
    func answersWhatTheRouterAnswers(seed: UInt64) async throws {
        let folder = try ServedBeckon.folder()
        let runtime = try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path)
        let servers = [BeckonServer.TipStatusPath.eventLoop, .general].map { path in
            var server = BeckonServer(runtime: runtime) { FastPathTests.wallClock }
            server.tipStatusPath = path
            return server
        }
        try await ServedBeckon.runAll(servers) { clients in
            var random = SplitMix64(seed: seed)
            var statuses: Set<Int> = []
            var lastTagged = (body: Self.bodies[0], tag: "\"none\"")
            for _ in 0..<160 {
                if random.next() % 5 == 0 {
                    let write = random.pick(FastPathTests.writes)
                    _ = try await clients[0].post("/v1/subjects/\(random.pick(["ada", "bob"]))\(write)?now=\(FastPathTests.instant(&random))")
                    continue
                }
                let bulk = random.next() % 3 == 0
                let path = bulk ? random.pick(["/ofrep/v1/evaluate/flags", "/ofrep/v1/evaluate/flags?flagConfigEtag=1"])
                    : "/ofrep/v1/evaluate/flags/" + random.pick(Self.keys)
                var body = random.pick(Self.bodies)
                var headers: [(String, String)] = []
                if bulk {
                    switch random.next() % 3 {
                    case 0: (body, headers) = (lastTagged.body, [("If-None-Match", lastTagged.tag)])
                    case 1: headers = [("If-None-Match", "\"other\"")]
                    default: break
                    }
                }
                let onLoop = try await clients[0].send(.POST, path, body: body, headers: headers)
                let routed = try await clients[1].send(.POST, path, body: body, headers: headers)
                #expect(onLoop.status == routed.status, "\(path) \(body) \(headers)")
                #expect(FastPathTests.headers(onLoop) == FastPathTests.headers(routed), "\(path) \(body) \(headers)")
                #expect(onLoop.body == routed.body, "\(path) \(body) \(headers)")
                statuses.insert(onLoop.status)
                if let tag = onLoop.headers["etag"].first { lastTagged = (body, tag) }
            }
            #expect(statuses.isSuperset(of: [200, 304, 400, 404]), "\(statuses)")
        }
    }

    /// The paths the event loop reads as an evaluation's: a single one's key as written, or the
    /// bulk one's, a query allowed after either.
    @Test(arguments: [
        ("/ofrep/v1/evaluate/flags/tips.welcome", "tips.welcome", false),
        ("/ofrep/v1/evaluate/flags/tips.welcome?flagConfigEtag=1", "tips.welcome", false),
        ("/ofrep/v1/evaluate/flags/tips.%C3%A9t%C3%A9", "tips.%C3%A9t%C3%A9", false),
        ("/ofrep/v1/evaluate/flags/\u{301}tips.été", "\u{301}tips.été", false),
        ("/ofrep/v1/evaluate/flags/", nil, false), ("/ofrep/v1/evaluate/flags/?x=1", nil, false),
        ("/ofrep/v1/evaluate/flags/.", nil, false), ("/ofrep/v1/evaluate/flags/..", nil, false),
        ("/ofrep/v1/evaluate/flags/tips/welcome", nil, false), ("/ofrep/v1/evaluate/flags/...", "...", false),
        ("/ofrep/v1/evaluate/flags", nil, true), ("/ofrep/v1/evaluate/flags?flagConfigEtag=1", nil, true),
        ("/ofrep/v1/evaluate/flagsx", nil, false), ("/ofrep/v1/evaluate/flag", nil, false), ("", nil, false),
    ] as [(String, String?, Bool)])
    func pathShapes(_ path: String, key: String?, bulk: Bool) {
        #expect(OFREPRoutes.singleKey(in: path) == key)
        #expect(OFREPRoutes.isBulk(path) == bulk)
        #expect(OFREPRoutes.isEvaluation(path) == (key != nil || bulk))
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var path = "/ofrep/v1/evaluate/flags/tips.welcome"
        var method = HTTPRequest.Method.post
        var headers: [(String, String)] = []
        var body = #"{"context": {"targetingKey": "ada"}}"#
        var tokens = false
        var tipStatusPath = BeckonServer.TipStatusPath.eventLoop
        var answered: Bool
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a single evaluation", answered: true),
        Case(name: "an unknown flag (its 404 too)", path: "/ofrep/v1/evaluate/flags/tips.welcom", answered: true),
        Case(name: "a body that is not JSON (its 400 too)", body: "{", answered: true),
        Case(name: "OFREP's query, ignored", path: "/ofrep/v1/evaluate/flags/tips.welcome?flagConfigEtag=1", answered: true),
        Case(name: "the bulk evaluation", path: "/ofrep/v1/evaluate/flags", answered: true),
        Case(name: "the bulk evaluation with OFREP's query", path: "/ofrep/v1/evaluate/flags?flagConfigEtag=1", answered: true),
        Case(name: "the bulk evaluation's tag matched (its 304)", path: "/ofrep/v1/evaluate/flags",
             headers: [("If-None-Match", "*")], answered: true),
        Case(name: "a path that only starts as the bulk's", path: "/ofrep/v1/evaluate/flagsx", answered: false),
        Case(name: "an empty key", path: "/ofrep/v1/evaluate/flags/", answered: false),
        Case(name: "a key with a slash", path: "/ofrep/v1/evaluate/flags/tips.welcome/x", answered: false),
        Case(name: "a GET", method: .get, body: "", answered: false),
        Case(name: "no Content-Length", headers: [("Content-Length", "")], answered: false),
        Case(name: "a Content-Length the body does not match", headers: [("Content-Length", "3")], answered: false),
        Case(name: "Connection: close", headers: [("Connection", "close")], answered: false),
        Case(name: "the general path asked for", tipStatusPath: .general, answered: false),
        Case(name: "tokens asked for, none given", tokens: true, answered: false),
        Case(name: "a read token", headers: [("Authorization", "Bearer \(EdgeHarness.readToken)")], tokens: true, answered: true),
    ]

    @Test(arguments: cases)
    func answersOnlyWhatNeitherTheEdgeNorTheRouterHasASayIn(_ example: Case) throws {
        let folder = try ServedBeckon.folder()
        let runtime = try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path)
        var server = BeckonServer(runtime: runtime)
        server.tipStatusPath = example.tipStatusPath
        if example.tokens { server.edge.access = try EdgeHarness.access(in: folder) }
        var fields = HTTPFields()
        fields[.contentLength] = String(example.body.utf8.count)
        for (name, value) in example.headers {
            fields[HTTPField.Name(name)!] = value.isEmpty ? nil : value
        }
        let head = HTTPRequest(method: example.method, scheme: "http", authority: "127.0.0.1", path: example.path, headerFields: fields)

        let answer = ServerRoutes(server: server).eventLoopAnswerer.answer(EventLoopRequest(head), ByteBuffer(string: example.body))
        #expect((answer != nil) == example.answered)
        if let answer {
            #expect(answer.head.headerFields[.date] != nil && answer.head.headerFields[.server] == BeckonServer.serverName)
            if answer.head.status == .notModified {
                #expect(answer.head.headerFields[.eTag] != nil && answer.body.readableBytes == 0)
            } else {
                #expect(answer.head.headerFields[.contentType] == "application/json" && answer.body.readableBytes > 0)
            }
        }
    }
}
