@testable import BeckonConfig
@testable import BeckonServer
import BeckonRuntime
import Foundation
import Hummingbird
import NIOHTTP1
import Testing

/// The OpenAPI document: it parses, it describes exactly the server's routes, and the server
/// answers each of them.
@Suite("beckon serve: the OpenAPI document")
struct OpenAPITests {
    /// The document's methods and paths, read with the project's YAML reader.
    static func documentedRoutes() throws -> [String] {
        let (root, diagnostics) = YAMLDocumentReader(file: "openapi.yaml").read(Array(OpenAPIDocument.text.utf8))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let document = try #require(root)
        let paths = try #require(mapping(document)["paths"])
        var routes: [String] = []
        for (path, item) in mapping(paths) {
            for method in mapping(item).keys where ["get", "put", "post", "delete", "patch", "head", "options"].contains(method) {
                routes.append("\(method.uppercased()) \(path)")
            }
        }
        return routes.sorted()
    }

    /// A mapping node's keys and values.
    static func mapping(_ node: YAMLNode) -> [String: YAMLNode] {
        guard case .mapping(let pairs) = node.content else { return [:] }
        return Dictionary(pairs.map { ($0.key.scalarText ?? "", $0.value) }, uniquingKeysWith: { first, _ in first })
    }

    @Test func theDocumentDescribesExactlyTheRoutes() throws {
        let (root, diagnostics) = YAMLDocumentReader(file: "openapi.yaml").read(Array(OpenAPIDocument.text.utf8))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let document = Self.mapping(try #require(root))
        #expect(document["openapi"]?.scalarText == "3.1.0")
        #expect(document["components"] != nil)
        let listed = OpenAPIDocument.routes.map { "\($0.method) \($0.path)" }.sorted()
        #expect(try Self.documentedRoutes() == listed)
    }

    /// The router has the documented routes and no other, with HEAD beside every GET but the
    /// change stream's.
    @Test func theRouterHasExactlyTheDocumentedRoutes() throws {
        let folder = try ServedBeckon.folder()
        let server = BeckonServer(runtime: try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path))
        let routed = server.router().routes.map { "\($0.method) \($0.path)" }.sorted()
        let documented = OpenAPIDocument.routes.map { "\($0.method) \($0.path)" }
        let heads = OpenAPIDocument.routes.filter { $0.method == "GET" && $0.path != Self.changes }.map { "HEAD \($0.path)" }
        #expect(routed == (documented + heads).sorted())
    }

    static let changes = "/v1/subjects/{subject}/changes"

