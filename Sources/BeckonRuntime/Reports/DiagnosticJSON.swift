public import BeckonDiagnostics

/// A diagnostic as scripts read it: `file`, `line`, `column`, `severity`, `code`, `message`.
public struct DiagnosticJSON: Encodable, Sendable {
    public var file: String
    public var line: Int
    public var column: Int
    public var severity: String
    public var code: String
    public var message: String
    public var notes: [String]

    /// The diagnostic as JSON.
    public init(_ diagnostic: Diagnostic) {
        file = diagnostic.span.file
        line = diagnostic.span.start.line
        column = diagnostic.span.start.column
        severity = diagnostic.severity.rawValue
        code = diagnostic.code
        message = diagnostic.message
        notes = diagnostic.notes
    }
}
