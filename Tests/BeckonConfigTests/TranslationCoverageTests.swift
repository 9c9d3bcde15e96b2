import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// Which text each locale shows for each content text, and the warnings for texts that fall
/// back to the default locale's text where other texts have a translation.
@Suite("Translation coverage")
struct TranslationCoverageTests {
    static let yaml = """
        version: 1
        app: {defaultLocale: en}
        tips:
          welcome:
            title: {en: Welcome, de: Willkommen, fr: Bienvenue}
            message: {en: Start here., de: Fang hier an.}
            actions:
              - {id: ok, title: {en: OK, de-CH: Guet}}
              - {id: later, title: Later}
          regional:
            title: {en: Colour, en-GB: Colour, de: Farbe, fr: Couleur}
        """

    static func load() throws -> LoadedConfiguration {
        try ConfigurationLoader().load(yaml: yaml, path: "t.yaml")
    }

    @Test func eachLocaleShowsTheTextTheLookupFinds() throws {
        let coverage = TranslationCoverage(try Self.load().configuration)
        #expect(coverage.locales == ["en", "de", "fr", "de-CH", "en-GB"])
        let shown = Dictionary(uniqueKeysWithValues: coverage.rows.map { ($0.what, $0.shown) })
        #expect(shown["the title of tip 'welcome'"] == ["en", "de", "fr", "de", "en"])
        #expect(shown["the message of tip 'welcome'"] == ["en", "de", "en", "de", "en"])
        #expect(shown["the title of action 'ok' of tip 'welcome'"] == ["en", "en", "en", "de-CH", "en"])
        #expect(shown["the title of action 'later' of tip 'welcome'"] == ["en", "en", "en", "en", "en"])
        #expect(shown["the title of tip 'regional'"] == ["en", "de", "fr", "de", "en-GB"])
    }

    /// `de-CH` is covered by `de`; `en-GB` is a form of the default locale and never missing.
    @Test func aTextIsMissingOnlyWhereTheDefaultLocalesTextStandsIn() throws {
        let coverage = TranslationCoverage(try Self.load().configuration)
        let missing = Dictionary(uniqueKeysWithValues: coverage.rows.map { ($0.what, $0.missing) })
        #expect(missing["the title of tip 'welcome'"] == [])
        #expect(missing["the message of tip 'welcome'"] == ["fr"])
        #expect(missing["the title of action 'ok' of tip 'welcome'"] == ["de", "fr"])
        #expect(missing["the title of action 'later' of tip 'welcome'"] == ["de", "fr", "de-CH"])
        #expect(missing["the title of tip 'regional'"] == [])
    }

    @Test func theLoadWarnsAtEachTextMissingALocale() throws {
        let warnings = try Self.load().warnings
        #expect(warnings.allSatisfy { $0.code == "content.missingTranslation" && $0.severity == .warning })
        #expect(warnings.map { "\($0.span.start.line):\($0.span.start.column)" } == ["6:19", "8:30", "9:28"])
        #expect(warnings.first?.message
            == "the message of tip 'welcome' has no text in 'fr', which other texts have; answers there show the 'en' text")
    }

    @Test func aConfigurationInOneLanguageHasNoSuchWarning() throws {
        let loaded = try ConfigurationLoader().load(yaml: "version: 1\ntips:\n  a: {title: A}\n", path: "t.yaml")
        #expect(loaded.warnings.isEmpty)
        #expect(TranslationCoverage(loaded.configuration).rows.map(\.missing) == [[]])
    }
}
