/// Declared ids to their slots, for the lookup every call by id makes: an open-addressing table
/// hashed with FNV-1a over the id's UTF-8 bytes (a `Dictionary` hashes a `String` with SipHash,
/// ~0.4k instructions for a short id). Built once with the engine and never changed, so
/// threads read it without a lock. The engine finds ids given as strings; the answer templates
/// find ids given as bytes (the C API's), with no `String` made.
///
/// It finds an id whose bytes are a declared id's; an id equal to a declared one only as
/// `String`s are (another normalization of the same text) may be missed, so a miss is looked up
/// again in the engine's dictionary, which decides.
public struct SlotIndex: Sendable {
    /// Each bucket's slot + 1; 0 for an empty bucket.
    @usableFromInline
    let buckets: [Int32]
    /// The ids, slot `n` being `ids[n]`.
    public let ids: [String]
    @usableFromInline
    let mask: Int

    /// The index of `ids`, slot `n` being `ids[n]` (the ids are distinct).
    public init(_ ids: [String]) {
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
    public func slot(of id: String) -> Int? {
        var index = Self.hash(id) & mask
        while true {
            let entry = Int(buckets[index])
            if entry == 0 { return nil }
            if ids[entry - 1] == id { return entry - 1 }
            index = (index + 1) & mask
        }
    }

    /// The slot of the id whose UTF-8 bytes are exactly `bytes`, or nil.
    public func slot(ofUTF8 bytes: UnsafeRawBufferPointer) -> Int? {
        slot(hashing: bytes) { slot in
            var declared = ids[slot]
            // Byte by byte rather than `memcmp`: the module stays free of the C library.
            return declared.withUTF8 { $0.elementsEqual(bytes) }
        }
    }

    /// The first slot, among those filed where `bytes` hash to, that `isID` says is the id of
    /// `bytes`, or nil: for callers that keep the ids' bytes at hand and compare them faster
    /// than a `String` can be read (the answer templates, on the C API's hottest call).
    @inlinable
    public func slot(hashing bytes: UnsafeRawBufferPointer, where isID: (Int) -> Bool) -> Int? {
        var index = Self.hash(bytes: bytes) & mask
        while true {
            let entry = Int(buckets[index])
            if entry == 0 { return nil }
            if isID(entry - 1) { return entry - 1 }
            index = (index + 1) & mask
        }
    }

    /// FNV-1a of the UTF-8 bytes, folded (read from the string's contiguous storage when it
    /// has one, where iterating its `utf8` view costs several times more per byte).
    @inline(__always)
    static func hash(_ id: String) -> Int {
        if let hash = id.utf8.withContiguousStorageIfAvailable({ hash(bytes: UnsafeRawBufferPointer($0)) }) { return hash }
        return fold(FNV1a.hash(id.utf8))
    }

    @inlinable
    static func hash(bytes: UnsafeRawBufferPointer) -> Int {
        fold(FNV1a.hash(bytes))
    }

    /// The table's index bits are the low ones: the high bits mixed into them.
    @inlinable
    static func fold(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 29))
    }
}
