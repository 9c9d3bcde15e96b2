import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// `LocalizedContent`: a request's locale chosen once among the configuration's, and each text's
/// variant for every configuration locale found at load.
@Suite("Localized content")
struct LocalizedContentTests {
    static func text(_ pairs: KeyValuePairs<String, String>) -> ContentText {
        ContentText(variants: pairs.map { ContentText.Variant(locale: $0.key, text: $0.value) })
    }

    static let configuration = Configuration(
        defaultLocale: "en",
        tips: Declarations([
            TipDeclaration(id: "a", title: text(["en": "Hello", "de": "Hallo", "de-CH": "Grüezi"]),
                           message: text(["en": "Read", "zh-Hant": "讀"]), actions: [TipAction(id: "ok", title: "OK")],
                           span: .wholeFile("t.yaml")),
            TipDeclaration(id: "b", title: "Plain", span: .wholeFile("t.yaml")),
        ]),
        whatsNew: WhatsNewSettings(entries: [
            WhatsNewEntry(version: Version(major: 1), title: text(["en": "New", "FR": "Nouveau"]),
                          features: [WhatsNewFeature(title: "F", subtitle: text(["en": "S", "de": "U"]))], span: .wholeFile("t.yaml")),
        ]))

    @Test func theLocalesAreTheDefaultThenEachTagInFirstUse() {
        #expect(LocalizedContent(Self.configuration).locales == ["en", "de", "de-CH", "zh-Hant", "FR"])
    }

    /// The table per text: configuration locale → its variant.
    @Test func eachTextsVariantForEachLocale() {
        let locales = Self.configuration.locales
        #expect(LocalizedContent.variantIndices(of: Self.configuration.tips.all[0].title, locales: locales) == [0, 1, 2, 0, 0])
        #expect(LocalizedContent.variantIndices(of: Self.configuration.tips.all[0].message!, locales: locales) == [0, 0, 0, 1, 0])
        #expect(LocalizedContent.variantIndices(of: "Plain", locales: locales) == [0, 0, 0, 0, 0])
    }

    @Test(arguments: [
        ([String](), "en"), (["de-CH"], "de-CH"), (["de-ch"], "de-CH"), (["de-AT"], "de"), (["zh-Hant-TW"], "zh-Hant"),
        (["fr-CA"], "FR"), (["ja", "de"], "de"), (["ja"], "en"), (["*"], "en"), (["x-private"], "en"),
    ])
    func aRequestChoosesOneLocaleAsTheConfigurationWritesIt(requested: [String], chosen: String) {
        let content = LocalizedContent(Self.configuration)
        #expect(content.locales[content.localeIndex(for: requested)] == chosen)
        #expect(chosen == LocaleLookup.choose(requested, from: content.locales, defaultLocale: "en"))
    }

    @Test func declarationsInALocaleHaveEachTextsVariant() {
        let content = LocalizedContent(Self.configuration)
        let swiss = content.index(ofLocale: "de-CH"), chinese = content.index(ofLocale: "zh-Hant")
        #expect(content.tips[swiss].map(\.title.text) == ["Grüezi", "Plain"])
        #expect(content.tips[swiss][0].message?.text == "Read")
        #expect(content.tips[chinese][0].message?.text == "讀")
        #expect(content.tips[chinese][0].message?.variants.map(\.locale) == ["zh-Hant"])
        #expect(content.tips[swiss][0].actions.map(\.title.text) == ["OK"])
        let german = content.index(ofLocale: "de"), french = content.index(ofLocale: "FR")
        #expect(content.whatsNewEntries[german][0].title.text == "New")
        #expect(content.whatsNewEntries[german][0].features[0].subtitle?.text == "U")
        #expect(content.whatsNewEntries[swiss][0].features[0].subtitle?.text == "U")
        #expect(content.whatsNewEntries[french][0].title.text == "Nouveau")
        // The default locale's declarations are the configuration's own.
        #expect(content.tips[0] == Self.configuration.tips.all)
    }

    @Test func aConfigurationWithoutTranslationsHasOneLocale() {
        let content = LocalizedContent(Configuration(defaultLocale: "de", tips: Declarations([TipDeclaration(id: "a", title: "Hallo", span: .wholeFile("t.yaml"))])))
        #expect(content.locales == ["de"])
        #expect(content.localeIndex(for: ["fr", "en"]) == 0)
        #expect(content.tips.count == 1)
    }
}
