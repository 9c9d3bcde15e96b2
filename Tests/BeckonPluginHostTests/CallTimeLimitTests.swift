@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// A plugin entry's `timeout:`: a condition call past it answers the rule with a TIMEOUT error
/// while the plugin finishes on its worker; a call within it answers as without a limit; while
/// four calls of a plugin are still running past their limit, its next call fails at once.
/// (No timing is asserted: a limit that did not work would give the plugin's own answer.)
@Suite("plugin call time limits")
struct CallTimeLimitTests {
    static func slowPlugin(timeLimit: Int64?) throws -> PluginHost {
        let path = try CPluginBuilder.build("slow", sources: ["Tests/BeckonPluginHostTests/Fixtures/bad/slow.c"])
        let declaration = PluginDeclaration(path: path, writtenPath: path, namespace: nil, callTimeLimit: timeLimit, span: .wholeFile("beckon.yaml"))
        let (host, diagnostics) = PluginHost.load([declaration])
        #expect(diagnostics.isEmpty)
        return host
    }

    static func sleep(_ host: PluginHost, _ milliseconds: Int64) throws -> Result<Value, RuleCallError> {
        try #require(host.functions["slow.sleep"]).call([.int(milliseconds)], context: LoadingTestContext(subject: "ada"))
    }

    @Test("within the limit, the call answers as without one; its host services work")
    func withinTheLimit() throws {
        #expect(try Self.sleep(try Self.slowPlugin(timeLimit: 30_000), 0) == .success(.bool(true)))
        #expect(try Self.sleep(try Self.slowPlugin(timeLimit: nil), 0) == .success(.bool(true)))
    }

    @Test("past the limit, the rule gets a TIMEOUT error naming the condition and the limit")
    func pastTheLimit() throws {
        let answer = try Self.sleep(try Self.slowPlugin(timeLimit: 20), 2_000)
        #expect(answer == .failure(RuleCallError(message: "TIMEOUT: slow.sleep did not answer within 20 ms")))
    }

    @Test("while four calls are overdue, the next fails at once, then calls go through again once they return")
    func overdueCallsStopFurtherCalls() async throws {
        let host = try Self.slowPlugin(timeLimit: 20)
        for _ in 0..<CallTimeLimit.maximumOverdue {
            #expect(try Self.sleep(host, 1_500) == .failure(RuleCallError(message: "TIMEOUT: slow.sleep did not answer within 20 ms")))
        }
        let refused = try Self.sleep(host, 0)
        #expect(refused == .failure(RuleCallError(message: "TIMEOUT: slow.sleep was not called: 4 calls of plugin 'slow' are still running past their 20 ms limit")))
        // The overdue calls return after their 1.5 s; then a quick call answers again.
        var answer = refused
        for _ in 0..<100 where answer != .success(.bool(true)) {
            try await Task.sleep(for: .milliseconds(100))
            answer = try Self.sleep(host, 0)
        }
        #expect(answer == .success(.bool(true)))
    }
}
