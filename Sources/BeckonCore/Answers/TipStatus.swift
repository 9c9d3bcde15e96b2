/// A tip's status (SEMANTICS §4).
///
/// Its raw value is its `spelling`: answers written byte by byte copy that static text, and
/// every other use reads the same words through `rawValue`.
public enum TipStatus: Hashable, Sendable, CaseIterable, RawRepresentable {
    case pending
    case available
    case invalidated

    /// The status as answers spell it: `pending`, `available`, `invalidated`.
    public var spelling: StaticString {
        switch self {
        case .pending: "pending"
        case .available: "available"
        case .invalidated: "invalidated"
        }
    }

    /// The status's `spelling` as a string.
    public var rawValue: String { spelling.description }

    /// The status spelled `rawValue`; nil for any other text.
    public init?(rawValue: String) {
        guard let status = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = status
    }
}
