@testable import BeckonConfig
@testable import BeckonServer
import BeckonRuntime
import Foundation
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

    @Test func theServerAnswersEveryDocumentedRoute() async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            // The change stream never ends: ChangeStreamTests open it.
            for route in OpenAPIDocument.routes where route.path != "/v1/subjects/{subject}/changes" {
                let path = route.path
                    .replacingOccurrences(of: "{subject}", with: "ada").replacingOccurrences(of: "{tip}", with: "welcome")
                    .replacingOccurrences(of: "{group}", with: "onboarding").replacingOccurrences(of: "{event}", with: "appLaunched")
                    .replacingOccurrences(of: "{scenario}", with: "ask-for-review").replacingOccurrences(of: "{version}", with: "2.3.0")
                    .replacingOccurrences(of: "{name}", with: "plan")
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
            #expect(answer.body == OpenAPIDocument.text)
        }
    }

    @Test func everyProblemCodeIsDocumented() {
        let line = OpenAPIDocument.text.split(separator: "\n").first { $0.contains("code: {type: string, enum: [") }
        let documented = line.map { $0.split(separator: "[")[1].prefix { $0 != "]" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) } } ?? []
        #expect(documented.sorted() == Problem.Code.allCases.map(\.rawValue).sorted())
    }
}
