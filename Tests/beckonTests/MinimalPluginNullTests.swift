import BeckonTestSupport
import Foundation
import Testing

/// The plugin guide's minimal plugin handles a null argument (a rule's `null`, an unset parameter)
/// instead of reading it as 0.
@Suite("The plugin guide's minimal plugin: null arguments")
struct MinimalPluginNullTests {
    @Test func aNullArgumentFailsTheRuleWithTheMessage() throws {
        let folder = try PluginCommandTests.guideMinimalPlugin(rule: "quiet.isQuietHour(null, 6)")
        // At 03:00 UTC, a null start read as 0 would make [0, 6) hold.
        let explained = try BeckonProcess.run(["explain", "tip", "night", "--now", "2026-03-01T03:00:00Z"], in: folder)
        #expect(explained.status == 1, "\(explained.standardError)")
        #expect(explained.standardOutput.contains("quiet.isQuietHour failed: start and end must not be null"), "\(explained.standardOutput)")
    }
}
