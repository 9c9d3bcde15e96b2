import BeckonServer
import BeckonTestSupport
import Foundation
import HTTPTypes
import NIOHTTP1
import Testing

/// Bearer tokens: what each scope may ask, the 401 and 403 problems, the tokens file's format,
/// and that a token never appears in an answer or an error.
@Suite("beckon serve: bearer tokens")
struct AuthTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var method: String
        var path: String
        var token: String?
        var authorization: String?
        var body: String?
        var status: Int
        var code: String?
        var testDescription: String { "\(method) \(path) with \(authorization ?? (token == nil ? "no token" : token == EdgeHarness.readToken ? "read token" : "write token"))" }
    }

    static let now = "now=2026-03-01T09:00:00Z"
    static let cases: [Case] = [
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?\(now)", status: 401, code: "unauthorized"),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?\(now)", authorization: "Basic YWRhOmFkYQ==", status: 401, code: "unauthorized"),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?\(now)", authorization: "Bearer", status: 401, code: "unauthorized"),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?\(now)", authorization: "Bearer not-a-token-we-know-0000", status: 401, code: "unauthorized"),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?\(now)", authorization: "Bearer \(EdgeHarness.readToken)x", status: 401, code: "unauthorized"),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?\(now)", token: EdgeHarness.readToken, status: 200),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?\(now)", authorization: "bearer \(EdgeHarness.readToken)", status: 200),
        Case(method: "GET", path: "/v1/subjects/ada?\(now)", token: EdgeHarness.readToken, status: 200),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcom?\(now)", token: EdgeHarness.readToken, status: 404, code: "not_found"),
        Case(method: "POST", path: "/v1/subjects/ada/tips/welcome/display?\(now)", token: EdgeHarness.readToken, status: 403, code: "forbidden"),
        Case(method: "PUT", path: "/v1/subjects/ada/parameters/plan?value=pro&\(now)", token: EdgeHarness.readToken, status: 403, code: "forbidden"),
        Case(method: "DELETE", path: "/v1/subjects/ada?\(now)", token: EdgeHarness.readToken, status: 403, code: "forbidden"),
        Case(method: "POST", path: "/v1/subjects/ada/tips/welcome/display?\(now)", status: 401, code: "unauthorized"),
        Case(method: "POST", path: "/v1/subjects/ada/tips/welcome/display?\(now)", token: EdgeHarness.writeToken, status: 200),
        Case(method: "PUT", path: "/v1/subjects/ada/parameters/plan?value=pro&\(now)", token: EdgeHarness.writeToken, status: 200),
        Case(method: "GET", path: "/v1/subjects/ada/tips/welcome?\(now)", token: EdgeHarness.writeToken, status: 200),
        // A batch of reads needs only a read token; one write in it needs a write token.
        Case(method: "POST", path: "/v1/subjects/ada/batch", token: EdgeHarness.readToken,
             body: #"{"operations": [{"op": "donate", "id": "appLaunched"}]}"#, status: 403, code: "forbidden"),
        Case(method: "POST", path: "/v1/subjects/ada/batch", token: EdgeHarness.readToken,
             body: #"{"operations": [{"op": "tip.status", "id": "welcome"}, {"op": "status"}]}"#, status: -403),
        Case(method: "POST", path: "/v1/subjects/ada/batch", token: EdgeHarness.readToken, body: "not json", status: 403, code: "forbidden"),
        // Open paths.
        Case(method: "GET", path: "/healthz", status: 200),
        Case(method: "GET", path: "/readyz", status: 200),
        Case(method: "GET", path: "/openapi.yaml", status: 200),
        Case(method: "GET", path: "/healthz", authorization: "Bearer not-a-token-we-know-0000", status: 200),
        // Outside /v1/, no route is no route, with or without a token.
        Case(method: "GET", path: "/v2/anything", status: 404, code: "no_route"),
    ]

    @Test(arguments: cases)
    func eachScopeAsksWhatItMay(_ testCase: Case) async throws {
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(access: try EdgeHarness.access(in: folder))
        try await EdgeHarness.withServer(folder, edge: edge) { port in
            var headers: [(String, String)] = []
            if let token = testCase.token { headers.append(("Authorization", "Bearer \(token)")) }
            if let authorization = testCase.authorization { headers.append(("Authorization", authorization)) }
            let answer = try await EdgeHarness.send(port, testCase.method, testCase.path, headers: headers, body: testCase.body)
            if testCase.status < 0 {
                #expect(answer.status != -testCase.status, "\(answer.body)")
            } else {
                #expect(answer.status == testCase.status, "\(answer.body)")
            }
            if let code = testCase.code {
                #expect(answer.code == code)
                #expect(answer.headers["content-type"].first == "application/problem+json")
            }
            if answer.status == 401 {
                #expect(answer.headers["www-authenticate"].first?.hasPrefix("Bearer realm=\"beckon\"") == true)
                #expect(answer.object["exitCode"] == nil)
            }
            for token in [EdgeHarness.readToken, EdgeHarness.writeToken, "not-a-token-we-know-0000", "YWRhOmFkYQ=="] {
                #expect(!answer.body.contains(token))
            }
        }
    }

    @Test func withoutTokensNothingIsAskedFor() async throws {
        let folder = try ServedBeckon.folder()
        try await EdgeHarness.withServer(folder, edge: EdgeOptions()) { port in
            let answer = try await EdgeHarness.send(port, "POST", "/v1/subjects/ada/tips/welcome/display?\(Self.now)")
            #expect(answer.status == 200)
        }
    }

    @Test func reloadPutsNewTokensInForceAndKeepsOldOnesOnError() async throws {
        let folder = try ServedBeckon.folder()
        let access = try EdgeHarness.access(in: folder)
        let path = folder.appendingPathComponent("tokens").path
        try await EdgeHarness.withServer(folder, edge: EdgeOptions(access: access)) { port in
            let newToken = "another-write-token-000000"
            try "write \(newToken)\n".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(try access.reload() == 1)
            let old = try await EdgeHarness.send(port, "GET", "/v1/subjects/ada?\(Self.now)", headers: [("Authorization", "Bearer \(EdgeHarness.readToken)")])
            #expect(old.status == 401)
            let new = try await EdgeHarness.send(port, "GET", "/v1/subjects/ada?\(Self.now)", headers: [("Authorization", "Bearer \(newToken)")])
            #expect(new.status == 200)

            try "write short\n".write(toFile: path, atomically: true, encoding: .utf8)
            #expect(throws: TokensError.self) { try access.reload() }
            let kept = try await EdgeHarness.send(port, "GET", "/v1/subjects/ada?\(Self.now)", headers: [("Authorization", "Bearer \(newToken)")])
            #expect(kept.status == 200)
        }
    }

    struct FileCase: Sendable, CustomTestStringConvertible {
        var text: String
        var line: Int?
        var testDescription: String { text.debugDescription }
    }

    static let secret = "s3cret-token-value-0123456789"
    static let badFiles: [FileCase] = [
        FileCase(text: "\(secret)\n", line: 1),
        FileCase(text: "# tokens\n\nadmin \(secret)\n", line: 3),
        FileCase(text: "read \(secret)\nwrite \(secret)\n", line: 2),
        FileCase(text: "read \(secret) extra\n", line: 1),
        FileCase(text: "read short\n", line: 1),
        FileCase(text: "read \(secret)\"quoted\"\n", line: 1),
        FileCase(text: "# nothing but comments\n", line: nil),
    ]

    @Test(arguments: badFiles)
    func aMalformedFileIsRefusedWithItsLineNeverItsToken(_ file: FileCase) throws {
        do {
            _ = try AccessControl(source: .text(file.text, name: "tokens.txt"))
            Issue.record("accepted")
        } catch {
            #expect(error.exitCode == 64)
            if let line = file.line { #expect(error.description.hasPrefix("tokens.txt:\(line): "), "\(error)") }
            #expect(!error.description.contains(Self.secret))
            #expect(!error.description.contains("short"))
        }
    }

    @Test func tokensHaveTheirScopes() throws {
        let tokens = try BearerTokens(parsing: "# a comment\r\n  read\taaaaaaaaaaaaaaaa-read \r\n\nwrite bbbbbbbbbbbbbbbb+/w==\n", source: "f")
        #expect(tokens.count == 2)
        #expect(tokens.scope(of: "aaaaaaaaaaaaaaaa-read") == .read)
        #expect(tokens.scope(of: "bbbbbbbbbbbbbbbb+/w==") == .write)
        #expect(tokens.scope(of: "aaaaaaaaaaaaaaaa-rea") == nil)
        #expect(tokens.scope(of: "") == nil)
        let fromEnvironment = try BearerTokens(parsing: "read aaaaaaaaaaaaaaaa-read, write bbbbbbbbbbbbbbbb-write", source: "BECKON_TOKENS", commaSeparated: true)
        #expect(fromEnvironment.scope(of: "bbbbbbbbbbbbbbbb-write") == .write)
    }

    @Test func scopesByMethodAndPath() {
        #expect(AccessControl.requiredScope(method: .get, path: "/healthz") == nil)
        #expect(AccessControl.requiredScope(method: .get, path: "/metrics") == nil)
        #expect(AccessControl.requiredScope(method: .get, path: "/v1/config") == .read)
        #expect(AccessControl.requiredScope(method: .head, path: "/v1/subjects/ada") == .read)
        #expect(AccessControl.requiredScope(method: .post, path: "/v1/subjects/ada/batch") == .read)
        #expect(AccessControl.requiredScope(method: .post, path: "/v1/subjects/ada/tips/batch") == .write)
        #expect(AccessControl.requiredScope(method: .delete, path: "/v1/subjects/ada") == .write)
        #expect(AccessControl.scope(ofBatch: ["tip.status", "status", "explain.scenario"]) == .read)
        #expect(AccessControl.scope(ofBatch: ["tip.status", "tip.display"]) == .write)
        #expect(AccessControl.isLoopback(host: "127.0.0.1") && AccessControl.isLoopback(host: "::1"))
        #expect(!AccessControl.isLoopback(host: "0.0.0.0"))
    }

    @Test func aBadTokensFileStopsTheCommandWithoutPrintingTheToken() throws {
        let folder = try ServedBeckon.folder()
        let bad = folder.appendingPathComponent("tokens")
        try "read \(Self.secret)\nroot \(Self.secret)\n".write(to: bad, atomically: true, encoding: .utf8)
        for (arguments, status, says) in [
            (["--tokens", bad.path], Int32(64), "\(bad.path):2: "),
            (["--tokens", folder.appendingPathComponent("missing").path], Int32(66), "missing: the tokens file cannot be read"),
        ] {
            let result = try ServedBeckon.serveToItsEnd(folder, arguments)
            #expect(result.status == status, "\(result.standardError)")
            #expect(result.standardError.contains(says), "\(result.standardError)")
            #expect(!result.standardError.contains(Self.secret))
            #expect(!result.standardOutput.contains(Self.secret))
        }
    }

    @Test func tokensFromTheEnvironmentAreAskedForAndNeverPrinted() async throws {
        let folder = try ServedBeckon.folder()
        let serve = try ServeProcess(folder, ["--log-level", "debug"],
                                     environment: ["BECKON_TOKENS": "read \(EdgeHarness.readToken), write \(EdgeHarness.writeToken)"])
        defer { serve.stop() }
        let port = serve.port

        let bearer = { (token: String) in [("Authorization", "Bearer \(token)")] }
        let path = "/v1/subjects/ada/tips/welcome/display?\(Self.now)"
        #expect(try await EdgeHarness.send(port, "POST", path).status == 401)
        #expect(try await EdgeHarness.send(port, "POST", path, headers: bearer("wrong-token-0000000000000")).status == 401)
        #expect(try await EdgeHarness.send(port, "POST", path, headers: bearer(EdgeHarness.readToken)).status == 403)
        #expect(try await EdgeHarness.send(port, "POST", path, headers: bearer(EdgeHarness.writeToken)).status == 200)

        #expect(serve.stop() == 0)
        let printed = serve.standardError + serve.standardOutput
        for token in [EdgeHarness.readToken, EdgeHarness.writeToken, "wrong-token-0000000000000"] {
            #expect(!printed.contains(token), "\(printed)")
        }
    }
}
