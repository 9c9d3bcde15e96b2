@testable import BeckonConfig
@testable import BeckonServer
import BeckonRuntime
import BeckonTestSupport
import Foundation
import Testing

/// What the document promises about failures: every problem a route can answer is among its
/// documented responses with the status the status table gives it, and the server guide's tables (`Docs/server.md`) say
/// what the document says.
@Suite("beckon serve: the OpenAPI document's problems")
struct OpenAPIProblemsTests {
    /// The served document (with tokens: it has every response the other has, and `security`).
    static func document() throws -> [String: YAMLNode] {
        let (root, diagnostics) = YAMLDocumentReader(file: "openapi.yaml").read(Array(OpenAPIDocument.textWithTokens.utf8))
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        return OpenAPITests.mapping(try #require(root))
    }

    /// The statuses the document lists for `method` `path` (a documented route).
    static func documentedStatuses(_ document: [String: YAMLNode], _ method: String, _ path: String) -> Set<Int> {
        let operation = document["paths"].map(OpenAPITests.mapping)?[path].map(OpenAPITests.mapping)?[method.lowercased()]
        let responses = operation.map(OpenAPITests.mapping)?["responses"].map(OpenAPITests.mapping) ?? [:]
        return Set(responses.keys.compactMap { Int($0) })
    }

    /// Each route lists the statuses of the codes its kind can answer, through the status table.
    @Test func everyRouteDocumentsItsProblemsStatuses() throws {
        let document = try Self.document()
        for route in OpenAPIDocument.routes {
            guard let kind = RouteProblems.kind(method: route.method, path: route.path) else { continue }
            let documented = Self.documentedStatuses(document, route.method, route.path)
            for code in kind.codes {
                #expect(documented.contains(code.statuses.httpStatus),
                        "\(route.method) \(route.path) can answer \(code.rawValue) (\(code.statuses.httpStatus)); it documents \(documented.sorted())")
            }
            // And nothing else: a problem status no code of the route has is not promised.
            let problems = documented.filter { $0 >= 400 }
            #expect(problems == Set(kind.statuses), "\(route.method) \(route.path)")
        }
    }

    /// The problems the server really answers (`ServerProblemsTests`' requests, each sent to a
    /// running server there) are documented on their routes, with their statuses.
    @Test func theProblemsTheServerAnswersAreDocumented() throws {
        let document = try Self.document()
        for failure in ServerProblemsTests.cases where !["no_route", "method_not_allowed"].contains(failure.code) {
            let route = try #require(Self.route(failure.method, failure.path), "\(failure)")
            let code = try #require(Problem.Code(rawValue: failure.code))
            #expect(RouteProblems.kind(method: route.method, path: route.path)?.codes.contains(code) == true, "\(failure)")
            #expect(Self.documentedStatuses(document, route.method, route.path).contains(failure.status), "\(failure)")
        }
    }

    /// The documented route a concrete request goes to: the same method, as many segments, each
    /// the same or a parameter; the one with the most literal segments.
    static func route(_ method: String, _ path: String) -> (method: String, path: String)? {
        let segments = path.split(separator: "?")[0].split(separator: "/", omittingEmptySubsequences: false)
        let candidates = OpenAPIDocument.routes.filter { route in
            let documented = route.path.split(separator: "/", omittingEmptySubsequences: false)
            return route.method == method && documented.count == segments.count
                && zip(documented, segments).allSatisfy { $0.hasPrefix("{") || $0 == $1 }
        }
        return candidates.max { $0.path.filter { $0 == "{" }.count > $1.path.filter { $0 == "{" }.count }
    }

    /// The server guide, split in its lines.
    static func guide() throws -> [Substring] {
        try String(contentsOf: Repository.url("Docs/server.md"), encoding: .utf8)
            .split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The rows of the first table after the heading `heading`, each its cells trimmed.
    static func table(after heading: String, in lines: [Substring]) -> [[String]] {
        guard let start = lines.firstIndex(where: { $0 == heading }) else { return [] }
        let rows = lines[start...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }
        return rows.dropFirst(2).map { row in
            row.split(separator: "|", omittingEmptySubsequences: false).dropFirst().dropLast()
                .map { $0.trimmingCharacters(in: .whitespaces) }
        }
    }

    /// The guide's endpoint table names exactly the document's routes (`{s}` is
    /// `/v1/subjects/{subject}`; parameter names and examples such as `?for=45s` aside).
    @Test func theReadmesEndpointTableIsTheDocuments() throws {
        let rows = Self.table(after: "## Endpoints", in: try Self.guide())
        let parameter = /\{[^}]*\}/
        func shape(_ path: String) -> String { path.replacing(parameter, with: "{}") }
        let listed = rows.compactMap { row -> String? in
            guard let cell = row.first, cell.hasPrefix("`") else { return nil }
            let words = cell.split(separator: "`")[0].split(separator: " ")
            guard words.count == 2 else { return nil }
            let path = words[1].split(separator: "?")[0].replacingOccurrences(of: "{s}", with: "/v1/subjects/{subject}")
            return "\(words[0]) \(shape(path))"
        }
        let documented = try OpenAPITests.documentedRoutes().map { route in
            let parts = route.split(separator: " ")
            return "\(parts[0]) \(shape(String(parts[1])))"
        }
        #expect(listed.sorted() == documented.sorted())
    }

    /// The guide's status table is the one the document serves: every code of the document's
    /// `Problem`, with its CLI exit code and HTTP status.
    @Test func theReadmesStatusTableIsTheDocuments() throws {
        let rows = Self.table(after: "## Errors: the status table", in: try Self.guide()).filter { $0.count == 4 && $0[0].hasPrefix("`") }
        let guide = rows.map { "\($0[0].trimmingCharacters(in: ["`"])) \($0[1]) \($0[2])" }
        let enumLine = try #require(OpenAPIDocument.text.split(separator: "\n").first { $0.contains("code: {type: string, enum: [") })
        let documented = enumLine.split(separator: "[")[1].prefix { $0 != "]" }.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        let table = documented.compactMap(Problem.Code.init(rawValue:)).map { code in
            "\(code.rawValue) \(code.statuses.exitCode.map(String.init) ?? "–") \(code.statuses.httpStatus)"
        }
        #expect(documented.count == Problem.Code.allCases.count)
        #expect(guide == table)
    }
}
