/// Declared ids to their slots, for the lookup every call by id makes: an open-addressing table
/// hashed with FNV-1a over the id's UTF-8 bytes (a `Dictionary` hashes a `String` with SipHash,
/// ~0.4k instructions for a short id). Built once with the engine and never changed, so
/// threads read it without a lock.
///
/// It finds an id whose bytes are a declared id's; an id equal to a declared one only as
/// `String`s are (another normalization of the same text) may be missed, so a miss is looked up
/// again in the engine's dictionary, which decides.
struct SlotIndex: Sendable {
    /// Each bucket's slot + 1; 0 for an empty bucket.
    private let buckets: [Int32]
    private let ids: [String]
    private let mask: Int

    /// The index of `ids`, slot `n` being `ids[n]` (the ids are distinct).
    init(_ ids: [String]) {
        var capacity = 8
        while capacity < ids.count * 2 { capacity *= 2 }
        var buckets = [Int32](repeating: 0, count: capacity)
        for (slot, id) in ids.enumerated() {
            var index = Self.hash(id) & (capacity - 1)
            while buckets[index] != 0 { index = (index + 1) & (capacity - 1) }
            buckets[index] = Int32(slot + 1)
        }
        self.buckets = buckets
        self.ids = ids
        mask = capacity - 1
    }

    /// The slot of `id` when found; nil otherwise (see the type's note on a miss).
    @inline(__always)
    func slot(of id: String) -> Int? {
        var index = Self.hash(id) & mask
        while true {
            let entry = Int(buckets[index])
            if entry == 0 { return nil }
            if ids[entry - 1] == id { return entry - 1 }
            index = (index + 1) & mask
        }
    }

    /// FNV-1a of the UTF-8 bytes, folded (read from the string's contiguous storage when it
    /// has one, where iterating its `utf8` view costs several times more per byte).
    @inline(__always)
    static func hash(_ id: String) -> Int {
        if let hash = id.utf8.withContiguousStorageIfAvailable(hash(bytes:)) { return hash }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in id.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }

    private static func hash(bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
