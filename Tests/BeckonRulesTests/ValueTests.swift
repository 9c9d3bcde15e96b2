import BeckonRules
import Testing

@Suite("Value")
struct ValueTests {
    static let v120 = Version(major: 1, minor: 2)

    static let conformance: [(value: Value, type: ValueType, conforms: Bool)] = [
        // Null fits everything.
        (.null, .int, true),
        (.null, .string, true),
        (.null, .list(.string), true),
        (.null, .null, true),
        // Each scalar fits its own type only.
        (.bool(true), .bool, true),
        (.int(1), .int, true),
        (.double(1.5), .double, true),
        (.string("x"), .string, true),
        (.duration(1_000), .duration, true),
        (.timestamp(0), .timestamp, true),
        (.version(v120), .version, true),
        (.int(1), .double, false),
        (.double(1), .int, false),
        (.bool(false), .int, false),
        (.string("1"), .int, false),
        (.string("1.2.0"), .version, false),
        (.version(v120), .string, false),
        (.duration(1_000), .int, false),
        (.int(1_000), .duration, false),
        (.timestamp(0), .duration, false),
        (.duration(0), .timestamp, false),
        (.bool(true), .null, false),
        // Lists: every item fits the element type.
        (.list([]), .list(.int), true),
        (.list([.string("pro"), .string("team")]), .list(.string), true),
        (.list([.int(1), .null]), .list(.int), true),
        (.list([.int(1), .string("a")]), .list(.int), false),
        (.list([.string("a")]), .list(.int), false),
        (.list([.int(1)]), .int, false),
        (.int(1), .list(.int), false),
        (.list([]), .string, false),
    ]

    @Test(arguments: conformance)
    func conforms(value: Value, type: ValueType, conforms: Bool) {
        #expect(value.conforms(to: type) == conforms)
    }

    static let descriptions: [(value: Value, text: String)] = [
        (.null, "null"),
        (.bool(true), "true"),
        (.bool(false), "false"),
        (.int(42), "42"),
        (.int(-7), "-7"),
        (.double(0.3), "0.3"),
        (.double(2), "2.0"),
        (.double(-1.5), "-1.5"),
        (.string("pro"), "\"pro\""),
        (.string(""), "\"\""),
        (.duration(129_600_000), "1d12h"),
        (.duration(0), "0s"),
        (.duration(-1_500), "-1s500ms"),
        (.timestamp(1_772_357_400_000), "2026-03-01T09:30:00Z"),
        (.timestamp(-500), "1969-12-31T23:59:59.500Z"),
        (.version(v120), "v\"1.2.0\""),
        (.list([.string("pro"), .string("team")]), "[\"pro\", \"team\"]"),
        (.list([]), "[]"),
        (.list([.list([.int(1)]), .null]), "[[1], null]"),
    ]

    @Test(arguments: descriptions)
    func describes(value: Value, text: String) {
        #expect(value.description == text)
    }

    static let types: [(value: Value, type: ValueType)] = [
        (.null, .null),
        (.bool(true), .bool),
        (.int(1), .int),
        (.double(1), .double),
        (.string("s"), .string),
        (.duration(1), .duration),
        (.timestamp(1), .timestamp),
        (.version(v120), .version),
        (.list([.int(1), .int(2)]), .list(.int)),
        (.list([]), .list(.null)),
    ]

    @Test(arguments: types)
    func reportsItsType(value: Value, type: ValueType) {
        #expect(value.type == type)
    }

    /// A double written as text (`--transient`, `param set`, a query's `transient=`) is a decimal
    /// numeral: what `Double` also reads beyond that (infinities, NaN, hexadecimal, a numeral
    /// too large to be finite) is refused.
    static let doublesAsText: [(text: String, read: Double?)] = [
        ("0.8", 0.8), ("-1e3", -1000), ("+2", 2), ("1E-2", 0.01), (".5", 0.5), ("7", 7),
        ("inf", nil), ("-infinity", nil), ("nan", nil), ("0x1p3", nil), ("1e999", nil), ("", nil), ("1,5", nil),
        ("٣", nil), ("0.8 ", nil),
    ]

    @Test(arguments: doublesAsText)
    func readsADoubleOnlyFromADecimalNumeral(text: String, read: Double?) {
        switch Value.parse(text, as: .double) {
        case .success(let value): #expect(read.map(Value.double) == value, "'\(text)'")
        case .failure(let error):
            #expect(read == nil, "'\(text)': \(error.message)")
            let outOfRange = text == "1e999"
            #expect(error.message == "'\(text)' is not a double" + (outOfRange ? ": a double is from about -1.8e308 to 1.8e308" : ""))
        }
    }

    /// An integer numeral too large for 64 bits is named out of range; any other text is not an int.
    @Test(arguments: [
        ("9223372036854775807", nil), ("-9223372036854775808", nil),
        ("9223372036854775808", ": an int is from -9223372036854775808 to 9223372036854775807"),
        ("-99999999999999999999", ": an int is from -9223372036854775808 to 9223372036854775807"),
        ("12x", ""), ("1e3", ""), ("", ""), ("-", ""), ("+", ""),
    ] as [(String, String?)])
    func readsAnIntOrSaysWhyNot(text: String, why: String?) {
        switch Value.parse(text, as: .int) {
        case .success: #expect(why == nil, "'\(text)'")
        case .failure(let error): #expect(error.message == "'\(text)' is not an int" + (why ?? "-"), "'\(text)'")
        }
    }
}
