import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// An event's `retention.maxCount` is at most 100,000 donations (the largest log the SQLite
/// benchmarks measure), and at least 1.
@Suite struct RetentionMaxCountLimitTests {
    @Test(arguments: [(1, true), (1000, true), (100_000, true), (100_001, false), (1_000_000_000, false), (0, false)])
    func maxCountIsKeptOnlyWithinItsRange(maxCount: Int, accepted: Bool) throws {
        let yaml = "version: 1\nevents:\n  e:\n    retention: {maxCount: \(maxCount)}\n"
        if accepted {
            let loaded = try ConfigurationLoader().load(yaml: yaml, path: "test.yaml")
            #expect(loaded.configuration.events["e"]?.maxLogCount == maxCount)
        } else {
            let error = try #require(Fixtures.diagnostics(yaml: yaml))
            let diagnostic = try #require(error.diagnostics.first)
            #expect(error.diagnostics.count == 1)
            #expect(diagnostic.code == "config.range")
            let bound = maxCount < 1 ? "at least 1" : "at most 100000"
            #expect(diagnostic.message == "'retention.maxCount' of event 'e' must be \(bound), not \(maxCount)")
            #expect(diagnostic.span.start == SourcePosition(line: 4, column: 27))
        }
    }
}
