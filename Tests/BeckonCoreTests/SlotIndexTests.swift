import BeckonTestSupport
@testable import BeckonCore
import Testing

/// The id index of calls by id finds the same slots as a `Dictionary` of the ids, and misses
/// what it does not hold.
@Suite("Slot index")
struct SlotIndexTests {
    static let alphabet: [Character] = ["a", "b", "t", "_", ".", "1", "9", "é", "ß", "中"]

    static func id(_ random: inout SplitMix64) -> String {
        String((0..<(1 + Int(random.next() % 24))).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] })
    }

    @Test func findsWhatADictionaryFinds() {
        var random = SplitMix64(seed: 0x5107_1DE7)
        for _ in 0..<300 {
            var ids: [String] = []
            for _ in 0..<Int(random.next() % 40) {
                let id = Self.id(&random)
                if !ids.contains(id) { ids.append(id) }
            }
            let index = SlotIndex(ids)
            let dictionary = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
            for (slot, id) in ids.enumerated() {
                #expect(index.slot(of: id) == slot, "\(id) in \(ids)")
                // The same text in another string's storage.
                #expect(index.slot(of: String(decoding: Array(id.utf8), as: UTF8.self)) == slot)
                #expect(Array(id.utf8).withUnsafeBytes { index.slot(ofUTF8: $0) } == slot)
            }
            for _ in 0..<20 {
                let other = Self.id(&random)
                #expect(index.slot(of: other) == dictionary[other], "\(other) in \(ids)")
                #expect(Array(other.utf8).withUnsafeBytes { index.slot(ofUTF8: $0) } == dictionary[other])
            }
        }
    }

    @Test("an id found by its bytes is found only by the same bytes, not by another normalization")
    func bytesAreExact() {
        let index = SlotIndex(["é", "tip", ""])
        #expect(Array("e\u{301}".utf8).withUnsafeBytes { index.slot(ofUTF8: $0) } == nil)
        #expect(Array("é".utf8).withUnsafeBytes { index.slot(ofUTF8: $0) } == 0)
        #expect(index.slot(ofUTF8: UnsafeRawBufferPointer(start: nil, count: 0)) == 2)
        #expect(SlotIndex([]).slot(ofUTF8: UnsafeRawBufferPointer(start: nil, count: 0)) == nil)
    }
}
