public import BeckonRules

/// The compact binary form of a donation's info (a list of values in the event's declared field
/// order) that stores keep next to each logged donation: versioned like `SubjectRecordCodec`,
/// and as safe to decode from any bytes.
///
/// Format 1: the format byte `1`, the number of values, then each value as a tag byte and its
/// payload (null 0, false 1, true 2, int 3, double 4 (8 bytes, little-endian IEEE 754),
/// string 5, duration 6, timestamp 7, version 8 (major, minor, patch), list 9 (count, values)).
public enum DonationInfoCodec {
    /// The format this Beckon writes, and the newest it reads.
    public static let currentFormat: UInt8 = 1

    /// The values' bytes in the current format.
    public static func encode(_ info: [Value]) -> [UInt8] {
        var writer = ByteWriter(capacity: 2 + 10 * info.count)
        writer.byte(currentFormat)
        writer.count(info.count)
        for value in info { writer.value(value) }
        return writer.bytes
    }

    /// Decodes bytes written by `encode` (in this format or an earlier one).
    ///
    /// - Throws: `StoreError(.corrupt)` for anything else, naming the problem and its byte.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(StoreError) -> [Value] {
        try ByteReader.decoding(bytes) { buffer throws(StoreError) in try decode(buffer: buffer) }
    }

    @usableFromInline
    static func decode(buffer: UnsafeBufferPointer<UInt8>) throws(StoreError) -> [Value] {
        var reader = ByteReader(buffer, what: "donation info")
        _ = try reader.format(upTo: currentFormat)
        let count = try reader.count()
        var values: [Value] = []
        values.reserveCapacity(count)
        for _ in 0..<count { values.append(try reader.value()) }
        try reader.finish()
        return values
    }
}
