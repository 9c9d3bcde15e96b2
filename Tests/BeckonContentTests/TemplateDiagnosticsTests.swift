import BeckonConfig
import BeckonContent
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// Every way a template can be wrong is an error at its line and column inside the text.
struct TemplateDiagnosticsTests {
    /// The names templates may use.
    static let compiler: RuleCompiler = {
        let yaml = """
            version: 1
            parameters:
              name: {type: string, default: friend}
              admin: {type: bool, default: false}
              tags: {type: list<string>, default: []}
              since: {type: timestamp}
            events:
              saved: {}
            tips:
              t: {title: T}
            """
        let loaded = try! ConfigurationLoader().load(yaml: yaml, path: "t.yaml")
        return RuleCompiler(schema: loaded.rules.schema)
    }()

    /// A text written on line 7 from column 12 of `t.yaml`.
    static func text(_ text: String, translations: [(String, String)] = []) -> ContentText {
        var variants = [ContentText.Variant(locale: "en", text: text, origin: TextOrigin(file: "t.yaml", startingAt: SourcePosition(line: 7, column: 12)))]
        for (index, (locale, translation)) in translations.enumerated() {
            variants.append(ContentText.Variant(locale: locale, text: translation,
                                                origin: TextOrigin(file: "t.yaml", startingAt: SourcePosition(line: 8 + index, column: 12))))
        }
        return ContentText(variants: variants)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        var text: String
        var translations: [(String, String)] = []
        var line = 7
        var column: Int
        var message: String
        var testDescription: String { text }
    }

    static let cases: [Case] = [
        // Malformed, found by the scan.
        Case(text: "Hi {params.name", column: 15, message: "this '{' is never closed"),
        Case(text: "Hi {}", column: 15, message: "a placeholder needs a name"),
        // Malformed, found by ICU (a style it does not know).
        Case(text: "{events.saved.count, number, ::unknown-skeleton}", column: 12, message: "ICU: U_"),
        // ICU points at the start of the plural's cases (`other`), after the renamed path.
        Case(text: "Hi {events.saved.count, plural, other {#} =x {y}}", column: 43, message: "malformed message (ICU: U_PATTERN_SYNTAX_ERROR)"),
        // An unknown name, pointed at inside the path.
        Case(text: "Hello {params.nmae}", column: 26, message: "nmae"),
        Case(text: "Hello {user.name}", column: 19, message: "user"),
        // Wrong types.
        Case(text: "{params.name, plural, other {#}}", column: 13, message: "'params.name' is string, but plural needs an int or a double"),
        Case(text: "{events.saved.count, select, a {x} other {y}}", column: 13, message: "but select needs a string or a bool"),
        Case(text: "{params.name, number}", column: 13, message: "but number needs an int or a double"),
        Case(text: "{params.tags}", column: 13, message: "a placeholder shows one value"),
        Case(text: "{params.since, date}", column: 27, message: "'date' placeholders are not supported"),
        // A plural or select without `other`.
        Case(text: "{events.saved.count, plural, one {#}}", column: 33, message: "plural needs an 'other' case"),
        Case(text: "{params.name, select, a {x}}", column: 26, message: "select needs an 'other' case"),
        Case(text: "{params.name, select, a {x} other {y} a {z}}", column: 26, message: "the case 'a' appears twice in this select"),
        // Translations whose placeholders differ from the default text's.
        Case(text: "Hi {params.name}", translations: [("de", "Hallo {params.admin}")], line: 8, column: 19,
             message: "'params.admin' is not a placeholder of the default locale's text ({params.name})"),
        Case(text: "Hi {params.name}", translations: [("de", "Hallo")], line: 8, column: 12,
             message: "this translation lacks the placeholder {params.name}"),
        // A translation is checked like the default text.
        Case(text: "{params.name}", translations: [("fr", "{params.name, plural, other {#}}")], line: 8, column: 13,
             message: "but plural needs an int or a double"),
    ]

    @Test(arguments: cases)
    func errorsAreInsideTheText(_ item: Case) {
        let compiled = TextTemplate.compile(Self.text(item.text, translations: item.translations), locales: ["en", "de", "fr"],
                                            rules: Self.compiler, messages: ICUMessageCompiler())
        #expect(compiled.template == nil)
        let errors = compiled.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == 1, "\(errors)")
        guard let error = errors.first else { return }
        #expect(error.code == "content.template")
        #expect(error.message.contains(item.message), "\(error.message)")
        #expect(error.span.file == "t.yaml")
        #expect(error.span.start == SourcePosition(line: item.line, column: item.column), "\(error.span.start)")
    }

    @Test func plainTextsAreNotTemplates() {
        let compiled = TextTemplate.compile(Self.text("It's plain } and ''"), locales: ["en", "de", "fr"], rules: Self.compiler, messages: ICUMessageCompiler())
        #expect(compiled.template == nil)
        #expect(compiled.diagnostics.isEmpty)
    }

    @Test func translationsShareTheArguments() throws {
        let compiled = TextTemplate.compile(Self.text("{params.name} has {events.saved.count}",
                                                      translations: [("de", "{events.saved.count} hat {params.name}")]),
                                            locales: ["en", "de", "fr"], rules: Self.compiler, messages: ICUMessageCompiler())
        let template = try #require(compiled.template)
        #expect(template.arguments.map(\.text) == ["params.name", "events.saved.count"])
        #expect(template.format(variant: 1, [.string("Ada"), .int(1234)][...]) == "1.234 hat Ada")
    }
}
