@testable import BeckonPluginHost
import BeckonRules
import Testing

/// Condition signatures: `"(" [TYPE ("," TYPE)*] ")" "->" TYPE`, with optional spaces.
@Suite("condition signatures")
struct LoadingSignatureTests {
    static let wellFormed: [(String, [ValueType], ValueType)] = [
        ("() -> bool", [], .bool),
        ("()->bool", [], .bool),
        ("(int) -> bool", [.int], .bool),
        ("(int, int) -> bool", [.int, .int], .bool),
        ("( int ,double )->string", [.int, .double], .string),
        ("\t(\tversion\t)\t->\ttimestamp\t", [.version], .timestamp),
        ("(duration, timestamp, version, string, bool, double, int) -> int",
         [.duration, .timestamp, .version, .string, .bool, .double, .int], .int),
        ("() -> duration", [], .duration),
        ("(string) -> double", [.string], .double),
    ]

    @Test("well-formed signatures parse", arguments: wellFormed)
    func parses(_ text: String, _ parameters: [ValueType], _ result: ValueType) throws {
        let signature = try FunctionSignature(parsing: text)
        #expect(signature.parameters == parameters)
        #expect(signature.result == result)
    }

    static let malformed: [(String, String)] = [
        ("", "expected '(' at the start, found the end"),
        ("   ", "expected '(' at the start, found the end"),
        ("int -> bool", "expected '(' at the start, found 'int'"),
        ("(int, -> bool", "expected a type after ',', found '->'"),
        ("(int,) -> bool", "expected a type after ',', found ')'"),
        ("(, int) -> bool", "expected a type or ')' after '(', found ','"),
        ("(int int) -> bool", "expected ',' or ')' after 'int', found 'int'"),
        ("(int", "expected ',' or ')' after 'int', found the end"),
        ("(", "expected a type or ')' after '(', found the end"),
        ("(int) bool", "expected '->' after ')', found 'bool'"),
        ("(int)", "expected '->' after ')', found the end"),
        ("(int) ->", "expected the result type after '->', found the end"),
        ("(int) -> (bool)", "expected the result type after '->', found '('"),
        ("(int) -> bool bool", "unexpected 'bool' after the result type"),
        ("(int) -> bool)", "unexpected ')' after the result type"),
        ("(integer) -> bool", "unknown type 'integer' (the types are bool, int, double, string, duration, timestamp, version)"),
        ("(Int) -> bool", "unknown type 'Int' (the types are bool, int, double, string, duration, timestamp, version)"),
        ("() -> null", "unknown type 'null' (the types are bool, int, double, string, duration, timestamp, version)"),
        ("() -> void", "unknown type 'void' (the types are bool, int, double, string, duration, timestamp, version)"),
        ("(list<int>) -> bool", "unexpected character '<' at offset 5"),
        ("(int) - > bool", "unexpected character '-' at offset 6"),
        ("(int) -> bool;", "unexpected character ';' at offset 13"),
        ("(int) → bool", "unexpected character '→' at offset 6"),
        ("(int)\n-> bool", "unexpected character '\\u{a}' at offset 5"),
    ]

    @Test("malformed signatures say what is wrong", arguments: malformed)
    func refused(_ text: String, _ reason: String) {
        #expect(throws: FunctionSignature.Malformed(reason: reason)) { try FunctionSignature(parsing: text) }
    }
}
