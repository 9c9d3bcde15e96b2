import BeckonCore
import BeckonTestSupport
import Testing

/// The one FNV-1a: the published 64-bit test vectors, a hash combined in parts is the hash of the
/// whole; and its step taken a word at a time (the server's entity tags), which tells apart any
/// two inputs of one length that differ in one byte.
@Suite("FNV-1a")
struct FNV1aTests {
    @Test(arguments: [
        ("", UInt64(0xcbf2_9ce4_8422_2325)),
        ("a", 0xaf63_dc4c_8601_ec8c),
        ("foobar", 0x8594_4171_f739_67e8),
    ])
    func publishedVectors(text: String, hash: UInt64) {
        #expect(FNV1a.hash(Array(text.utf8)) == hash)
    }

    /// A word is one step of the same kind as a byte's, read little-endian; the bytes after the
    /// last whole word a step each.
    @Test func wordsAreStepsOfEightBytes() {
        let bytes: [UInt8] = Array(0..<19)
        var expected: UInt64 = 0xcbf2_9ce4_8422_2325
        for start in stride(from: 0, to: 16, by: 8) {
            let word = bytes[start..<(start + 8)].enumerated().reduce(UInt64(0)) { $0 | UInt64($1.element) << (8 * UInt64($1.offset)) }
            expected = (expected ^ word) &* 0x0000_0100_0000_01b3
        }
        for byte in bytes[16...] { expected = (expected ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        var hash = FNV1a()
        bytes.withUnsafeBytes { hash.combineWords($0) }
        #expect(hash.value == expected)
        var empty = FNV1a()
        empty.combineWords(UnsafeRawBufferPointer(start: nil, count: 0))
        #expect(empty.value == FNV1a().value)
    }

    /// Each step (a xor, then a multiplication by an odd prime) is a one-to-one map of the hash:
    /// two inputs of the same length that differ anywhere hash apart when they differ in one
    /// byte, over random inputs and every position.
    @Test func aByteChangedAnywhereChangesTheWordHash() {
        var random = SplitMix64(seed: 0x5eed_e7a9)
        for _ in 0..<50 {
            let count = Int.random(in: 0...600, using: &random)
            let bytes = (0..<count).map { _ in UInt8.random(in: 0...255, using: &random) }
            let original = Self.wordHash(bytes)
            for position in bytes.indices {
                var changed = bytes
                changed[position] &+= UInt8.random(in: 1...255, using: &random)
                #expect(Self.wordHash(changed) != original, "\(count) bytes, byte \(position)")
            }
        }
    }

    private static func wordHash(_ bytes: [UInt8]) -> UInt64 {
        var hash = FNV1a()
        bytes.withUnsafeBytes { hash.combineWords($0) }
        return hash.value
    }

    @Test func partsHashAsTheWhole() {
        let bytes = Array("{\"id\":\"tip\",\"status\":\"available\"}".utf8)
        for cut in bytes.indices {
            var hash = FNV1a()
            hash.combine(bytes[..<cut])
            hash.combine(bytes[cut...])
            #expect(hash.value == FNV1a.hash(bytes))
        }
    }
}
