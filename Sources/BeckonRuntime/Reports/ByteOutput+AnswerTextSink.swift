public import BeckonCore

/// An answer's sentence (`TipReason.write(to:)`) written inside a JSON string in place: its
/// words copied, its free text escaped.
extension ByteOutput: AnswerTextSink {
    @inline(__always)
    public mutating func appendText(_ text: String) {
        JSONValue.writeStringContents(text, to: &self)
    }
}
