import BeckonContent
import BeckonRules
import BeckonTestSupport
import Testing

/// A message's plan (the shim's `MessagePlan`, which formats text, simple arguments, plural and
/// select without `icu::MessageFormat`) writes what `MessageFormat` writes: on generated messages
/// (nested plurals with offsets and `=N` cases, selects, quoting apostrophes) in locales whose
/// plural rules and digits differ, with integers around the plan's kept range, strings, and values
/// the plan leaves to `MessageFormat` (fractions, a string in a plural).
@Suite("Message plans agree with ICU's MessageFormat")
struct MessagePlanTests {
    static let locales = ["en", "fr", "pl", "ar", "ja", "de-CH", "ru", "cy", "hi", "lt", "he", "pt-PT"]

    @Test func plannedAndMessageFormatTextsAreEqual() throws {
        var random = SplitMix64(seed: 0x9_1A_4E)
        var compared = 0, planned = 0
        for _ in 0..<300 {
            let pattern = Self.message(&random, depth: 0, inPlural: false)
            let locale = random.pick(Self.locales)
            let template = try MessageTemplate(pattern, locale: locale, argumentCount: 3)
            if template.hasPlan { planned += 1 }
            for _ in 0..<12 {
                let values = [Self.value(&random), Self.value(&random), Self.value(&random)]
                // Twice by the plan: the second reads the integers it kept.
                let expected = template.format(values, planned: false)
                #expect(template.format(values, planned: true) == expected, "\(locale) \(pattern) \(values)")
                #expect(template.format(values, planned: true) == expected, "\(locale) \(pattern) \(values), again")
                compared += 1
            }
        }
        // Most generated messages have plans, so the comparison is of two paths.
        #expect(planned > 250)
        #expect(compared == 3_600)
    }

    struct Shape: Sendable, CustomTestStringConvertible {
        var pattern: String
        var planned: Bool
        var testDescription: String { pattern }
    }

    static let shapes: [Shape] = [
        Shape(pattern: "{a0, plural, one {# landmark} other {# landmarks}} saved by {a1}", planned: true),
        Shape(pattern: "{a1, select, morning {Good morning} other {Hello}}, '{'{a0}'}' ''", planned: true),
        Shape(pattern: "{a0, plural, offset:1 =0 {nobody} =1 {{a1}} other {{a1} and # others}}", planned: true),
        Shape(pattern: "{a0, number}", planned: false),
        Shape(pattern: "{a0, selectordinal, one {#st} two {#nd} few {#rd} other {#th}}", planned: false),
        Shape(pattern: "{a0, plural, offset:1.5 other {#}}", planned: false),
    ]

    @Test(arguments: shapes)
    func planCoversTheShapesTemplatesMostlyTake(_ shape: Shape) throws {
        let template = try MessageTemplate(shape.pattern, locale: "en", argumentCount: 2)
        #expect(template.hasPlan == shape.planned)
        for count in [0, 1, 2, 5, 255, 256, 1_000_000] {
            let values: [Value] = [.int(Int64(count)), .string("morning")]
            #expect(template.format(values, planned: true) == template.format(values, planned: false))
        }
    }

    /// A random message: text (with quoting), simple arguments, plurals (offsets, `=N`, `#`) and
    /// selects, nested up to two deep.
    static func message(_ random: inout SplitMix64, depth: Int, inPlural: Bool) -> String {
        var parts: [String] = []
        for _ in 0..<(1 + random.below(3)) {
            switch random.below(depth < 2 ? 6 : 3) {
            // A `}` is text only outside every argument.
            case 0: parts.append(random.pick(["Saved ", " by ", "Ą ż ", "ok", "l''été ", "'{'braces'}' ", "日本 "] + (depth == 0 ? ["a}b "] : [])))
            case 1: parts.append(inPlural ? "#" : "{a\(random.below(3))}")
            case 2: parts.append("{a\(random.below(3))}")
            case 3, 4: parts.append(plural(&random, depth: depth))
            default: parts.append(select(&random, depth: depth))
            }
        }
        return parts.joined()
    }

    static func plural(_ random: inout SplitMix64, depth: Int) -> String {
        let offset = random.below(4) == 0 ? " offset:\(random.below(3))" : ""
        var cases = ["zero", "one", "two", "few", "many"].filter { _ in random.below(2) == 0 }
        if random.below(2) == 0 { cases.insert("=\(random.below(4))", at: 0) }
        cases.append("other")
        let body = cases.map { "\($0) {\(message(&random, depth: depth + 1, inPlural: true))}" }.joined(separator: " ")
        return "{a\(random.below(2)), plural,\(offset) \(body)}"
    }

    static func select(_ random: inout SplitMix64, depth: Int) -> String {
        var keys = ["true", "false", "morning", "Ada"].filter { _ in random.below(2) == 0 }
        keys.append("other")
        let body = keys.map { "\($0) {\(message(&random, depth: depth + 1, inPlural: false))}" }.joined(separator: " ")
        return "{a\(1 + random.below(2)), select, \(body)}"
    }

    static func value(_ random: inout SplitMix64) -> Value {
        switch random.below(10) {
        case 0: .int(Int64(random.below(2_000_000_000)) * (random.below(2) == 0 ? 1 : -1))
        case 1: .int(Int64(250 + random.below(12)))
        case 2: .double(Double(random.below(2_000)) / 8)
        case 3: .string(random.pick(["true", "false", "morning", "Ada", "", "Zoë"]))
        case 4: .bool(random.below(2) == 0)
        default: .int(Int64(random.below(30)))
        }
    }
}
