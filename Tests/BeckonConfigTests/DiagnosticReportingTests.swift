import BeckonTestSupport
import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// How problems are reported: all at once, sorted by position, capped when rendered.
@Suite("Reporting of diagnostics")
struct DiagnosticReportingTests {
    @Test func fiveDifferentErrorsGiveFiveDiagnostics() throws {
        let error = try #require(Fixtures.diagnostics(loading: Fixtures.path("bad/five-errors.yaml")))
        #expect(error.codes == ["config.unknownKey", "config.missingKey", "config.range", "config.undeclared", "config.duration"])
        #expect(DiagnosticRenderer.summary(of: error.diagnostics) == "5 errors")
    }

    /// Sections are validated in a fixed order and references only at the end, so the order found
    /// is nearly the reverse of the file's here; the diagnostics must still come sorted.
    @Test func diagnosticsAreSortedByPosition() throws {
        let yaml = """
            version: 1
            scenarios:
              review: {event: nope, minTimeSinceFirstEvent: soon}
            tips:
              welcome: {title: Welcome, maxDisplayCount: 0}
            parameters:
              count: {type: int, default: many}
            tipz: {}
            """
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.summaries == [
            "test.yaml:3:19 config.undeclared",
            "test.yaml:3:49 config.duration",
            "test.yaml:5:46 config.range",
            "test.yaml:7:31 config.type",
            "test.yaml:8:1 config.unknownKey",
        ])
        let positions = error.diagnostics.map(\.span.start)
        #expect(positions == positions.sorted())
    }

    /// Across files, the main file's diagnostics come first, then each included file's in the
    /// order the files were read.
    @Test func diagnosticsAreSortedByFileInReadingOrder() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let main = try folder.write("main.yaml", """
            version: 1
            include: [a.yaml, b.yaml]
            tips:
              welcome: {title: Welcome, maxDisplayCount: 0}
            """)
        try folder.write("a.yaml", "tips:\n  welcome: {title: Again}\n")
        try folder.write("b.yaml", "tipz: {}\n")
        let error = try #require(Fixtures.diagnostics(loading: main))
        #expect(error.summaries == [
            "\(folder.path)/main.yaml:4:46 config.range",
            "\(folder.path)/a.yaml:2:3 config.duplicateId",
            "\(folder.path)/b.yaml:1:1 config.unknownKey",
        ])
    }

    /// A rule written over several lines (a literal or folded block scalar keeps line breaks) is
    /// quoted on one line, so each diagnostic's first line is whole for scripts that read it.
    @Test func multiLineRulesAreQuotedOnOneLine() throws {
        let yaml = """
            version: 1
            parameters:
              count: {type: int, default: 0}
              plan: {type: string, default: free}
            events:
              launch: {}
            tips:
              literal:
                title: Literal
                rules:
                  - |
                    params.count +
                      params.plan > 1
              folded:
                title: Folded
                rules:
                  - >
                    events.launch.count
                      < 0 && params.plan
                        in [1, 2]
            """
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        let rendered = DiagnosticRenderer(sources: error.sources).render(error.diagnostics)
        let headers = rendered.split(separator: "\n").filter { $0.hasPrefix("test.yaml:") }
        #expect(headers == [
            "test.yaml:12:9: error: '+' cannot combine int and string in 'params.count + params.plan' [rule.type]",
            "test.yaml:18:9: warning: 'events.launch.count < 0' can never hold: a count is never negative [rule.neverHolds]",
            "test.yaml:19:18: error: 'params.plan' is string, so it can never be in a list of int [rule.type]",
        ])
    }

    @Test func renderingIsCappedAtOneHundredDiagnostics() throws {
        let keys = (1...150).map { "unknown\($0): 1" }.joined(separator: "\n")
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\n" + keys + "\n"))
        #expect(error.diagnostics.count == 150)
        #expect(Set(error.codes) == ["config.unknownKey"])

        let rendered = DiagnosticRenderer(sources: error.sources).render(error.diagnostics)
        let lines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.filter { $0.contains(": error: ") }.count == 100)
        #expect(rendered.hasSuffix("… and 50 more diagnostics not shown\n"))
        #expect(rendered.contains("test.yaml:101:1: error: unknown key 'unknown100'"))
        #expect(!rendered.contains("'unknown101'"))
    }

    @Test func exactlyOneHundredDiagnosticsAreAllShown() throws {
        let keys = (1...100).map { "unknown\($0): 1" }.joined(separator: "\n")
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\n" + keys + "\n"))
        let rendered = DiagnosticRenderer(sources: error.sources).render(error.diagnostics)
        #expect(error.diagnostics.count == 100)
        #expect(!rendered.contains("more diagnostic"))
    }

    @Test func theErrorDescriptionIsTheRendering() throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 2\n"))
        #expect(error.description == """
            test.yaml:1:10: error: configuration format version 2 is not supported; this Beckon reads version 1 [config.formatVersion]
                1 | version: 2
                  |          ^

            """)
    }
}
