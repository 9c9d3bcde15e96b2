/// One of a closed set of words that answers carry (a status, an invalidation reason), spelled
/// once as static text: answers written byte by byte copy the `spelling`, and the raw value
/// every other use reads is made from it.
///
/// Words are equal, and hash, by their spelling's bytes. Without the two below, a word would be
/// compared and hashed as `RawRepresentable` does by default, through `rawValue`: two `String`s
/// made for every `==` (~330 instructions a comparison where a tip status's answer is written).
public protocol AnswerWord: RawRepresentable, CaseIterable, Hashable, Sendable where RawValue == String {
    /// The word as answers spell it.
    var spelling: StaticString { get }
}

extension AnswerWord {
    /// Whether two words are the same: the same literal, or else the same text.
    @inlinable
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.spelling.withUTF8Buffer { left in
            rhs.spelling.withUTF8Buffer { right in left.baseAddress == right.baseAddress || left.elementsEqual(right) }
        }
    }

    /// Hashes the spelling's bytes, as `==` compares them.
    @inlinable
    public func hash(into hasher: inout Hasher) {
        spelling.withUTF8Buffer { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
    }

    /// The `spelling` as a string.
    public var rawValue: String { spelling.description }

    /// The word spelled `rawValue`; nil for any other text.
    public init?(rawValue: String) {
        guard let word = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = word
    }
}
