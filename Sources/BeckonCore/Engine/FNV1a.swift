/// The 64-bit FNV-1a hash of bytes: one pass, no key, the same in every process and on every
/// run (what both the id→slot tables and the server's entity tags need; `Hasher` is seeded per
/// process and costs more for short inputs).
public struct FNV1a: Sendable {
    /// The hash of the bytes combined so far.
    @inlinable
    public var value: UInt64 { state }

    @usableFromInline
    var state: UInt64 = 0xcbf2_9ce4_8422_2325

    /// The hash of no bytes.
    @inlinable
    public init() {}

    /// Adds `bytes` to the hash.
    @inlinable
    public mutating func combine<Bytes: Sequence<UInt8>>(_ bytes: Bytes) {
        var hash = state
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        state = hash
    }

    /// The hash of `bytes`.
    @inlinable
    public static func hash<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash = FNV1a()
        hash.combine(bytes)
        return hash.value
    }
}
