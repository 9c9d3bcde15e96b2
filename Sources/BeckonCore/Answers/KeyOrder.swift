/// The order of the members of every JSON object Beckon writes (answers, their indented form,
/// the canonical JSON plugins receive): by Unicode code point, which is the order of the keys'
/// UTF-8 bytes (`JSONEncoder`'s `.sortedKeys` order for the keys answers have).
public enum KeyOrder {
    /// Whether `left` comes before `right`.
    @inlinable
    public static func precedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// Whether the key whose UTF-8 bytes are `left` comes before the one of `right`.
    @inlinable
    public static func precedes(_ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>) -> Bool {
        left.lexicographicallyPrecedes(right)
    }
}
