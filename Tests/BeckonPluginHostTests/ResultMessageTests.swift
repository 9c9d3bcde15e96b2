@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// A result that is not well formed fails the rule with what is wrong with it. Loads plugins
/// into this process.
@Suite("malformed results")
struct ResultMessageTests {
    @Test("each malformed result is named precisely", arguments: [
        (0, "results.make failed: string result is not UTF-8"),
        (1, "results.make failed: string result has a NULL pointer and length 3"),
        (2, "results.make failed: result has unknown type code 42"),
        (3, "results.make failed: version result '1.x' is not MAJOR.MINOR.PATCH"),
        (4, "results.make failed: put answered 1"), // put refused it with INVALID_ARGUMENT
    ])
    func malformedResult(_ selector: Int, _ expected: String) throws {
        let path = try PluginRuleHarness.build("malformed_results")
        let (host, diagnostics) = PluginHost.load([PluginRuleHarness.declaration(path)])
        #expect(diagnostics.isEmpty)
        let rule = try #require(PluginRuleHarness.compile("results.make(params.x) == \"café\"", host).rule)
        #expect(PluginRuleHarness.evaluate(rule, x: .int(Int64(selector))) == .failed(expected))
    }
}
