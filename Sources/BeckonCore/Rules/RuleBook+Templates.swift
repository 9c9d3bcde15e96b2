import BeckonDiagnostics
import BeckonRules

extension RuleBook {
    /// Each tip's templates (nil for a tip with none) and every template's diagnostics.
    static func compileTemplates(_ configuration: Configuration, compiler: RuleCompiler,
                                 messages: any MessageCompiler) -> (templates: [TipTemplates?], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let locales = configuration.locales
        let tips = configuration.tips.all
        let templates: [TipTemplates?] = tips.indices.map { slot in
            let texts = tipTexts(tips[slot]).map { text -> TextTemplate? in
                guard let text else { return nil }
                let compiled = TextTemplate.compile(text, locales: locales, rules: compiler, messages: messages)
                diagnostics.append(contentsOf: compiled.diagnostics)
                return compiled.template
            }
            return texts.contains { $0 != nil } ? TipTemplates(texts: texts) : nil
        }
        diagnostics += refusedPlaceholders(configuration.whatsNew)
        return (templates, diagnostics)
    }

    /// What's-new texts are shown as written, for every subject alike (an entry is not decided
    /// in a subject's scope): a placeholder there is an error where it is written.
    static func refusedPlaceholders(_ whatsNew: WhatsNewSettings) -> [Diagnostic] {
        var texts: [ContentText] = []
        for entry in whatsNew.entries {
            texts.append(entry.title)
            for feature in entry.features { texts += [feature.title, feature.subtitle].compactMap { $0 } }
            texts += [entry.primaryAction, entry.secondaryAction].compactMap { $0?.title }
        }
        var diagnostics: [Diagnostic] = []
        for text in texts {
            for variant in text.variants where MessagePlaceholders.isTemplate(variant.text) {
                guard case .success(let placeholders) = MessagePlaceholders.scan(variant.text),
                      let first = placeholders.arguments.first, let origin = variant.origin else { continue }
                diagnostics.append(.error("content.template",
                                          "what's-new texts have no placeholders: '{\(first.path)}' would be shown as written",
                                          at: origin.span(ofOffsets: first.range)))
            }
        }
        return diagnostics
    }

    /// A tip's texts in `TipTemplates`' order.
    static func tipTexts(_ tip: TipDeclaration) -> [ContentText?] {
        [tip.title, tip.message] + tip.actions.map(\.title)
    }
}
