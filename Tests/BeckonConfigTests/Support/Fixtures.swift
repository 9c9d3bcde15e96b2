import BeckonTestSupport
import BeckonConfig
import BeckonDiagnostics
import Foundation
import Testing

/// Where the fixtures are, whatever the working directory, and what loading them reports.
enum Fixtures {
    /// `Tests/BeckonConfigTests/Fixtures`, absolute.
    static let directory = Repository.path("Tests/BeckonConfigTests/Fixtures")

    /// The absolute path of a fixture, e.g. `path("bad/empty.yaml")`.
    static func path(_ relative: String) -> String {
        directory + "/" + relative
    }

    /// Loads a configuration file expected to be invalid and returns its diagnostics; records an
    /// issue (and returns nil) when it loads or cannot be read.
    static func diagnostics(loading path: String, sourceLocation: SourceLocation = #_sourceLocation) -> DiagnosticsError? {
        invalid("\(path) loaded, but it should be invalid", sourceLocation: sourceLocation) { () throws(ConfigurationLoadError) in
            _ = try ConfigurationLoader().load(path: path)
        }
    }

    /// Loads YAML text expected to be invalid and returns its diagnostics.
    static func diagnostics(yaml: String, path: String = "test.yaml", sourceLocation: SourceLocation = #_sourceLocation) -> DiagnosticsError? {
        invalid("the YAML loaded, but it should be invalid:\n\(yaml)", sourceLocation: sourceLocation) { () throws(ConfigurationLoadError) in
            _ = try ConfigurationLoader().load(yaml: yaml, path: path)
        }
    }

    /// The diagnostics `load` fails with; records `loaded` (and returns nil) when it succeeds, or
    /// an issue when the file cannot be read.
    private static func invalid(_ loaded: String, sourceLocation: SourceLocation,
                                _ load: () throws(ConfigurationLoadError) -> Void) -> DiagnosticsError? {
        do throws(ConfigurationLoadError) {
            try load()
            Issue.record(Comment(rawValue: loaded), sourceLocation: sourceLocation)
        } catch {
            switch error {
            case .invalid(let diagnostics):
                return diagnostics
            case .unreadable(let path, let reason):
                Issue.record("\(path) is unreadable: \(reason)", sourceLocation: sourceLocation)
            }
        }
        return nil
    }

    /// Renders diagnostics as `beckon check` shows them, with the fixtures folder removed from
    /// every path so the text does not depend on where the repository is checked out.
    static func render(_ error: DiagnosticsError) -> String {
        DiagnosticRenderer(sources: error.sources).render(error.diagnostics)
            .replacingOccurrences(of: directory + "/", with: "")
    }
}


extension DiagnosticsError {
    /// The diagnostics' codes, in order.
    var codes: [String] { diagnostics.map(\.code) }

    /// `file:line:col code` of each diagnostic, for compact expectations.
    var summaries: [String] { diagnostics.map { "\($0.span) \($0.code)" } }
}
