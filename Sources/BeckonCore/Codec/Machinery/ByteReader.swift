import BeckonRules

/// Reads what `ByteWriter` wrote from bytes that may be anything: every read checks the bounds,
/// every count is checked against the bytes left before anything is allocated, and every
/// problem is a `StoreError(.corrupt)`, never a trap.
///
/// Only valid while the buffer it reads is.
@usableFromInline
struct ByteReader {
    private let base: UnsafePointer<UInt8>?
    private(set) var position = 0
    let end: Int
    /// What is being read, for messages: "subject record", "donation info".
    let what: String

    init(_ buffer: UnsafeBufferPointer<UInt8>, what: String) {
        base = buffer.baseAddress
        end = buffer.count
        self.what = what
    }

    var isAtEnd: Bool { position == end }

    func corrupt(_ problem: String) -> StoreError {
        StoreError(.corrupt, "a stored \(what) cannot be read: \(problem)")
    }

    var truncated: StoreError { corrupt("it ends early, at byte \(end)") }

    @inline(__always)
    mutating func byte() throws(StoreError) -> UInt8 {
        guard position < end, let base else { throw truncated }
        defer { position += 1 }
        return base[position]
    }

    /// Most varints are one byte (counts, lengths, flags, small numbers): read those inline.
    @inline(__always)
    mutating func unsigned() throws(StoreError) -> UInt64 {
        if position < end, let base, base[position] < 0x80 {
            defer { position += 1 }
            return UInt64(base[position])
        }
        return try longUnsigned()
    }

    mutating func longUnsigned() throws(StoreError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let next = try byte()
            // The tenth byte holds the top bit only; anything more does not fit in 64 bits.
            if shift == 63, next > 1 { throw corrupt("an integer at byte \(position - 1) does not fit in 64 bits") }
            result |= UInt64(next & 0x7F) << shift
            if next < 0x80 { return result }
            shift += 7
        }
    }

    @inline(__always)
    mutating func signed() throws(StoreError) -> Int64 {
        let zigzag = try unsigned()
        return Int64(bitPattern: (zigzag >> 1) ^ (0 &- (zigzag & 1)))
    }

    /// A count of items that each take at least `minimumSize` bytes: one that the bytes left
    /// cannot hold is corrupt, so that garbage never makes the decoder allocate or loop.
    @inline(__always)
    mutating func count(minimumSize: Int = 1) throws(StoreError) -> Int {
        let start = position
        let value = try unsigned()
        let left = UInt64(end - position)
        guard value <= left, case (let needed, false) = value.multipliedReportingOverflow(by: UInt64(minimumSize)), needed <= left else {
            throw corrupt("a count of \(value) at byte \(start) is more than the \(end - position) bytes left can hold")
        }
        return Int(value)
    }

    /// A table of entries by id, as a record writes one: a count (each entry at least
    /// `minimumSize` bytes), then each id followed by its entry, which `entry` reads (given the
    /// id, for its messages). An id that appears twice is corrupt; `kind` names it.
    @inline(__always)
    mutating func table<Entry>(_ kind: String, minimumSize: Int,
                               _ entry: (inout ByteReader, String) throws(StoreError) -> Entry) throws(StoreError) -> [String: Entry] {
        let count = try self.count(minimumSize: minimumSize)
        guard count > 0 else { return [:] }
        var table = [String: Entry](minimumCapacity: count)
        for _ in 0..<count {
            let start = position
            let id = try string()
            guard table.updateValue(try entry(&self, id), forKey: id) == nil else {
                throw corrupt("\(kind) \(Value.string(id)) appears twice, at byte \(start)")
            }
        }
        return table
    }

    /// What `decode` makes of `bytes`, read in place when they are contiguous (else from a copy).
    @inlinable
    static func decoding<T>(_ bytes: some Collection<UInt8>,
                            _ decode: (UnsafeBufferPointer<UInt8>) throws(StoreError) -> T) throws(StoreError) -> T {
        let result = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(StoreError) in try decode(buffer) }
        } ?? Array(bytes).withUnsafeBufferPointer { buffer in
            Result { () throws(StoreError) in try decode(buffer) }
        }
        return try result.get()
    }

    mutating func double() throws(StoreError) -> Double {
        guard end - position >= 8, let base else { throw truncated }
        var bits: UInt64 = 0
        for index in 0..<8 { bits |= UInt64(base[position + index]) << UInt64(index * 8) }
        position += 8
        return Double(bitPattern: bits)
    }

    mutating func string() throws(StoreError) -> String {
        let length = try count()
        guard length > 0 else { return "" }
        let start = position
        position += length
        let text = UnsafeBufferPointer(start: base! + start, count: length)
        // Decoding repairs invalid UTF-8, so text that is not ASCII must come back byte for
        // byte. (`String(validating:)` is generic and costs more than the rest of a record.)
        let string = String(decoding: text, as: UTF8.self)
        if !Self.isASCII(text), !string.utf8.elementsEqual(text) {
            throw corrupt("the text at byte \(start) is not valid UTF-8")
        }
        return string
    }

    static func isASCII(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var bits: UInt8 = 0
        for byte in text { bits |= byte }
        return bits < 0x80
    }

    mutating func integer() throws(StoreError) -> Int {
        let start = position
        let value = try signed()
        guard let integer = Int(exactly: value) else { throw corrupt("an integer at byte \(start) does not fit") }
        return integer
    }

    mutating func version() throws(StoreError) -> Version {
        Version(major: try integer(), minor: try integer(), patch: try integer())
    }

    mutating func value(depth: Int = 0) throws(StoreError) -> Value {
        let start = position
        switch try byte() {
        case ValueTag.null: return .null
        case ValueTag.false: return .bool(false)
        case ValueTag.true: return .bool(true)
        case ValueTag.int: return .int(try signed())
        case ValueTag.double: return .double(try double())
        case ValueTag.string: return .string(try string())
        case ValueTag.duration: return .duration(try signed())
        case ValueTag.timestamp: return .timestamp(try signed())
        case ValueTag.version: return .version(try version())
        case ValueTag.list:
            guard depth < ValueTag.maxDepth else { throw corrupt("lists nest deeper than \(ValueTag.maxDepth) at byte \(start)") }
            let count = try count()
            var items: [Value] = []
            items.reserveCapacity(count)
            for _ in 0..<count { items.append(try value(depth: depth + 1)) }
            return .list(items)
        case let tag:
            throw corrupt("unknown kind of value \(tag) at byte \(start)")
        }
    }

    /// The format byte that starts every encoding; a later format is refused by name.
    mutating func format(upTo current: UInt8) throws(StoreError) -> UInt8 {
        guard !isAtEnd else { throw corrupt("it is empty") }
        let format = try byte()
        guard format != 0 else { throw corrupt("format 0 does not exist") }
        guard format <= current else {
            throw corrupt("it was written in format \(format) by a newer Beckon (this one reads up to format \(current))")
        }
        return format
    }

    /// Ends the read: bytes left over mean the data is not what it claims to be.
    func finish() throws(StoreError) {
        guard isAtEnd else { throw corrupt("\(end - position) unexpected bytes after the end, at byte \(position)") }
    }
}
