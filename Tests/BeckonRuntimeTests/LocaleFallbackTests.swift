import BeckonConfig
import BeckonCore
@testable import BeckonRuntime
import Testing

/// The request's languages choose one of the configuration's locales by RFC 4647 lookup, and each
/// text then its own variant for that locale; every answer with content says which `locale`.
@Suite("Locale fallback in answers")
struct LocaleFallbackTests {
    static let configuration = """
        version: 1
        app: {version: 2.0.0}
        tips:
          welcome:
            title: {en: Welcome, de: Willkommen, de-CH: Grüezi, zh-Hant: 歡迎, fr: Bienvenue}
            message: {en: Start here, de: Fang hier an}
            actions: [{id: ok, title: {en: OK, fr: "D'accord"}}]
        groups:
          onboarding: {tips: [welcome]}
        whatsNew:
          entries:
            - version: 2.0.0
              title: {en: New, de: Neu, zh-Hant: 新}
              features: [{title: {en: Search, de-CH: Suechi}, subtitle: Plain}]
              primaryAction: {title: {en: Go, de: Los}}
        """

    /// What one request (an `Accept-Language` value: one tag is a valid list) is answered.
    struct Case: Sendable, CustomTestStringConvertible {
        var requested: String
        var locale: String
        var title: String
        var message: String
        var action: String
        var entry: String
        var feature: String
        var testDescription: String { "'\(requested)' → \(locale)" }
    }

    static let cases: [Case] = [
        // Exact; the message has no de-CH and falls back to de, the action to the default.
        Case(requested: "de-CH", locale: "de-CH", title: "Grüezi", message: "Fang hier an", action: "OK", entry: "Neu", feature: "Suechi"),
        // Case-insensitive, the configuration's spelling answered.
        Case(requested: "DE-ch", locale: "de-CH", title: "Grüezi", message: "Fang hier an", action: "OK", entry: "Neu", feature: "Suechi"),
        // Region to language.
        Case(requested: "de-AT", locale: "de", title: "Willkommen", message: "Fang hier an", action: "OK", entry: "Neu", feature: "Search"),
        // Script subtags: the region is dropped, the script kept.
        Case(requested: "zh-Hant-TW", locale: "zh-Hant", title: "歡迎", message: "Start here", action: "OK", entry: "新", feature: "Search"),
        // Per-text fallback: French has a title and an action only.
        Case(requested: "fr", locale: "fr", title: "Bienvenue", message: "Start here", action: "D'accord", entry: "New", feature: "Search"),
        // Unknown tag, and no tag: the default.
        Case(requested: "ja-JP", locale: "en", title: "Welcome", message: "Start here", action: "OK", entry: "New", feature: "Search"),
        Case(requested: "", locale: "en", title: "Welcome", message: "Start here", action: "OK", entry: "New", feature: "Search"),
        // A priority list: the best-quality range that matches wins.
        Case(requested: "fr;q=0.5, de", locale: "de", title: "Willkommen", message: "Fang hier an", action: "OK", entry: "Neu", feature: "Search"),
        Case(requested: "ja, fr-CA;q=0.9, de;q=0.1", locale: "fr", title: "Bienvenue", message: "Start here", action: "D'accord", entry: "New",
             feature: "Search"),
    ]

    static let runtime = Result { try Runtime.open(Runtime.load(yaml: configuration, path: "locales.yaml"), store: MemoryStore()) }

    static func request(_ requested: String) -> DecisionRequest {
        DecisionRequest(subject: "ada", now: 1_772_355_600_000, locales: LocaleLookup.ranges(acceptLanguage: requested))
    }

    static func object(_ value: JSONValue?) -> JSONObject? {
        if case .object(let object) = value { return object }
        return nil
    }

    static func first(_ value: JSONValue?) -> JSONValue? {
        if case .array(let items) = value { return items.first }
        return nil
    }

    @Test(arguments: cases)
    func aTipAnswerIsInTheChosenLocale(_ expected: Case) throws {
        let engine = try Self.runtime.get().engine
        let report = try OperationRunner.perform(.tipStatus("welcome"), Self.request(expected.requested), on: engine)
        let json = report.answerJSON
        #expect(json["locale"] == .string(expected.locale))
        #expect(json["title"] == .string(expected.title))
        #expect(json["message"] == .string(expected.message))
        #expect(Self.object(Self.first(json["actions"]))?["title"] == .string(expected.action))
        // The direct writer (every host's tip answers) writes the same bytes as the members.
        let direct = report.withJSONText(subject: "ada", now: 0) { String(decoding: $0, as: UTF8.self) }
        #expect(direct == report.generalJSONText(subject: "ada", now: 0))
        #expect(direct.contains("\"locale\":\"\(expected.locale)\""))
    }

