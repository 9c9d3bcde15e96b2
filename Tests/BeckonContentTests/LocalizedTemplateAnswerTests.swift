import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRules
@testable import BeckonRuntime
import Testing

/// Templates through a real configuration and a real answer: the JSON every host writes (the
/// general writer and the precomputed runs of the C API and `beckon serve`), in the request's
/// locale, with CLDR's plural categories and numbers from ICU.
struct LocalizedTemplateAnswerTests {
    /// Every CLDR category named, so that the answer shows which one the locale chose.
    static let categories = "{params.n, plural, zero {zero} one {one} two {two} few {few} many {many} other {other}} {params.n}"

    static let yaml = """
        version: 1
        app: {defaultLocale: en}
        parameters:
          n: {type: double, default: 0}
          tier: {type: string, default: basic}
        tips:
          counted:
            title: {en: "\(categories)", fr: "\(categories)", pl: "\(categories)", ar: "\(categories)", ja: "\(categories)", de: "\(categories)"}
            message: {en: "{params.n, number}", fr: "{params.n, number}", de: "{params.n, number}"}
            actions:
              - {id: tier, title: {en: "{params.tier, select, gold {Gold plan} other {Basic plan}}", de: "{params.tier, select, gold {Gold-Tarif} other {Basis-Tarif}}"}}
          plain:
            title: Plain
        groups:
          only: {tips: [counted]}
        """

    static let runtime: Runtime = {
        let loaded = try! ConfigurationLoader().load(yaml: yaml, path: "t.yaml")
        return try! Runtime.open(loaded, store: MemoryStore())
    }()

    /// The JSON tip status of `counted` for a subject whose `n` is `n`, asked in `locale`, as the
    /// general writer and the precomputed runs write it (which must agree).
    static func answer(n: Value, tier: String = "basic", locale: String) throws -> String {
        let engine = runtime.engine
        let subject = "s-\(n)-\(tier)"
        let request = DecisionRequest(subject: subject, now: 1_767_225_600_000, locales: LocaleLookup.ranges(acceptLanguage: locale))
        try engine.setParameter("n", to: n, request)
        try engine.setParameter("tier", to: .string(tier), request)
        let decision = try engine.tipStatus("counted", request)
        let general = OperationReport(.tipStatus("counted"), .tip(decision)).generalJSONText(subject: subject, now: request.now)
        let runs = TipAnswerTemplates(content: engine.content)
            .withStatusJSONText(slot: try engine.tipSlot(of: "counted"), id: nil, decision, subject: subject, now: request.now) { bytes, _ in
                String(decoding: bytes, as: UTF8.self)
            }
        #expect(general == runs)
        return general
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var locale: String
        var n: Double
        var title: String
        var testDescription: String { "\(locale) \(n)" }
    }

    static let plurals: [Case] = [
        Case(locale: "en", n: 1, title: "one 1"),
        Case(locale: "en", n: 0, title: "other 0"),
        Case(locale: "en-GB", n: 2, title: "other 2"),
        Case(locale: "fr", n: 0, title: "one 0"),
        Case(locale: "fr", n: 1, title: "one 1"),
        Case(locale: "fr-CA", n: 1.5, title: "one 1,5"),
        Case(locale: "fr", n: 2, title: "other 2"),
        Case(locale: "pl", n: 1, title: "one 1"),
        Case(locale: "pl", n: 3, title: "few 3"),
        Case(locale: "pl", n: 5, title: "many 5"),
        Case(locale: "pl", n: 1.5, title: "other 1,5"),
        Case(locale: "ar", n: 0, title: "zero ٠"),
        Case(locale: "ar", n: 1, title: "one ١"),
        Case(locale: "ar", n: 2, title: "two ٢"),
        Case(locale: "ar", n: 3, title: "few ٣"),
        Case(locale: "ar", n: 11, title: "many ١١"),
        Case(locale: "ar", n: 100, title: "other ١٠٠"),
        Case(locale: "ja", n: 1, title: "other 1"),
        Case(locale: "ja", n: 0, title: "other 0"),
    ]

    @Test(arguments: plurals)
    func pluralCategoriesInTheRequestsLocale(_ item: Case) throws {
        let answer = try Self.answer(n: .double(item.n), locale: item.locale)
        #expect(answer.contains("\"title\":\"\(item.title)\""), "\(answer)")
        let chosen = LocaleLookup.choose([item.locale], from: Self.runtime.engine.content.locales, defaultLocale: "en")
        #expect(answer.contains("\"locale\":\"\(chosen)\""), "\(answer)")
    }

    static let numbers: [(String, String)] = [
        ("en", "1,234.5"),
        ("fr", "1\u{202F}234,5"),
        ("de", "1.234,5"),
        // Japanese has no translation of the message: the default locale's text, in English.
        ("ja", "1,234.5"),
    ]

    @Test(arguments: numbers)
    func numbersPerLocale(_ locale: String, _ expected: String) throws {
        let answer = try Self.answer(n: .double(1234.5), locale: locale)
        #expect(answer.contains("\"message\":\"\(expected)\""), "\(answer)")
    }

    @Test func selectOnAStringParameter() throws {
        #expect(try Self.answer(n: .double(1), tier: "gold", locale: "en").contains("\"title\":\"Gold plan\""))
        #expect(try Self.answer(n: .double(1), tier: "free", locale: "en").contains("\"title\":\"Basic plan\""))
        #expect(try Self.answer(n: .double(1), tier: "gold", locale: "de-AT").contains("\"title\":\"Gold-Tarif\""))
    }

    @Test func groupsStatusAndPlainTipsAgree() throws {
        let engine = Self.runtime.engine
        let request = DecisionRequest(subject: "g", now: 1_767_225_600_000, locales: ["pl"])
        try engine.setParameter("n", to: .double(3), request)
        let group = try engine.groupCurrent("only", request)
        #expect(GroupDecisionRenderer.context(of: group, in: engine).1?.title.text == "few 3")
        let all = try engine.allTipStatuses(request)
        #expect(all.map(\.content.title.text) == ["few 3", "Plain"])
        #expect(try engine.tipStatus("plain", request).templateValues == nil)
    }
}
