import BeckonTestSupport
import Foundation
import Testing

/// The OpenAPI document checked against a running `beckon serve` by schemathesis, a
/// property-based API tester (PyPI; one of the suite's tools, `TestTools`): every response is in the document
/// (status, content type, headers, schema), no 5xx, invalid requests are refused, the bearer
/// scheme is enforced.
@Suite("beckon serve: schemathesis")
struct SchemathesisTests {
    /// The suite's schemathesis, or nil.
    static func schemathesis() -> URL? {
        let path = TestTools.executable("schemathesis")
        return FileManager.default.isExecutableFile(atPath: path) ? URL(fileURLWithPath: path) : nil
    }

    /// Which statuses a well-formed request may get besides schemathesis's defaults (2xx, 3xx,
    /// 401, 403, 404, 409, 429, 5xx — 5xx then fails `not_a_server_error`): only what depends on
    /// the configuration, which one document for every configuration cannot say.
    ///
    /// - 422: a value typed by its declaration (`transients`, `info`, `value`: whether `plan=pro`
    ///   is one depends on the parameter's type: `invalid_argument`), or an operation that does
    ///   not apply to the declared thing it names (triggering a scenario that counts an event,
    ///   `whatsNew.next` where the configuration declares no app version: `not_applicable`).
    ///
    /// - 414: a subject of at most 256 characters (its documented `maxLength`) but more than 256
    ///   UTF-8 bytes, the server's limit (`subject_too_long`): JSON Schema counts characters and
    ///   has no way to count bytes, so the document cannot say it exactly.
    ///
    /// 400 is not among them: it is `usage` alone, a malformed request, which the document rules
    /// out. (404 is a default: an id the configuration does not declare.)
    ///
    /// And which statuses refuse a request the document rules out, besides the defaults (400,
    /// 401, 403, 404, 405, 406, 409, 415, 422, 428, 429, 5xx): 414, a subject longer than its
    /// `maxLength` (`subject_too_long`, the status of a URI part too long).
    static let configuration = """
        [checks.positive_data_acceptance]
        expected-statuses = ["2xx", "3xx", "401", "403", "404", "409", "414", "422", "429", "5xx"]

        [checks.negative_data_rejection]
        expected-statuses = ["400", "401", "403", "404", "405", "406", "409", "414", "415", "422", "428", "429", "5xx"]
        """

    /// How the server runs: without tokens (the document then asks for none), or with a read and
    /// a write token (the document asks for a bearer token; schemathesis sends the write one,
    /// and checks that a request without one is refused, 401).
    enum Mode: String, CaseIterable, CustomTestStringConvertible {
        case withoutTokens
        case withTokens
        var testDescription: String { rawValue }
    }

    /// The seed of the runs: `BECKON_SCHEMATHESIS_SEED` to replay a run, else a fixed one;
    /// printed with each run's output either way.
    static var seed: String {
        ProcessInfo.processInfo.environment["BECKON_SCHEMATHESIS_SEED"] ?? "3202611"
    }

    @Test(.timeLimit(.minutes(5)), arguments: Mode.allCases)
    func theDocumentMatchesTheServer(_ mode: Mode) async throws {
        guard let schemathesis = Self.schemathesis() else {
            Issue.record(Comment(rawValue: TestTools.missing("schemathesis")))
            return
        }
        let folder = TestRunFolder.newPath("schemathesis")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("plugins"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in ["example.yaml", "example-tips.yaml"] {
            try FileManager.default.copyItem(at: Repository.url("Config/\(file)"), to: folder.appendingPathComponent(file))
        }
        let plugin = try CPlugin.buildCalendar(into: folder.appendingPathComponent("plugins/libbeckon-calendar.so").path, from: Repository.root.path)
        #expect(plugin.status == 0, "\(plugin.output)")
        try EdgeHarness.tokensFile.write(to: folder.appendingPathComponent("tokens"), atomically: true, encoding: .utf8)
        try Self.configuration.write(to: folder.appendingPathComponent("schemathesis.toml"), atomically: true, encoding: .utf8)

        let server = try ServeProcess(folder, config: "example.yaml",
                                      mode == .withTokens ? ["--tokens", folder.appendingPathComponent("tokens").path] : [])
        defer { server.stop() }
        let port = server.port

        let arguments = [
            "--config-file", folder.appendingPathComponent("schemathesis.toml").path, "--no-color",
            "run", "http://127.0.0.1:\(port)/openapi.yaml",
            "--checks", "all",
            // The event stream never ends (ChangeStreamTests read it, LastEventIDTests its header).
            "--exclude-path", "/v1/subjects/{subject}/changes",
            "--phases", "examples,coverage,fuzzing",
            "--max-examples", "30", "--seed", Self.seed,
            "--max-time", "120", "--workers", "1", "--request-timeout", "10",
        ] + (mode == .withTokens ? ["--header", "Authorization: Bearer \(EdgeHarness.writeToken)"] : [])
        let result = try await ProcessRunner.combined(schemathesis.path, arguments, in: folder.path)
        print("schemathesis (\(mode.rawValue), --seed \(Self.seed)): exit \(result.status)")
        #expect(result.status == 0, "schemathesis \(arguments.joined(separator: " ")) (\(mode.rawValue)):\n\(result.output)")
        #expect(server.process.isRunning, "the server stopped: \(result.output)")
    }
}
