import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// An event's `retention`: a `maxAge` must keep something, because a store reads an age of 0 as
/// no limit at all.
@Suite struct RetentionConfigTests {
    @Test(arguments: ["0s", "0ms", "0d"])
    func maxAgeOfZeroIsRefusedAtItsValue(written: String) throws {
        let yaml = "version: 1\nevents:\n  e:\n    retention: {maxAge: \(written)}\n"
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        let diagnostic = try #require(error.diagnostics.first)
        #expect(error.diagnostics.count == 1)
        #expect(diagnostic.code == "config.range")
        #expect(diagnostic.message == "'retention.maxAge' of event 'e' must be more than 0s; leave it out for no age limit")
        #expect(diagnostic.span.start == SourcePosition(line: 4, column: 25))
    }

    @Test func maxAgeOfOneMillisecondIsKept() throws {
        let yaml = "version: 1\nevents:\n  e:\n    retention: {maxAge: 1ms}\n"
        let loaded = try ConfigurationLoader().load(yaml: yaml, path: "test.yaml")
        #expect(loaded.configuration.events["e"]?.maxAge == 1)
    }
}
