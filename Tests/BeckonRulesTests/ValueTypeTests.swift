import BeckonRules
import Testing

@Suite("ValueType")
struct ValueTypeTests {
    static let declarations: [(text: String, type: ValueType)] = [
        ("bool", .bool),
        ("int", .int),
        ("double", .double),
        ("string", .string),
        ("duration", .duration),
        ("timestamp", .timestamp),
        ("version", .version),
        ("list<string>", .list(.string)),
        ("list<int>", .list(.int)),
        ("list<version>", .list(.version)),
        (" int ", .int),
        ("\tversion", .version),
        ("list< string >", .list(.string)),
        ("  list<duration>\t", .list(.duration)),
    ]

    @Test(arguments: declarations)
    func parsesDeclarations(text: String, type: ValueType) {
        #expect(ValueType(declaration: text) == type)
    }

    @Test(arguments: [
        "", " ", "strin", "integer", "INT", "String", "null", "list", "list<>", "list<int", "listint>", "List<int>",
        "list<list<int>>", "list<int>>", "list<null>", "list<strin>", "int?", "list <int>", "[int]", "int,string",
    ])
    func rejectsDeclarations(text: String) {
        #expect(ValueType(declaration: text) == nil)
    }

    @Test func declarationNamesParseBackToThemselves() {
        let names = ValueType.declarationNames
        #expect(names == [
            "bool", "int", "double", "string", "version", "timestamp", "duration",
            "list<bool>", "list<int>", "list<double>", "list<string>", "list<version>", "list<timestamp>", "list<duration>",
        ])
        #expect(names.map { ValueType(declaration: $0)?.description } == names)
    }

    static let descriptions: [(type: ValueType, text: String)] = [
        (.bool, "bool"), (.int, "int"), (.double, "double"), (.string, "string"), (.duration, "duration"),
        (.timestamp, "timestamp"), (.version, "version"), (.null, "null"),
        (.list(.int), "list<int>"), (.list(.null), "list<null>"), (.list(.list(.string)), "list<list<string>>"),
    ]

    @Test(arguments: descriptions)
    func describes(type: ValueType, text: String) {
        #expect(type.description == text)
    }

    @Test func numericTypes() {
        #expect(ValueType.int.isNumeric)
        #expect(ValueType.double.isNumeric)
        #expect(!ValueType.string.isNumeric)
        #expect(!ValueType.duration.isNumeric)
        #expect(!ValueType.list(.int).isNumeric)
        #expect(!ValueType.null.isNumeric)
    }
}
