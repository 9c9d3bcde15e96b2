import BeckonServer
import BeckonTestSupport
import Foundation
import Testing

/// `Fixtures/ofrep_sdk_test.py` drives a real server through the OpenFeature Python SDK
/// (`openfeature-sdk`) with the OFREP provider (`openfeature-provider-ofrep`), both pinned and
/// installed by the test command with the suite's tools (`TestTools`): every key kind, transient context, the failures,
/// bulk with ETag and 304, tokens, and that evaluations record nothing.
@Suite("beckon serve: OFREP through the OpenFeature Python SDK")
struct OFREPSDKTests {
    @Test(.timeLimit(.minutes(3)))
    func theSDKEvaluatesBeckon() async throws {
        guard TestTools.has(module: "openfeature.contrib.provider.ofrep") else {
            Issue.record(Comment(rawValue: TestTools.missing("The OpenFeature SDK with its OFREP provider")))
            return
        }
        let script = Repository.url("Tests/BeckonServerTests/Fixtures/ofrep_sdk_test.py")
        let folder = try ServedBeckon.folder()
        let edge = EdgeOptions(access: try EdgeHarness.access(in: folder))
        let result = try await EdgeHarness.withServer(folder, edge: edge) { port in
            try await ProcessRunner.combined(TestTools.python, [script.path, "http://127.0.0.1:\(port)", EdgeHarness.readToken, EdgeHarness.writeToken],
                                             in: folder.path)
        }
        #expect(result.status == 0, "\(result.output)")
        let summary = result.output.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.hasSuffix(" passed, 0 failed") && !summary.hasPrefix("0 "), "\(result.output)")
    }
}
