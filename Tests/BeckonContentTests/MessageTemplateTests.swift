import BeckonContent
import BeckonCore
import BeckonRules
import Testing

/// ICU itself, through the shim: plural categories and numbers come from CLDR, not from here.
struct MessageTemplateTests {
    struct Case: Sendable, CustomTestStringConvertible {
        var locale: String
        var value: Value
        var expected: String
        var testDescription: String { "\(locale) \(value)" }
    }

    /// One message naming every CLDR category, so the answer shows which one ICU chose.
    static let categories = "{a0, plural, zero {zero #} one {one #} two {two #} few {few #} many {many #} other {other #}}"

    static let plurals: [Case] = [
        Case(locale: "en", value: .int(1), expected: "one 1"),
        Case(locale: "en", value: .int(0), expected: "other 0"),
        Case(locale: "en", value: .int(2), expected: "other 2"),
        Case(locale: "fr", value: .int(0), expected: "one 0"),
        Case(locale: "fr", value: .int(1), expected: "one 1"),
        Case(locale: "fr", value: .double(1.5), expected: "one 1,5"),
        Case(locale: "fr", value: .int(2), expected: "other 2"),
        Case(locale: "pl", value: .int(1), expected: "one 1"),
        Case(locale: "pl", value: .int(3), expected: "few 3"),
        Case(locale: "pl", value: .int(5), expected: "many 5"),
        Case(locale: "pl", value: .int(22), expected: "few 22"),
        Case(locale: "ar", value: .int(0), expected: "zero ٠"),
        Case(locale: "ar", value: .int(1), expected: "one ١"),
        Case(locale: "ar", value: .int(2), expected: "two ٢"),
        Case(locale: "ar", value: .int(3), expected: "few ٣"),
        Case(locale: "ar", value: .int(11), expected: "many ١١"),
        Case(locale: "ar", value: .int(100), expected: "other ١٠٠"),
        Case(locale: "ja", value: .int(1), expected: "other 1"),
        Case(locale: "ja", value: .int(0), expected: "other 0"),
    ]

    @Test(arguments: plurals)
    func pluralCategoriesAreCLDRs(_ item: Case) throws {
        let template = try MessageTemplate(Self.categories, locale: item.locale, argumentCount: 1)
        #expect(template.format([item.value]) == item.expected)
    }

    static let numbers: [Case] = [
        Case(locale: "en", value: .double(1234.5), expected: "1,234.5"),
        Case(locale: "fr", value: .double(1234.5), expected: "1\u{202F}234,5"),
        Case(locale: "de", value: .double(1234.5), expected: "1.234,5"),
        Case(locale: "de-CH", value: .int(1234), expected: "1’234"),
    ]

    @Test(arguments: numbers)
    func numbersArePerLocale(_ item: Case) throws {
        let template = try MessageTemplate("{a0, number}", locale: item.locale, argumentCount: 1)
        #expect(template.format([item.value]) == item.expected)
        // A simple argument formats a number the same way.
        let simple = try MessageTemplate("{a0}", locale: item.locale, argumentCount: 1)
        #expect(simple.format([item.value]) == item.expected)
    }

    @Test func selectOnStringsAndBools() throws {
        let template = try MessageTemplate("{a0, select, gold {Gold member} other {Member}} {a1, select, true {yes} other {no}}",
                                           locale: "en", argumentCount: 2)
        #expect(template.format([.string("gold"), .bool(true)]) == "Gold member yes")
        #expect(template.format([.string("basic"), .bool(false)]) == "Member no")
    }

    @Test func theLastTextIsKeptOnlyForTheSameValues() throws {
        let template = try MessageTemplate(Self.categories, locale: "en", argumentCount: 1)
        let values: [Value] = [.int(1), .int(1), .int(2), .double(1), .int(2), .int(3), .int(1)]
        #expect(values.map { template.format([$0]) } == ["one 1", "one 1", "other 2", "one 1", "other 2", "other 3", "one 1"])
    }

    @Test func longResultsAndManyArguments() throws {
        let pattern = (0..<12).map { "{a\($0)}" }.joined(separator: " ")
        let template = try MessageTemplate(pattern, locale: "en", argumentCount: 12)
        let word = String(repeating: "x", count: 100)
        let text = template.format((0..<12).map { _ in .string(word) })
        #expect(text == Array(repeating: word, count: 12).joined(separator: " "))
    }

    @Test func malformedMessagesSayWhere() {
        #expect(throws: MessageCompileError(code: "U_DEFAULT_KEYWORD_MISSING", utf16Offset: 0)) {
            try MessageTemplate("{a0, plural, one {x}}", locale: "en", argumentCount: 1)
        }
        do {
            _ = try MessageTemplate("ab {a0, number, {", locale: "en", argumentCount: 1)
            Issue.record("compiled")
        } catch {
            #expect(error.utf16Offset != nil)
        }
    }

    @Test func oneTemplateFromManyThreads() async throws {
        let template = try MessageTemplate(Self.categories, locale: "pl", argumentCount: 1)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    (0..<200).allSatisfy { round in
                        let number = Int64((task * 200 + round) % 1000)  // no grouping separator
                        return template.format([.int(number)]).hasSuffix(" \(number)")
                    }
                }
            }
            for await result in group { #expect(result) }
        }
    }
}