    /// HEAD answers what GET answers (status and headers, `Content-Length` and `ETag`
    /// included), without the body.
    @Test func headAnswersGetsHeadersWithoutTheBody() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            for route in OpenAPIDocument.routes where route.method == "GET" && route.path != Self.changes {
                let path = Self.example(route.path) + (route.path.hasPrefix("/v1/subjects/") ? "?now=2026-03-01T09:00:00Z" : "")
                let got = try await client.send(.GET, path, body: nil)
                let head = try await client.send(.HEAD, path, body: nil)
                #expect(head.status == got.status, "\(path)")
                #expect(head.body.isEmpty, "\(path)")
                // The metrics count the GET between the two.
                let names = { (answer: ServedBeckon.Client.Answer) in answer.headers.map { $0.name.lowercased() }.filter { $0 != "date" } }
                let fields = { (answer: ServedBeckon.Client.Answer) in answer.headers.filter { $0.name.lowercased() != "date" }.map { "\($0.name): \($0.value)" } }
                if route.path == "/metrics" { #expect(names(head) == names(got)) } else { #expect(fields(head) == fields(got), "\(path)") }
            }
        }
    }

    /// OPTIONS names the methods of a path that has routes (204 with `Allow`); another path is
    /// `no_route`.
    @Test func optionsNamesThePathsMethods() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            let tip = try await client.send(.OPTIONS, "/v1/subjects/ada/tips/welcome", body: nil)
            #expect(tip.status == 204 && tip.headers["Allow"].first == "GET, HEAD, OPTIONS")
            let batch = try await client.send(.OPTIONS, "/v1/subjects/ada/batch", body: nil)
            #expect(batch.status == 204 && batch.headers["Allow"].first == "OPTIONS, POST")
            let nowhere = try await client.send(.OPTIONS, "/v1/nowhere", body: nil)
            #expect(nowhere.status == 404 && nowhere.code == "no_route")
        }
    }

    /// A documented path with an example for each parameter.
    static func example(_ path: String) -> String {
        path.replacingOccurrences(of: "{subject}", with: "ada").replacingOccurrences(of: "{tip}", with: "welcome")
            .replacingOccurrences(of: "{group}", with: "onboarding").replacingOccurrences(of: "{event}", with: "appLaunched")
            .replacingOccurrences(of: "{scenario}", with: "ask-for-review").replacingOccurrences(of: "{version}", with: "2.3.0")
            .replacingOccurrences(of: "{name}", with: "plan").replacingOccurrences(of: "{key}", with: "tips.welcome")
    }

    @Test func theServerAnswersEveryDocumentedRoute() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            // The change stream never ends: ChangeStreamTests open it.
            for route in OpenAPIDocument.routes where route.path != Self.changes {
                let path = Self.example(route.path)
                let body = route.method == "GET" ? nil : #"{"now": "2026-03-01T09:00:00Z"}"#
                let answer = try await client.send(route.method, path, body: body)
                let code = answer.object["code"] as? String
                #expect(code != "no_route", "\(route.method) \(path): \(answer.body)")
                #expect(answer.status != 404 || code == "not_found", "\(route.method) \(path): \(answer.body)")
            }
        }
    }

    @Test func theDocumentIsServedWithoutAToken() async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(access: try EdgeHarness.access(in: folder))
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            let answer = try await EdgeHarness.send(port, "GET", "/openapi.yaml")
            #expect(answer.status == 200)
            #expect(answer.headers["content-type"].first == "application/yaml")
            #expect(answer.body == OpenAPIDocument.textWithTokens)
        }
    }

    /// The document declares the bearer scheme exactly when the server asks for a token: with
    /// tokens, every operation but the open ones requires it (and a request without one is
    /// 401); without, none does.
    @Test func theDocumentAsksForATokenOnlyWhenTheServerDoes() async throws {
        let security = { (text: String) throws -> YAMLNode? in
            let (root, _) = YAMLDocumentReader(file: "openapi.yaml").read(Array(text.utf8))
            return Self.mapping(try #require(root))["security"]
        }
        #expect(try security(OpenAPIDocument.text(withTokens: false)) == nil)
        #expect(try security(OpenAPIDocument.text(withTokens: true)) != nil)
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            let answer = try await client.get("/openapi.yaml")
            #expect(answer.body == OpenAPIDocument.text(withTokens: false))
        }
        let edge = EdgeOptions(access: try EdgeHarness.access(in: folder))
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            let denied = try await EdgeHarness.send(port, "GET", "/v1/subjects/ada/tips/welcome")
            #expect(denied.status == 401)
            #expect(denied.object["code"] as? String == "unauthorized")
        }
    }

    /// A member given in the query and in the body is a `usage` problem (even with the same
    /// value), so the document gives each operation its options in one place: a GET in the
    /// query, an operation with a body in the body. A client generated from it never sends one
    /// member twice.
    @Test func eachOperationTakesItsOptionsInOnePlace() throws {
        let (root, _) = YAMLDocumentReader(file: "openapi.yaml").read(Array(OpenAPIDocument.text.utf8))
        let document = Self.mapping(try #require(root))
        let components = Self.mapping(try #require(document["components"]))
        let parameters = Self.mapping(try #require(components["parameters"]))
        let inQuery = Set(parameters.filter { Self.mapping($0.value)["in"]?.scalarText == "query" }.keys.map { "#/components/parameters/\($0)" })
        var checked = 0
        for (path, item) in Self.mapping(try #require(document["paths"])) where !path.hasPrefix("/ofrep/") {
            for (method, operation) in Self.mapping(item) where ["get", "put", "post", "delete"].contains(method) {
                let fields = Self.mapping(operation)
                let refs: [String] = if case .sequence(let items) = fields["parameters"]?.content {
                    items.compactMap { Self.mapping($0)["$ref"]?.scalarText }
                } else { [] }
                let queried = refs.filter(inQuery.contains)
                #expect(queried.isEmpty || fields["requestBody"] == nil, "\(method) \(path): \(queried) and a body")
                checked += 1
            }
        }
        #expect(checked == OpenAPIDocument.routes.count - 2)
    }

    /// An empty body is no input; one of only white space is not JSON (`application/json`
    /// says a body is a JSON text), so it is refused like any other malformed body.
    @Test func aBodyOfWhiteSpaceIsRefusedAndAnEmptyOneIsNoInput() throws {
        _ = try DecisionInput(query: [], body: [], operation: "tip.display")
        for body in ["\n", " ", "\r\n\t"] {
            #expect(throws: Problem.self, "\(Array(body.utf8))") { try DecisionInput(query: [], body: Array(body.utf8), operation: "tip.display") }
        }
    }

    @Test func aMemberInTheQueryAndTheBodyIsAUsageProblem() throws {
        for body in [#"{"now": "2026-03-01T09:00:00Z"}"#, #"{"now": "2026-03-02T09:00:00Z"}"#] {
            #expect(throws: Problem(.usage, "'now' is given twice")) {
                try DecisionInput(query: [("now", "2026-03-01T09:00:00Z")], body: Array(body.utf8), operation: "tip.display")
            }
        }
    }

    /// `Last-Event-ID` is enforced as documented: up to its `maxLength` it is an id (one the
    /// server does not hold gets a `resync`), longer is a `usage` problem.
    @Test(arguments: [(String(repeating: "7", count: ChangeStreamRoute.lastEventIDLimit + 1), true),
                      (String(repeating: "é", count: ChangeStreamRoute.lastEventIDLimit + 1), true),
                      (String(repeating: "7", count: ChangeStreamRoute.lastEventIDLimit), false),
                      ("12", false)])
    func lastEventIDLongerThanDocumentedIsRefused(id: String, refused: Bool) throws {
        #expect(OpenAPIDocument.text.contains("maxLength: \(ChangeStreamRoute.lastEventIDLimit)}}"))
        if refused {
            #expect(throws: Problem.self) { try ChangeStreamRoute.lastEventID(id) }
            #expect((try? ChangeStreamRoute.lastEventID(id)) == nil)
        } else {
            #expect(try ChangeStreamRoute.lastEventID(id) == id)
        }
    }

    @Test func aLongLastEventIDIsAUsageProblemOverHTTP() async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions()
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            let id = String(repeating: "1", count: ChangeStreamRoute.lastEventIDLimit + 1)
            let answer = try await EdgeHarness.send(port, "GET", "/v1/subjects/ada/changes", headers: [("Last-Event-ID", id)])
            #expect(answer.status == 400)
            #expect(answer.object["code"] as? String == "usage")
        }
    }

    @Test func everyProblemCodeIsDocumented() {
        let line = OpenAPIDocument.text.split(separator: "\n").first { $0.contains("code: {type: string, enum: [") }
        let documented = line.map { $0.split(separator: "[")[1].prefix { $0 != "]" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        #expect(documented.sorted() == Problem.Code.allCases.map(\.rawValue).sorted())
    }
}
