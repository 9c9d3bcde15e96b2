import BeckonTestSupport
@testable import BeckonRules
import Testing

/// A rule's text is widened to scalars byte by byte when it is ASCII: the scalars must be those
/// of decoding it, for ASCII and non-ASCII texts alike.
@Suite("Rule text as scalars")
struct LexerScalarsTests {
    static let alphabet: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", ".", "(", "\n", "\t", "\u{7F}", "\u{0}", "é", "→", "😀"]

    @Test func asciiTextsAreWidenedAsDecodingThemWould() {
        var random = SplitMix64(seed: 0x5CA1_AB1E)
        let ascii = Self.alphabet.filter(\.isASCII)
        for _ in 0..<2_000 {
            let pool = random.next() % 2 == 0 ? ascii : Self.alphabet
            var text = ""
            for _ in 0..<Int(random.next() % 40) {
                text.unicodeScalars.append(pool[Int(random.next() % UInt64(pool.count))])
            }
            #expect(Lexer.scalars(of: text) == Array(text.unicodeScalars), "\(text.debugDescription)")
        }
    }

    @Test func emptyAndSlicedTexts() {
        #expect(Lexer.scalars(of: "").isEmpty)
        let sliced = "xx params.a && é yy".dropFirst(3).dropLast(3)
        #expect(Lexer.scalars(of: String(sliced)) == Array(sliced.unicodeScalars))
    }
}
