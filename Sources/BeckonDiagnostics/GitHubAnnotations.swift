/// Renders diagnostics as GitHub Actions workflow commands, one line each, so that a CI job
/// shows them as annotations on the files and lines they name:
/// `::error file=F,line=L,col=C,endLine=L,endColumn=E,title=CODE::MESSAGE`.
///
/// Errors become `::error`, warnings `::warning` and notes `::notice`. The message is the
/// diagnostic's (on one line, as `DiagnosticRenderer` shows it) followed by its notes, each on a
/// line of its own inside the annotation. GitHub accepts columns only on a one-line range, so a
/// span over several lines is shown at its start; `endColumn` is the last character's column
/// (inclusive), the start column for a point. Property values and messages are escaped as
/// GitHub's workflow commands require.
public struct GitHubAnnotations: Sendable {
    /// Creates a renderer.
    public init() {}

    /// One workflow command per diagnostic, every one of them, each ending in a line break.
    public func render(_ diagnostics: [Diagnostic]) -> String {
        diagnostics.map { line(for: $0) + "\n" }.joined()
    }

    /// The workflow command for one diagnostic, without a line break.
    public func line(for diagnostic: Diagnostic) -> String {
        let span = diagnostic.span
        let start = span.start
        let endColumn = span.end.line == start.line ? max(span.end.column - 1, start.column) : start.column
        let message = ([OneLine.of(diagnostic.message)] + diagnostic.notes.map { "note: \(OneLine.of($0))" }).joined(separator: "\n")
        return Self.command(
            Self.commandName(for: diagnostic.severity),
            properties: [
                ("file", span.file), ("line", String(start.line)), ("col", String(start.column)),
                ("endLine", String(start.line)), ("endColumn", String(endColumn)), ("title", diagnostic.code),
            ],
            message: message)
    }

    /// A workflow command `::NAME k=v,…::MESSAGE` with its properties and message escaped.
    public static func command(_ name: String, properties: [(name: String, value: String)], message: String) -> String {
        let list = properties.map { "\($0.name)=\(escapeProperty($0.value))" }.joined(separator: ",")
        return "::\(name)\(list.isEmpty ? "" : " " + list)::\(escapeData(message))"
    }

    /// A message escaped as GitHub's workflow commands read it: `%`, carriage return and line feed.
    public static func escapeData(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "%": escaped += "%25"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// A property value escaped as GitHub's workflow commands read it: as a message, and also
    /// `:` and `,`, which end a property.
    public static func escapeProperty(_ text: String) -> String {
        escapeData(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
    }

    private static func commandName(for severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .note: "notice"
        }
    }
}
