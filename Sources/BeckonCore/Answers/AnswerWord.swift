/// One of a closed set of words that answers carry (a status, an invalidation reason), spelled
/// once as static text: answers written byte by byte copy the `spelling`, and the raw value
/// every other use reads is made from it.
public protocol AnswerWord: RawRepresentable, CaseIterable, Sendable where RawValue == String {
    /// The word as answers spell it.
    var spelling: StaticString { get }
}

extension AnswerWord {
    /// The `spelling` as a string.
    public var rawValue: String { spelling.description }

    /// The word spelled `rawValue`; nil for any other text.
    public init?(rawValue: String) {
        guard let word = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = word
    }
}
