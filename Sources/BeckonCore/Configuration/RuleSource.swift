public import BeckonDiagnostics

/// A rule as written in the configuration: its text and where each of its characters came from.
public struct RuleSource: Hashable, Sendable {
    /// The expression text.
    public var text: String
    /// The span of the YAML scalar holding the rule.
    public var span: SourceSpan
    /// Where each character of `text` is in the file.
    public var origin: TextOrigin

    /// Creates a rule source.
    public init(text: String, span: SourceSpan, origin: TextOrigin) {
        self.text = text
        self.span = span
        self.origin = origin
    }
}
