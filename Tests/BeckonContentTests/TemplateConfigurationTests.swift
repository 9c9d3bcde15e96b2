import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// Templates in a configuration file: every error at its `file:line:col` inside the text, all
/// reported by one load (as `beckon check` shows them), in plain and localized texts alike.
struct TemplateConfigurationTests {
    static let yaml = """
        version: 1
        parameters:
          name: {type: string, default: friend}
        events:
          saved: {}
        tips:
          a:
            title: "Hi {params.nmae}"
            message: {en: "{events.saved.count, plural, one {#}}", de: "{events.saved.count, plural, other {#}}"}
            actions:
              - {id: x, title: {en: "{params.name}", fr: "{params.name, number}"}}
          b:
            title: {en: "{params.name} saved {events.saved.count}", de: "{params.name} hat gespeichert"}
            message: "Unclosed {params.name"
        whatsNew:
          entries:
            - {version: 1.0.0, title: "Welcome, {params.name}", features: [{title: "Literal '{' braces {} are fine"}]}
        """

    /// The errors one load reports, as `file:line:col: message`.
    static func errors() -> [String] {
        do throws(ConfigurationLoadError) {
            _ = try ConfigurationLoader().load(yaml: yaml, path: "t.yaml")
            return []
        } catch {
            guard case .invalid(let report) = error else { return ["\(error)"] }
            return report.diagnostics.filter { $0.code == "content.template" }
                .map { "\($0.span.file):\($0.span.start.line):\($0.span.start.column): \($0.message)" }
        }
    }

    @Test func everyTemplateErrorIsInsideItsText() {
        let errors = Self.errors()
        let expected = [
            "t.yaml:8:24: unknown parameter 'nmae'",
            "t.yaml:9:41: plural needs an 'other' case",
            "t.yaml:11:52: 'params.name' is string, but number needs an int or a double",
            "t.yaml:13:66: this translation lacks the placeholder {events.saved.count}",
            "t.yaml:14:24: malformed message: this '{' is never closed",
            "t.yaml:17:42: what's-new texts have no placeholders: '{params.name}' would be shown as written",
        ]
        #expect(errors.count == expected.count, "\(errors)")
        for (error, prefix) in zip(errors, expected) {
            let place = String(prefix.prefix { $0 != " " })
            #expect(error.hasPrefix(place), "\(error) is not at \(place)")
            #expect(error.contains(prefix.dropFirst(place.count + 1)), "\(error)")
        }
    }
}
