@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// `init` runs once per `plugins:` entry, with separate state, and `shutdown` once per `init`.
/// Loads plugins into this process and counts their states: serialized.
@Suite("init and shutdown per plugins: entry", .serialized)
struct InitPerEntryTests {
    static func value(_ text: String, _ host: PluginHost) throws -> Bool {
        let rule = try #require(PluginRuleHarness.compile(text, host).rule)
        return PluginRuleHarness.evaluate(rule) == .satisfied
    }

    @Test("one file listed twice under two namespaces is initialized twice, each entry with its own config and state")
    func twoEntriesTwoStates() throws {
        let path = try PluginRuleHarness.build("per_entry_state")
        do {
            let (host, diagnostics) = PluginHost.load([
                PluginRuleHarness.declaration(path, namespace: "first", config: .map([("n", .int(1))])),
                PluginRuleHarness.declaration(path, namespace: "second", config: .map([("n", .int(2))])),
            ])
            #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
            #expect(try Self.value("first.config() == \"{\\\"n\\\":1}\"", host))
            #expect(try Self.value("second.config() == \"{\\\"n\\\":2}\"", host))
            #expect(try Self.value("first.live() == 2", host))
        }
        // Both entries were shut down with the host: a new single entry sees only its own state.
        let (single, _) = PluginHost.load([PluginRuleHarness.declaration(path, namespace: "third")])
        #expect(try Self.value("third.live() == 1", single))
    }
}
