@testable import BeckonCore
import BeckonTestSupport
import Foundation
import Testing

/// JSONParser, the strict reader of the data format's lines and of `/v1`'s bodies: strings
/// with and without escapes read to the text they spell; what RFC 8259 refuses, and a member
/// name given twice, is refused at its byte; and any string Foundation writes reads back to it.
@Suite("JSON parser")
struct JSONParserTests {
    static func parse(_ text: String) -> Result<ParsedJSON, JSONSyntaxError> {
        Result { () throws(JSONSyntaxError) in try JSONParser.parse(Array(text.utf8)) }
    }

    @Test(arguments: [
        (#""plain""#, "plain"),
        (#""""#, ""),
        (#""é😀 ünï""#, "é😀 ünï"),
        (#""a\"b\\c\/d""#, "a\"b\\c/d"),
        (#""\b\f\n\r\t""#, "\u{8}\u{C}\n\r\t"),
        (#""\u00e9\u0000x\u001F""#, "é\u{0}x\u{1F}"),
        (#""\ud83d\ude00 and \uD83D\uDE00""#, "😀 and 😀"),
        (#""run \n run é \" end""#, "run \n run é \" end"),
    ])
    func aStringReadsToTheTextItSpells(_ json: String, _ text: String) throws {
        #expect(try Self.parse(json).get() == .string(text), "\(json)")
    }

    @Test(arguments: [
        (#""open"#, 6, "the text ends early (truncated?): expected the end of a string"),
        ("\"a\u{1}b\"", 3, "a control character must be escaped in a string"),
        (#""\x""#, 4, "unknown escape"),
        (#""\u12""#, 6, "expected 4 hex digits"),
        (#""\ud800""#, 8, "expected the low half of a surrogate pair"),
        (#""\ud800\u0041""#, 14, "expected the low half of a surrogate pair"),
        (#""\udc00""#, 8, "\\u escape of a lone surrogate"),
        (#"{"a": 1, "a": 2}"#, 10, #"the member "a" is given twice"#),
        (#"{"a": {"b": 1, "b": 1}}"#, 16, #"the member "b" is given twice"#),
    ])
    func whatIsNotStrictJSONIsRefusedAtItsByte(_ json: String, _ offset: Int, _ message: String) {
        switch Self.parse(json) {
        case .success(let value): Issue.record("\(json) read as \(value)")
        case .failure(let error): #expect((error.offset, error.message) == (offset, message), "\(json)")
        }
    }

    /// Random strings (escapes, controls, quotes, characters of every UTF-8 length) as
    /// Foundation's JSONSerialization writes them, inside an object and an array, read back.
    @Test func everyStringFoundationWritesReadsBack() throws {
        var random = SplitMix64(seed: 0x15_0A_CE)
        let pieces: [String] = ["a", "\"", "\\", "/", "\n", "\u{0}", "\u{1F}", "\u{7F}", "é", "€", "😀", "\u{FFFD}", " ", "\u{2028}"]
        for _ in 0..<2_000 {
            let text = (0..<random.below(12)).map { _ in random.pick(pieces) }.joined()
            let written = try JSONSerialization.data(withJSONObject: ["k" + text: [text]])
            #expect(try JSONParser.parse(Array(written)) == .object([("k" + text, .array([.string(text)]))]), "\(text.debugDescription)")
        }
    }
}
