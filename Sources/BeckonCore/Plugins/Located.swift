public import BeckonDiagnostics

/// A value and where it is written.
public struct Located<Value: Hashable & Sendable>: Hashable, Sendable {
    public var value: Value
    public var span: SourceSpan

    /// Creates a located value.
    public init(_ value: Value, at span: SourceSpan) {
        self.value = value
        self.span = span
    }
}
