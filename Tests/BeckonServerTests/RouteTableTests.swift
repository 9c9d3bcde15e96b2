@testable import BeckonConfig
import BeckonRuntime
@testable import BeckonServer
import Foundation
import HTTPTypes
import NIOHTTP1
import Testing

/// The route table (`ServerRoute.table`) is all a route needs: each entry is routed, asks the
/// token its access says, is among the methods a CORS preflight lists, and is in the OpenAPI
/// document the server serves, with its method and `operationId`. Each route is asked of a
/// server with tokens and CORS on, as a client would ask it.
@Suite("beckon serve: the route table")
struct RouteTableTests {
    static let origin = "https://app.example"

    /// A request to `route` with example parameters, and a body the route reads to its end:
    /// the change stream gets a query member it refuses at once (else it never ends).
    static func request(_ route: ServerRoute, batchOperation: String = "tip.status") -> (path: String, body: String?) {
        var path = OpenAPITests.example(route.path)
        var body: String?
        switch route.handler {
        case .changes: path += "?member=refused"
        case .batch: body = #"{"now": "2026-03-01T09:00:00Z", "operations": [{"op": "\#(batchOperation)", "id": "welcome"}]}"#
        case .ofrepFlag, .ofrepFlags: body = OFREPTests.body()
        // A subject's data takes no decision options; an import's body is a line (`{}` is a bad one).
        case .subjects, .exportData, .eraseData: break
        case .importData: body = "{}"
        default:
            if path.hasPrefix("/v1/subjects/") { path += "?now=2026-03-01T09:00:00Z" }
            if route.method != .get { body = "{}" }
        }
        return (path, body)
    }

    /// The member an operation needs, if any (`tip.shown`'s `for`, `tip.invalidate`'s `reason`,
    /// `param.set`'s `value`: `ServerOperation.ownMembers`), with a value; any other operation
    /// refuses it.
    static func operationMembers(of operation: String) -> [(name: String, value: String)] {
        let examples = ["for": "45s", "reason": "tipClosed", "value": "pro"]
        guard let name = ServerOperation.ownMembers[operation], let value = examples[name] else { return [] }
        return [(name, value)]
    }

    /// Sends `route`'s request with this token (nil: none).
    static func send(_ route: ServerRoute, _ port: Int, token: String?, batchOperation: String = "tip.status") async throws -> EdgeHarness.Answer {
        let (path, body) = request(route, batchOperation: batchOperation)
        let headers = token.map { [("Authorization", "Bearer \($0)")] } ?? []
        return try await EdgeHarness.send(port, route.method.rawValue, path, headers: headers, body: body)
    }

    @Test(arguments: ServerRoute.table)
    func eachRouteIsWired(_ route: ServerRoute) async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(access: try EdgeHarness.access(in: folder), corsOrigins: [Self.origin])
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            let name = "\(route.method) \(route.path)"

            // Routed: a write token may ask anything; the route answers, whatever it answers.
            let routed = try await Self.send(route, port, token: EdgeHarness.writeToken)
            #expect(routed.code != "no_route" && routed.code != "method_not_allowed", "\(name): \(routed.body)")
            #expect(routed.status != 404 || routed.code == "not_found", "\(name): \(routed.body)")
            #expect(routed.status != 401 && routed.status != 403, "\(name): \(routed.body)")

            // Access-checked as the table says.
            let anonymous = try await Self.send(route, port, token: nil)
            let reader = try await Self.send(route, port, token: EdgeHarness.readToken)
            switch route.access {
            case .open:
                #expect(anonymous.status != 401 && anonymous.status != 403, "\(name): \(anonymous.body)")
            case .read:
                #expect(anonymous.status == 401, "\(name): \(anonymous.body)")
                #expect(reader.status != 401 && reader.status != 403, "\(name): \(reader.body)")
            case .write:
                #expect(anonymous.status == 401, "\(name): \(anonymous.body)")
                #expect(reader.status == 403 && reader.code == "forbidden", "\(name): \(reader.body)")
            case .batch:
                #expect(anonymous.status == 401, "\(name): \(anonymous.body)")
                #expect(reader.status != 401 && reader.status != 403, "\(name): \(reader.body)")
                let writing = try await Self.send(route, port, token: EdgeHarness.readToken, batchOperation: "tip.display")
                #expect(writing.status == 403 && writing.code == "forbidden", "\(name): \(writing.body)")
            }