    @Test(arguments: cases)
    func theFastPathsTipAnswerIsInTheChosenLocale(_ expected: Case) throws {
        let serving = ReloadableRuntime(try Self.runtime.get()).serving
        let engine = serving.runtime.engine
        let request = Self.request(expected.requested)
        let slot = try engine.tipSlot(of: "welcome")
        let decision = try engine.tipStatus(slot: slot, request)
        let fast = serving.tipAnswers.withStatusJSONText(slot: slot, id: nil, decision, subject: "ada", now: request.now) { bytes, _ in
            String(decoding: bytes, as: UTF8.self)
        }
        let general = try OperationRunner.perform(.tipStatus("welcome"), request, on: engine)
            .withJSONText(subject: "ada", now: request.now) { String(decoding: $0, as: UTF8.self) }
        #expect(fast == general)
        #expect(fast.contains("\"title\":\"\(expected.title)\""))
    }

    @Test(arguments: cases)
    func aGroupAnswerIsInTheChosenLocale(_ expected: Case) throws {
        let engine = try Self.runtime.get().engine
        let json = try OperationRunner.perform(.groupCurrent("onboarding"), Self.request(expected.requested), on: engine).answerJSON
        #expect(json["current"] == .string("welcome"))
        #expect(json["locale"] == .string(expected.locale))
        #expect(json["title"] == .string(expected.title))
        #expect(json["message"] == .string(expected.message))
    }

    @Test(arguments: cases)
    func aWhatsNewAnswerIsInTheChosenLocale(_ expected: Case) throws {
        let engine = try Self.runtime.get().engine
        let json = try OperationRunner.perform(.whatsNewNext, Self.request(expected.requested), on: engine).answerJSON
        #expect(json["locale"] == .string(expected.locale))
        let entry = try #require(Self.object(Self.first(json["entries"])))
        #expect(entry["title"] == .string(expected.entry))
        let feature = try #require(Self.object(Self.first(entry["features"])))
        #expect(feature["title"] == .string(expected.feature))
        #expect(feature["subtitle"] == .string("Plain"))
    }

    @Test(arguments: cases)
    func theStatusOverviewIsInTheChosenLocale(_ expected: Case) throws {
        let engine = try Self.runtime.get().engine
        let json = try StatusReport.make(Self.request(expected.requested), on: engine).json
        #expect(json["locale"] == .string(expected.locale))
        let tip = try #require(Self.object(Self.first(json["tips"])))
        #expect(tip["locale"] == .string(expected.locale))
        #expect(tip["title"] == .string(expected.title))
        let group = try #require(Self.object(Self.first(json["groups"])))
        #expect(group["locale"] == .string(expected.locale))
        #expect(group["title"] == .string(expected.title))
        #expect(Self.object(json["whatsNew"])?["locale"] == .string(expected.locale))
    }

    @Test func withoutTranslationsEveryAnswerSaysTheDefaultLocale() throws {
        let yaml = "version: 1\napp: {version: 1.0.0}\ntips: {a: {title: Hi}}\ngroups: {g: {tips: [a]}}"
        let engine = try Runtime.open(Runtime.load(yaml: yaml, path: "plain.yaml"), store: MemoryStore()).engine
        for requested in ["", "de-CH", "en"] {
            let request = Self.request(requested)
            for operation in [TraceOperation.tipStatus("a"), .groupCurrent("g"), .whatsNewNext, .tipDisplay("a"), .explainTip("a")] {
                let json = try OperationRunner.perform(operation, request, on: engine).answerJSON
                #expect(json["locale"] == .string("en"), "\(operation)")
            }
            #expect(try StatusReport.make(request, on: engine).json["locale"] == .string("en"))
        }
    }

    @Test func aGroupWithNoCurrentTipStillSaysItsLocale() throws {
        let yaml = "version: 1\ntips: {a: {title: {en: Hi, de: Hallo}, rules: [\"false\"]}}\ngroups: {g: {tips: [a]}}"
        let engine = try Runtime.open(Runtime.load(yaml: yaml, path: "none.yaml"), store: MemoryStore()).engine
        let json = try OperationRunner.perform(.groupCurrent("g"), Self.request("de"), on: engine).answerJSON
        #expect(json["current"] == .null)
        #expect(json["locale"] == .string("de"))
        #expect(json["title"] == nil)
    }
}
