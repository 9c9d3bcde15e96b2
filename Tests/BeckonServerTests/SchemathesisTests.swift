import BeckonTestSupport
import Foundation
import Testing

/// The OpenAPI document checked against a running `beckon serve` by schemathesis, a
/// property-based API tester (PyPI; `.ci/run` installs it): every response is in the document
/// (status, content type, headers, schema), no 5xx, invalid requests are refused, the bearer
/// scheme is enforced.
@Suite("beckon serve: schemathesis")
struct SchemathesisTests {
    /// The schemathesis executable on the PATH, or nil.
    static func schemathesis() -> URL? {
        for folder in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(folder)).appendingPathComponent("schemathesis")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }

    /// Which checks expect what, where the defaults do not fit a document that serves every
    /// configuration: whether a well-formed value is accepted depends on the configuration (a
    /// parameter's type, an event's info fields, whether `now` is a real date), so a well-formed
    /// request may be refused with 400 or 422 as well as 404. A GET whose `If-None-Match`
    /// (`*`, or the answer's tag) matches is answered 304.
    static let configuration = """
        [checks.positive_data_acceptance]
        expected-statuses = ["2xx", "304", "400", "401", "403", "404", "409", "422"]
        """

    @Test(.timeLimit(.minutes(5)))
    func theDocumentMatchesTheServer() async throws {
        guard let schemathesis = Self.schemathesis() else {
            Issue.record("schemathesis is not installed: python3 -m pip install 'schemathesis==4.32.5' (.ci/run installs it)")
            return
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-schemathesis-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("plugins"), withIntermediateDirectories: true)
        for file in ["example.yaml", "example-tips.yaml"] {
            try FileManager.default.copyItem(at: Repository.url("Config/\(file)"), to: folder.appendingPathComponent(file))
        }
        let plugin = try CPlugin.buildCalendar(into: folder.appendingPathComponent("plugins/libbeckon-calendar.so").path, from: Repository.root.path)
        #expect(plugin.status == 0, "\(plugin.output)")
        try "write \(EdgeHarness.writeToken)\n".write(to: folder.appendingPathComponent("tokens"), atomically: true, encoding: .utf8)
        try Self.configuration.write(to: folder.appendingPathComponent("schemathesis.toml"), atomically: true, encoding: .utf8)

        let server = try ServeProcess(folder, config: "example.yaml", ["--tokens", folder.appendingPathComponent("tokens").path])
        defer { server.stop() }
        let port = server.port

        let result = try ProcessRunner.combined(schemathesis.path, [
            "--config-file", folder.appendingPathComponent("schemathesis.toml").path, "--no-color",
            "run", "http://127.0.0.1:\(port)/openapi.yaml",
            "--checks", "all",
            // The event stream never ends.
            "--exclude-path", "/v1/subjects/{subject}/changes",
            "--header", "Authorization: Bearer \(EdgeHarness.writeToken)",
            "--phases", "examples,coverage,fuzzing",
            "--max-examples", "25", "--generation-deterministic",
            "--max-time", "60", "--workers", "1", "--request-timeout", "10",
        ], in: folder.path)
        #expect(result.status == 0, "\(result.output)")
        #expect(server.process.isRunning, "the server stopped: \(result.output)")
    }
}
