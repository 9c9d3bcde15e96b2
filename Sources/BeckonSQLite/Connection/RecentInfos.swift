import BeckonCore
import BeckonRules

/// The last few distinct donation infos decoded while reading one log, by their bytes.
///
/// Info fields usually take few values (a screen, a kind), so most rows of a log repeat one
/// of the last few: sharing the decoded array spares an allocation and a decode per row. Only
/// short encodings are remembered, compared as a length and two machine words (kept apart
/// from the arrays, so that looking costs no reference counting).
struct RecentInfos {
    private struct Key: Equatable {
        var length: Int
        var low: UInt64
        var high: UInt64
    }

    private static let capacity = 8
    private var keys: [Key] = []
    private var infos: [[Value]] = []
    private var next = 0

    mutating func info(for bytes: UnsafeBufferPointer<UInt8>) throws(StoreError) -> [Value] {
        guard bytes.count <= 16 else { return try DonationInfoCodec.decode(bytes) }
        var words: (UInt64, UInt64) = (0, 0)
        withUnsafeMutableBytes(of: &words) { $0.copyMemory(from: UnsafeRawBufferPointer(bytes)) }
        let key = Key(length: bytes.count, low: words.0, high: words.1)
        if let index = keys.firstIndex(of: key) { return infos[index] }
        let info = try DonationInfoCodec.decode(bytes)
        if keys.count < Self.capacity {
            if keys.isEmpty {
                keys.reserveCapacity(Self.capacity)
                infos.reserveCapacity(Self.capacity)
            }
            keys.append(key)
            infos.append(info)
        } else {
            keys[next] = key
            infos[next] = info
            next = (next + 1) % Self.capacity
        }
        return info
    }
}
