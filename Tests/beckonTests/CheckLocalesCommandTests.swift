import BeckonTestSupport
import Foundation
import Testing

/// `beckon check --locales`: the coverage table for people, and as JSON with the diagnostics.
@Suite("beckon check --locales")
struct CheckLocalesCommandTests {
    static let yaml = """
        version: 1
        tips:
          welcome:
            title: {en: Welcome, de: Willkommen}
            message: {en: Start here., de-CH: Fang da a.}
            actions:
              - {id: later, title: Later}

        """

    static func run(_ extra: [String]) throws -> ProcessResult {
        let folder = try BeckonProcess.temporaryFolder()
        try yaml.write(to: folder.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        return try BeckonProcess.run(["check", "--config", "t.yaml", "--locales"] + extra, in: folder)
    }

    @Test func theTableShowsEachTextInEachLocale() throws {
        let result = try Self.run([])
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            text                                          en  de  de-CH
            the title of tip 'welcome'                    ✓   ✓   de
            the message of tip 'welcome'                  ✓   –   ✓
            the title of action 'later' of tip 'welcome'  ✓   –   –
            texts in each locale (of 3)                   3   1   2
            t.yaml: valid — 1 tip, 0 groups, 0 scenarios, 0 events, 0 parameters, 0 what's-new entries, 0 plugins, 1 file

            """)
        #expect(result.standardError.contains("t.yaml:5:19: warning: the message of tip 'welcome' has no text in 'de'"))
        #expect(result.standardError.contains("[content.missingTranslation]"))
    }

    @Test func asJSONItCarriesTheDiagnostics() throws {
        let result = try Self.run(["--json"])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        #expect(object["locales"] as? [String] == ["en", "de", "de-CH"])
        let texts = try #require(object["texts"] as? [[String: Any]])
        #expect(texts.map { $0["text"] as? String } == [
            "the title of tip 'welcome'", "the message of tip 'welcome'", "the title of action 'later' of tip 'welcome'",
        ])
        #expect(texts[0]["shown"] as? [String: String] == ["en": "en", "de": "de", "de-CH": "de"])
        #expect(texts[2]["missing"] as? [String] == ["de", "de-CH"])
        let diagnostics = try #require(object["diagnostics"] as? [[String: Any]])
        #expect(diagnostics.map { $0["code"] as? String } == ["content.missingTranslation", "content.missingTranslation"])
    }
}