            // CORS-listed: a preflight for the route's method lists it (and HEAD beside GET).
            let preflight = try await EdgeHarness.send(port, "OPTIONS", Self.request(route).path, headers: [
                ("Origin", Self.origin), ("Access-Control-Request-Method", route.method.rawValue),
            ])
            let methods = (preflight.headers["access-control-allow-methods"].first ?? "").split(separator: ",").map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            #expect(preflight.status == 204 && methods.contains(route.method.rawValue), "\(name): \(methods)")
            if route.answersHead { #expect(methods.contains("HEAD"), "\(name): \(methods)") }

            // Documented: the served document has the path, the method and the operationId.
            let document = try await EdgeHarness.send(port, "GET", "/openapi.yaml")
            let (root, diagnostics) = YAMLDocumentReader(file: "openapi.yaml").read(Array(document.body.utf8))
            #expect(diagnostics.isEmpty, "\(diagnostics)")
            let paths = OpenAPITests.mapping(try #require(root)).first { $0.key == "paths" }?.value
            let item = paths.flatMap { OpenAPITests.mapping($0)[route.path] }
            let operation = item.flatMap { OpenAPITests.mapping($0)[route.method.rawValue.lowercased()] }
            let operationID = operation.flatMap { OpenAPITests.mapping($0)["operationId"]?.scalarText }
            #expect(operationID == route.operationID, "\(name): the document has \(operationID ?? "no such operation")")
        }
    }

    /// An operation's answer says `Vary: Accept-Language` exactly when it carries content in the
    /// request's locale (its `locale` member), whichever method asks: every operation of the
    /// table, asked as a client asks, with the members some need.
    @Test func answersVaryExactlyWhenTheyCarryContent() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            var seen: Set<Bool> = []
            for route in ServerRoute.table where route.operation != nil {
                let (path, body) = Self.request(route)
                let members = Self.operationMembers(of: route.operation!).map { "&\($0.name)=\($0.value)" }.joined()
                let answer = try await client.send(route.method.rawValue, path + members, body: body)
                let name = "\(route.method) \(route.path)"
                #expect(answer.status == 200, "\(name): \(answer.body)")
                let carriesContent = answer.object["locale"] != nil
                #expect(answer.headers["vary"].first == (carriesContent ? "Accept-Language" : nil), "\(name): \(answer.body)")
                seen.insert(carriesContent)
            }
            #expect(seen == [true, false], "some answers carry content, some do not")
        }
    }

    /// What the table says of the operations agrees with the runtime: a route that only reads
    /// answers an operation that records nothing (`OperationRunner.records`), a write route
    /// one that may record; and the operations a batch names are the routes' own.
    @Test func theTableAgreesWithTheRuntime() throws {
        let folder = try ServedBeckon.folder()
        let runtime = try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path).current
        for route in ServerRoute.table {
            guard let name = route.operation else { continue }
            let input = try DecisionInput(query: Self.operationMembers(of: name), body: nil, operation: name)
            let id = route.idParameter.map { OpenAPITests.example("{\($0)}") }
            let action = try ServerOperation.action(name, id: id, input: input, runtime: runtime)
            guard case .operation(let operation) = action else {
                // `param.get` and `status` only read.
                #expect(route.access == .read, "\(name)")
                continue
            }
            #expect(OperationRunner.records(operation) == (route.access == .write), "\(name)")
        }
        var names: [String] = []
        for name in ServerRoute.table.compactMap(\.operation) where !names.contains(name) { names.append(name) }
        #expect(ServerOperation.all.map(\.name) == names)
        #expect(AccessControl.readingOperations.allSatisfy { name in ServerOperation.all.contains { $0.name == name } })
    }
}

extension ServerRoute: CustomTestStringConvertible {
    var testDescription: String { "\(method) \(path)" }
}
