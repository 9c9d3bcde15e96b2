import Beckon
import Testing

/// The library's answers say which locale their content is in, and give it in that locale.
@Suite("Beckon library: the answers' locale")
struct LocaleAnswerTests {
    static let yaml = """
        version: 1
        app: {version: 1.0.0, defaultLocale: de}
        tips:
          a: {title: {de: Hallo, en: Hello}, message: Lies mich, actions: [{id: ok, title: {de: Gut, fr: Bien}}]}
        groups:
          g: {tips: [a]}
        whatsNew:
          entries: [{version: 1.0.0, title: {en: New, de: Neu}}]
        """

    /// Without languages in the request, every answer is in the default locale and says so.
    @Test func answersAreInTheDefaultLocaleAndSaySo() throws {
        let beckon = try BeckonEngine(yaml: Self.yaml, name: "locales.yaml", storage: .memory)
        let tip = try beckon.tipStatus("a")
        #expect(tip.locale == "de")
        #expect(tip.content.title == "Hallo")
        #expect(tip.content.actions.map(\.title) == ["Gut"])
        let group = try beckon.groupCurrent("g")
        #expect(group.locale == "de")
        #expect(group.content?.title == "Hallo")
        let whatsNew = try beckon.whatsNewNext()
        #expect(whatsNew.locale == "de")
        #expect(whatsNew.entries.map(\.title) == ["Neu"])
        let overview = try beckon.status()
        #expect(overview.locale == "de")
        #expect(overview.tips.map(\.locale) == ["de"])
        #expect(overview.groups.map(\.locale) == ["de"])
        #expect(try beckon.explainTip("a").locale == "de")
    }
}
