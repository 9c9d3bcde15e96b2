@testable import BeckonRuntime
import BeckonRules
import Foundation
import Testing

/// `JSONValue.text` writes what `JSONEncoder` (sorted keys, unescaped slashes) writes, byte for
/// byte: the CLI's `--json` and the C API's answers are made by it, and scripts compare them.
@Suite("JSON text")
struct JSONTextTests {
    /// The encoder's text for the same value, the reference.
    static func encoded(_ value: JSONValue) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self)
    }

    /// Every byte that needs an escape, at every offset of a 20-byte string (across both ends of
    /// the 8-byte words the writer tests at once), among plain, multi-byte and slash characters.
    static let strings: [String] = {
        var strings = ["", "plain", "a/b", "é😀\u{2028}\u{7F}", "tab\there", "every check passed"]
        let escaped: [Character] = ["\"", "\\"] + (0..<0x20).map { Character(Unicode.Scalar(UInt8($0))) }
        for character in escaped {
            for offset in 0..<20 {
                var text = Array(repeating: Character("x"), count: 20)
                text[offset] = character
                strings.append(String(text))
            }
        }
        return strings
    }()

    @Test("strings are escaped as the encoder escapes them", arguments: strings)
    func string(_ text: String) throws {
        #expect(JSONValue.string(text).text == (try Self.encoded(.string(text))))
    }

    static let scalars: [JSONValue] = [
        .null, .bool(true), .bool(false), .int(0), .int(-1), .int(42), .int(Int64.max), .int(Int64.min),
        .double(1), .double(0.5), .double(-0.0), .double(1e20), .double(1e-7), .double(123_456_789_012.5),
    ]

    @Test("numbers, booleans and null", arguments: scalars)
    func scalar(_ value: JSONValue) throws {
        #expect(value.text == (try Self.encoded(value)))
    }

    @Test("non-finite doubles are null")
    func nonFinite() {
        #expect(JSONValue.double(.nan).text == "null")
        #expect(JSONValue.double(.infinity).text == "null")
    }

    @Test("timestamps are their ISO-8601 text", arguments: [Int64(0), 1_772_355_600_000, 1_772_355_600_123, -1, 253_402_300_800_000, Int64.min])
    func timestamp(_ milliseconds: Int64) {
        #expect(JSONValue.timestamp(milliseconds).text == "\"\(TimestampSyntax.format(milliseconds))\"")
        #expect(JSONValue.instant(milliseconds) == .timestamp(milliseconds))
    }

    @Test("keys are sorted as the encoder sorts them, literal and dynamic alike")
    func sortedKeys() throws {
        var object: JSONObject = ["status": .string("available"), "a10": .int(1), "Z": .null, "a2": .bool(true)]
        object[JSONKey("é")] = .int(2)
        object[JSONKey(String("_x"))] = .array([.int(1), .string("two"), .object(["b": .int(1), "a": .int(2)])])
        object[JSONKey("É")] = .int(3)
        object["A"] = .double(0.25)
        let value = JSONValue.object(object)
        #expect(value.text == (try Self.encoded(value)))
        #expect(value.text.hasPrefix(#"{"A":0.25,"Z":null,"_x":[1,"two",{"a":2,"b":1}],"a10":1,"a2":true,"#))
    }

    @Test("members set, replaced and removed like a dictionary's")
    func subscripts() {
        var object: JSONObject = ["b": .int(1), "a": .int(2)]
        object["b"] = .int(3)
        object["c"] = .null
        object["a"] = nil
        object["missing"] = nil
        #expect(object.count == 2)
        #expect(object["b"] == .int(3) && object["c"] == .null && object["a"] == nil)
        #expect(JSONValue.object(object).text == #"{"b":3,"c":null}"#)
        // A dynamic key and a literal one with the same text are one key.
        object[JSONKey(String("b"))] = .int(4)
        #expect(object.count == 2 && object["b"] == .int(4))
    }

    @Test("pairs keep the last value of a repeated name; objects are equal whatever their order")
    func pairsAndEquality() {
        let pairs = JSONObject([("x", JSONValue.int(1)), ("y", .int(2)), ("x", .int(3))])
        #expect(JSONValue.object(pairs).text == #"{"x":3,"y":2}"#)
        #expect(pairs == ["y": .int(2), "x": .int(3)])
        #expect(pairs != ["y": .int(2), "x": .int(1)])
        #expect(Array(pairs.map(\.key)) == ["x", "y"])
    }

    @Test("an object with overrides: the overrides win, and every key is written once, in order")
    func overrides() {
        let answer = JSONObject(sortedKeys: [("changed", .bool(false)), ("id", .string("from answer")), ("status", .string("available"))])
        let request = JSONObject(sortedKeys: [("id", .string("welcome")), ("now", .timestamp(0)), ("op", .string("tip.status"))])
        let text = JSONValue.withObjectUTF8(answer, overriding: request) { String(decoding: $0, as: UTF8.self) }
        #expect(text == #"{"changed":false,"id":"welcome","now":"1970-01-01T00:00:00Z","op":"tip.status","status":"available"}"#)
        // Unsorted members and overrides are sorted first.
        let unsorted: JSONObject = ["z": .int(1), "b": .int(2)]
        let text2 = JSONValue.withObjectUTF8(unsorted, overriding: ["a": .int(0), "z": .int(9)]) { String(decoding: $0, as: UTF8.self) }
        #expect(text2 == #"{"a":0,"b":2,"z":9}"#)
    }

    @Test("a long answer grows the buffer")
    func longText() throws {
        let value = JSONValue.array((0..<500).map { .string("entry \($0) with \"quotes\"") })
        #expect(value.text == (try Self.encoded(value)))
    }
}
