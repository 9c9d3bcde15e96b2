import Foundation
import Testing

/// The README's minimal plugin handles a null argument (a rule's `null`, an unset parameter)
/// instead of reading it as 0.
@Suite("README minimal plugin: null arguments")
struct MinimalPluginNullTests {
    @Test func aNullArgumentFailsTheRuleWithTheMessage() throws {
        let readme = try String(contentsOf: BeckonProcess.repositoryRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let start = try #require(readme.range(of: "<!-- minimal-plugin -->\n```c\n"))
        let end = try #require(readme.range(of: "```\n<!-- /minimal-plugin -->", range: start.upperBound..<readme.endIndex))
        let folder = try BeckonProcess.temporaryFolder()
        let source = folder.appendingPathComponent("quiet.c")
        try String(readme[start.upperBound..<end.lowerBound]).write(to: source, atomically: true, encoding: .utf8)
        try PluginCommandTests.compile(source.path, into: folder.appendingPathComponent("libquiet.so").path)
        try """
            version: 1
            store: {backend: memory}
            plugins: [{path: libquiet.so}]
            tips:
              night: {title: Night mode, rules: ["quiet.isQuietHour(null, 6)"]}
            """.write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        // At 03:00 UTC, a null start read as 0 would make [0, 6) hold.
        let explained = try BeckonProcess.run(["explain", "tip", "night", "--now", "2026-03-01T03:00:00Z"], in: folder)
        #expect(explained.status == 1, "\(explained.standardError)")
        #expect(explained.standardOutput.contains("quiet.isQuietHour failed: start and end must not be null"), "\(explained.standardOutput)")
    }
}
