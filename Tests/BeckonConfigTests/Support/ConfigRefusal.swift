import BeckonConfig
import BeckonDiagnostics
import Testing

/// A configuration text refused with exactly one diagnostic: where and which (`file:line:col
/// code`) and its message. Suites that list such refusals share this case and its check.
struct ConfigRefusal: CustomTestStringConvertible, Sendable {
    var yaml: String
    /// `file:line:col code` of the one diagnostic.
    var summary: String
    var message: String
    var testDescription: String { yaml }

    /// Loads `prefix`, the case's YAML and a final newline, and expects this one diagnostic.
    func expectRefused(after prefix: String = "", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let error = try #require(Fixtures.diagnostics(yaml: prefix + yaml + "\n", sourceLocation: sourceLocation), sourceLocation: sourceLocation)
        #expect(error.summaries == [summary], sourceLocation: sourceLocation)
        #expect(error.diagnostics.map(\.message) == [message], sourceLocation: sourceLocation)
    }
}
