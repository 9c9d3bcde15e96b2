import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// Content texts written as mappings from BCP 47 tags to texts, and `app.defaultLocale`.
@Suite("Localized texts in configurations")
struct LocalizedTextTests {
    static let localized = """
        version: 1
        app: {defaultLocale: en}
        tips:
          welcome:
            title: {de: Willkommen, en: Welcome, fr-CA: Bienvenue}
            message: Plain
            actions:
              - {id: ok, title: {en: OK, de-CH: Guet}}
        whatsNew:
          entries:
            - version: 2.0.0
              title: {en: "New", zh-Hant: 新}
              features:
                - {title: Feature, subtitle: {en: Sub, DE: Unter}}
              primaryAction: {title: {en: Go, de: Los}}
        """

    @Test func aMappingIsReadWithTheDefaultLocalesTextFirst() throws {
        let configuration = try ConfigurationLoader().load(yaml: Self.localized, path: "test.yaml").configuration
        let tip = try #require(configuration.tips["welcome"])
        #expect(tip.title.variants.map(\.locale) == ["en", "de", "fr-CA"])
        #expect(tip.title.text == "Welcome")
        #expect(tip.message?.isPlain == true)
        #expect(tip.actions[0].title.variants.map(\.text) == ["OK", "Guet"])
        // Each variant keeps where its text and its tag are, for diagnostics inside it.
        let german = tip.title.variants[1]
        #expect(german.localeSpan?.start == SourcePosition(line: 5, column: 13))
        #expect(german.origin?.location(atOffset: 0) == SourcePosition(line: 5, column: 17))
    }

    @Test func theConfigurationsLocalesAreTheDefaultThenEachTagInFirstUseOnce() throws {
        let configuration = try ConfigurationLoader().load(yaml: Self.localized, path: "test.yaml").configuration
        #expect(configuration.defaultLocale == "en")
        #expect(configuration.locales == ["en", "de", "fr-CA", "de-CH", "zh-Hant"])
    }

    @Test func withoutTranslationsTheLocalesAreTheDefaultOnly() throws {
        let configuration = try ConfigurationLoader().load(yaml: "version: 1\napp: {defaultLocale: de-CH}\ntips: {a: {title: Hallo}}",
                                                           path: "test.yaml").configuration
        #expect(configuration.defaultLocale == "de-CH")
        #expect(configuration.locales == ["de-CH"])
        #expect(configuration.tips["a"]?.title.variants.map(\.locale) == [nil])
    }

    @Test func aDefaultLocaleSetInAnotherFileIsTheOneTextsNeed() throws {
        let configuration = try ConfigurationLoader().load(yaml: "version: 1\napp: {defaultLocale: fr}\ntips: {a: {title: {en: Hi, fr: Salut}}}",
                                                           path: "test.yaml").configuration
        #expect(configuration.tips["a"]?.title.variants.map(\.locale) == ["fr", "en"])
        #expect(configuration.locales == ["fr", "en"])
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let yaml: String
        let line: Int
        let column: Int
        let message: String
        var testDescription: String { message }
    }

    @Test(arguments: [
        Refusal(yaml: "version: 1\ntips:\n  a:\n    title: {en: Hi, en_GB: Hello}", line: 4, column: 21,
                message: "'en_GB' in the title of tip 'a' is not a well-formed BCP 47 language tag"),
        Refusal(yaml: "version: 1\ntips:\n  a:\n    title: {en: Hi, de: Hallo, DE: Hallo}", line: 4, column: 32,
                message: "the title of tip 'a' has more than one text for 'DE'"),
        Refusal(yaml: "version: 1\ntips:\n  a:\n    title: {de: Hallo}", line: 4, column: 13,
                message: "the title of tip 'a' has no text in the default locale 'en'"),
        Refusal(yaml: "version: 1\napp: {defaultLocale: fr}\ntips:\n  a:\n    title: Hi\n    message: {en: Hi}", line: 6, column: 15,
                message: "the message of tip 'a' has no text in the default locale 'fr'"),
        Refusal(yaml: "version: 1\napp:\n  defaultLocale: en_US", line: 3, column: 18,
                message: "'app.defaultLocale' must be a well-formed BCP 47 language tag (such as en, de-CH or zh-Hant-TW), not 'en_US'"),
        Refusal(yaml: "version: 1\ntips:\n  a:\n    title: {}", line: 4, column: 12,
                message: "the title of tip 'a' has no texts"),
        Refusal(yaml: "version: 1\ntips:\n  a:\n    title: Hi\n    actions: [{id: ok, title: {fr: Oui}}]", line: 5, column: 32,
                message: "the title of action 'ok' of tip 'a' has no text in the default locale 'en'"),
        Refusal(yaml: "version: 1\nwhatsNew:\n  entries:\n    - version: 1.0.0\n      title: Hi\n      features: [{title: T, subtitle: {en-: S}}]",
                line: 6, column: 40, message: "'en-' in the subtitle of a feature of what's-new entry 1.0.0 is not a well-formed"),
        Refusal(yaml: "version: 1\nwhatsNew:\n  entries:\n    - version: 1.0.0\n      title: {de: Neu}", line: 5, column: 15,
                message: "the title of what's-new entry 1.0.0 has no text in the default locale 'en'"),
    ])
    func eachProblemIsAConfigLocaleErrorAtItsPlace(refusal: Refusal) throws {
        let error = try #require(Fixtures.diagnostics(yaml: refusal.yaml))
        #expect(error.diagnostics.map(\.code) == ["config.locale"])
        let diagnostic = try #require(error.diagnostics.first)
        #expect(diagnostic.span.start == SourcePosition(line: refusal.line, column: refusal.column))
        #expect(diagnostic.message.hasPrefix(refusal.message), "\(diagnostic.message)")
    }

    @Test func everyProblemIsReportedAtOnce() throws {
        let yaml = "version: 1\ntips:\n  a: {title: {en: Hi, xx_1: A}}\n  b: {title: Hi, message: {de: B}}\n  c: {title: {en: Hi, EN: Ho}}"
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.diagnostics.map(\.code) == ["config.locale", "config.locale", "config.locale"])
    }

    @Test func aTextThatIsNeitherTextNorAMappingIsATypeError() throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\ntips:\n  a:\n    title: [Hi]"))
        #expect(error.diagnostics.map(\.message) == ["the title of tip 'a' must be text or a mapping from language tags to texts, not a list"])
    }
}
