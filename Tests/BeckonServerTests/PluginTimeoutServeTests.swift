import BeckonServer
import BeckonTestSupport
import Foundation
import Testing

/// A plugin condition that does not answer within its entry's `timeout:` while serving: the
/// request is answered (the rule's error says TIMEOUT), the server goes on answering, and
/// `/metrics` counts the timeout by plugin (its namespace; timeouts anywhere in the process count).
@Suite("beckon serve: a plugin call past its time limit")
struct PluginTimeoutServeTests {
    static let configuration = """
        version: 1
        store: {backend: memory}
        plugins:
          - {path: plugins/libslow.so, as: sleepy, timeout: 50ms}
        tips:
          patient:
            title: Patient
            rules: [sleepy.sleep(3000)]
        """

    @Test func theRequestIsAnsweredAndTheTimeoutCounted() async throws {
        let folder = try ServedBeckon.folder(Self.configuration)
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("plugins"), withIntermediateDirectories: true)
        try CPlugin.compile(["Tests/BeckonPluginHostTests/Fixtures/bad/slow.c"], into: folder.appendingPathComponent("plugins/libslow.so").path)
        try await ServedBeckon.withServing(folder) { client, _ in
            let answer = try await client.get("/v1/subjects/ada/tips/patient")
            #expect(answer.status == 200)
            let tip = answer.object
            #expect(tip["status"] as? String == "pending")
            #expect(tip["reasonCode"] as? String == "ruleError", "\(tip)")
            #expect((tip["reason"] as? String)?.contains("TIMEOUT: sleepy.sleep did not answer within 50 ms") == true, "\(tip)")
            #expect(try await client.get("/healthz").status == 200)

            let samples = Samples(try await client.get("/metrics").body)
            #expect(samples["beckon_plugin_call_timeouts_total", ["plugin": "sleepy"]] == 1)
        }
    }
}
