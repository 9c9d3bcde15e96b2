import BeckonRules

/// Appends the codec's primitives to a byte array: LEB128 varints, zigzag for signed integers,
/// little-endian IEEE doubles, length-prefixed UTF-8.
///
/// Integers are varints because what Beckon stores is mostly small counts and instants near now
/// (six bytes instead of eight); the format does not depend on the machine's byte order.
struct ByteWriter {
    var bytes: [UInt8]

    init(capacity: Int) {
        bytes = []
        bytes.reserveCapacity(capacity)
    }

    mutating func byte(_ value: UInt8) {
        bytes.append(value)
    }

    mutating func unsigned(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(truncatingIfNeeded: value))
    }

    mutating func count(_ value: Int) {
        unsigned(UInt64(value))
    }

    /// Zigzag: small negative numbers stay small (-1 → 1, 1 → 2).
    mutating func signed(_ value: Int64) {
        unsigned(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func double(_ value: Double) {
        let bits = value.bitPattern
        for shift in stride(from: 0, to: 64, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> UInt64(shift))) }
    }

    mutating func string(_ value: String) {
        let utf8 = value.utf8
        count(utf8.count)
        bytes.append(contentsOf: utf8)
    }

    mutating func version(_ value: Version) {
        signed(Int64(value.major))
        signed(Int64(value.minor))
        signed(Int64(value.patch))
    }

    /// A value: one tag byte, then its payload (see `ValueTag`).
    mutating func value(_ value: Value) {
        switch value {
        case .null: byte(ValueTag.null)
        case .bool(let flag): byte(flag ? ValueTag.true : ValueTag.false)
        case .int(let integer): byte(ValueTag.int); signed(integer)
        case .double(let number): byte(ValueTag.double); double(number)
        case .string(let text): byte(ValueTag.string); string(text)
        case .duration(let milliseconds): byte(ValueTag.duration); signed(milliseconds)
        case .timestamp(let milliseconds): byte(ValueTag.timestamp); signed(milliseconds)
        case .version(let version): byte(ValueTag.version); self.version(version)
        case .list(let items):
            byte(ValueTag.list)
            count(items.count)
            for item in items { self.value(item) }
        }
    }
}

/// The tag byte of each kind of value. Stored data depends on these numbers: never reuse one.
enum ValueTag {
    static let null: UInt8 = 0
    static let `false`: UInt8 = 1
    static let `true`: UInt8 = 2
    static let int: UInt8 = 3
    static let double: UInt8 = 4
    static let string: UInt8 = 5
    static let duration: UInt8 = 6
    static let timestamp: UInt8 = 7
    static let version: UInt8 = 8
    static let list: UInt8 = 9

    /// How deeply lists may nest in stored data. Rules only make lists of scalars; the bound
    /// keeps a decoder fed hostile bytes (`9 1 9 1 …`) from exhausting the stack. (Deeper lists
    /// are encoded as they are; only decoding them fails, as corrupt.)
    static let maxDepth = 64
}
