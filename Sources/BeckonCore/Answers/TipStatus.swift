/// A tip's status (SEMANTICS §4).
public enum TipStatus: AnswerWord, Hashable {
    case pending
    case available
    case invalidated

    /// The status as answers spell it: `pending`, `available`, `invalidated`.
    @inlinable
    public var spelling: StaticString {
        switch self {
        case .pending: "pending"
        case .available: "available"
        case .invalidated: "invalidated"
        }
    }
}
