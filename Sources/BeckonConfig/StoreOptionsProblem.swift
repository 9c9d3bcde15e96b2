/// One problem a plugin store found in its `store.options` (plugin ABI 1.2 `check_options`):
/// where (a JSON pointer into the options, at the value or at the key it names) and what.
public struct StoreOptionsProblem: Hashable, Sendable {
    /// An RFC 6901 pointer into `store.options`; "" is the options as a whole.
    public var pointer: String
    /// Whether the problem is about the key of the member `pointer` names, not its value.
    public var atKey: Bool
    /// A sentence for a person.
    public var message: String
    /// Whether the value at `pointer` is a secret: no excerpt ever shows its characters.
    public var secret: Bool

    /// Creates a problem.
    public init(pointer: String, atKey: Bool = false, message: String, secret: Bool = false) {
        self.pointer = pointer
        self.atKey = atKey
        self.message = message
        self.secret = secret
    }
}
