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

    /// Adds `bytes` eight at a time: each little-endian 64-bit word is one FNV-1a step (xor, then
    /// the prime), and the last 0 to 7 bytes a step each. Not the value byte-wise `combine` gives,
    /// but the same kind of hash in an eighth of the steps, for long inputs: each step waits on
    /// the multiplication before it, so the steps' number is the cost (a tip status answer's
    /// `ETag`: ~3 % of the server's time a request, byte-wise). Where a part is cut matters (a
    /// word is read from each part's start): a hash is only compared with one of parts cut alike.
    @inlinable
    public mutating func combineWords(_ bytes: UnsafeRawBufferPointer) {
        var hash = state
        let words = bytes.count / 8
        for index in 0..<words {
            let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index * 8, as: UInt64.self))
            hash = (hash ^ word) &* 0x0000_0100_0000_01b3
        }
        for byte in bytes[(words * 8)...] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
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
