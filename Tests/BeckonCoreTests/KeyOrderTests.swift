import BeckonCore
import BeckonTestSupport
import Testing

/// The one key order of JSON objects is code point order, whether keys are compared as strings
/// or as UTF-8 bytes.
@Suite("Key order")
struct KeyOrderTests {
    static let alphabet: [Unicode.Scalar] = ["a", "b", "B", "_", "1", "é", "e", "\u{301}", "中", "😀", "\u{7F}", "\u{80}"]

    @Test(arguments: [
        ("a", "b", true), ("b", "a", false), ("B", "a", true), ("a", "ab", true), ("", "a", true), ("a", "a", false),
        ("z", "é", true), ("e\u{301}", "é", true), ("中", "😀", true),
    ])
    func pairs(left: String, right: String, precedes: Bool) {
        #expect(KeyOrder.precedes(left, right) == precedes)
    }

    @Test func isCodePointOrderAndByteOrder() {
        var random = SplitMix64(seed: 0x0DE7)
        func key() -> String {
            var text = ""
            for _ in 0..<Int(random.next() % 5) { text.unicodeScalars.append(Self.alphabet[Int(random.next() % UInt64(Self.alphabet.count))]) }
            return text
        }
        for _ in 0..<5000 {
            let left = key(), right = key()
            let byCodePoint = left.unicodeScalars.map(\.value).lexicographicallyPrecedes(right.unicodeScalars.map(\.value))
            #expect(KeyOrder.precedes(left, right) == byCodePoint, "\(left) \(right)")
            let byBytes = Array(left.utf8).withUnsafeBufferPointer { l in
                Array(right.utf8).withUnsafeBufferPointer { r in KeyOrder.precedes(l, r) }
            }
            #expect(byBytes == byCodePoint)
        }
    }
}
