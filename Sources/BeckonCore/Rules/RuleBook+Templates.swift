import BeckonDiagnostics
import BeckonRules

extension RuleBook {
    /// Each tip's templates (nil for a tip with none) and every template's diagnostics.
    static func compileTemplates(_ configuration: Configuration, compiler: RuleCompiler,
                                 messages: any MessageCompiler) -> (templates: [TipTemplates?], diagnostics: [Diagnostic]) {
        var diagnostics: [Diagnostic] = []
        let defaultLocale = "en"
        let tips = configuration.tips.all
        let templates: [TipTemplates?] = tips.indices.map { slot in
            let texts = tipTexts(tips[slot]).map { text -> TextTemplate? in
                guard let text else { return nil }
                let compiled = TextTemplate.compile(text, defaultLocale: defaultLocale, rules: compiler, messages: messages)
                diagnostics.append(contentsOf: compiled.diagnostics)
                return compiled.template
            }
            return texts.contains { $0 != nil } ? TipTemplates(texts: texts) : nil
        }
        return (templates, diagnostics)
    }

    /// A tip's texts in `TipTemplates`' order.
    static func tipTexts(_ tip: TipDeclaration) -> [ContentText?] {
        [ContentText(tip.title), tip.message.map { ContentText($0) }] + tip.actions.map { ContentText($0.title) }
    }
}
