/// How serious a diagnostic is.
public enum Severity: String, Sendable, Hashable, Codable {
    /// The input is rejected.
    case error
    /// The input is accepted, but probably not what its author meant.
    case warning
    /// Extra context attached to another diagnostic.
    case note
}

/// A problem found in user input: a stable code, a severity, a message and where it is.
///
/// Codes are dotted, stable identifiers (`yaml.syntax`, `config.unknownKey`, `rule.type`) that
/// scripts and tests may rely on; messages are for people and may improve over time.
public struct Diagnostic: Hashable, Sendable {
    /// The stable code, e.g. `config.unknownKey`.
    public var code: String
    /// Error, warning or note.
    public var severity: Severity
    /// One sentence for a person, without a trailing period.
    public var message: String
    /// Where the problem is.
    public var span: SourceSpan
    /// Further lines shown under the source excerpt (e.g. "first defined at x.yaml:3:5").
    public var notes: [String]
    /// Where a secret is written (a password, a URL carrying one): a quoted source line never
    /// shows the characters of this span, each is replaced by `*`. Nil when nothing is secret.
    public var secret: SourceSpan?

    /// Creates a diagnostic.
    public init(code: String, severity: Severity = .error, message: String, span: SourceSpan, notes: [String] = [],
                secret: SourceSpan? = nil) {
        self.code = code
        self.severity = severity
        self.message = message
        self.span = span
        self.notes = notes
        self.secret = secret
    }

    /// Shorthand for an error.
    public static func error(_ code: String, _ message: String, at span: SourceSpan, notes: [String] = []) -> Diagnostic {
        Diagnostic(code: code, severity: .error, message: message, span: span, notes: notes)
    }

    /// Shorthand for a warning.
    public static func warning(_ code: String, _ message: String, at span: SourceSpan, notes: [String] = []) -> Diagnostic {
        Diagnostic(code: code, severity: .warning, message: message, span: span, notes: notes)
    }
}

extension Array where Element == Diagnostic {
    /// Whether any element is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }
}
