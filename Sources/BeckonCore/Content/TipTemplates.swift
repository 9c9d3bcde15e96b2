public import BeckonRules

/// The templates among a tip's texts, compiled at load: its title, message and each action's
/// title, in that order (nil for a plain text). A tip with none has no `TipTemplates` at all.
public final class TipTemplates: Sendable {
    /// By text: `title`, `message`, then `action(i)`.
    public let texts: [TextTemplate?]

    /// The title's place in `texts`.
    public static let title = 0
    /// The message's place in `texts`.
    public static let message = 1
    /// The place in `texts` of action `index`'s title.
    public static func action(_ index: Int) -> Int { 2 + index }

    /// Each text's arguments in the fast path's form, by text (empty for a plain text); nil when
    /// any argument has another shape.
    let fastArguments: [[FastArgument]]?

    init(texts: [TextTemplate?]) {
        self.texts = texts
        let fast = texts.map { text in text.map { $0.fastArguments } ?? [] }
        fastArguments = fast.contains { $0 == nil } ? nil : fast.map { $0 ?? [] }
    }

    /// The values the fast path read, `value` giving each argument's.
    func values(locale: Int, _ value: (FastArgument) -> Value) -> TemplateValues? {
        guard let fastArguments else { return nil }
        return TemplateValues(templates: self, values: fastArguments.map { $0.map(value) }, locale: locale)
    }

    /// Every template's argument values in a decision's scope (the rules' view of the subject),
    /// for the texts in the configuration locale `locale` (an index into `Configuration.locales`).
    func values(in context: some RuleContext, locale: Int) -> TemplateValues {
        TemplateValues(templates: self, values: texts.map { $0?.values(in: context) ?? [] }, locale: locale)
    }
}

/// A tip's template arguments as one decision found them: what its answer formats the chosen
/// locale's texts with.
public struct TemplateValues: Sendable {
    /// The tip's templates.
    public let templates: TipTemplates
    /// Each text's argument values, by the place of the text in `templates.texts`.
    public let values: [[Value]]
    /// The configuration locale (an index into `Configuration.locales`) the answer is in.
    public var locale: Int

    /// `tip` (the declaration in the answer's locale) with each template filled in: what every
    /// host's writer then writes as it writes a plain text, so all of them say the same.
    public func filled(_ tip: TipDeclaration) -> TipDeclaration {
        var tip = tip
        if let title = text(TipTemplates.title) { tip.title = ContentText(title) }
        if let message = text(TipTemplates.message) { tip.message = ContentText(message) }
        for index in tip.actions.indices {
            if let title = text(TipTemplates.action(index)) { tip.actions[index].title = ContentText(title) }
        }
        return tip
    }

    /// Text `index` (see `TipTemplates`) in the answer's locale, filled in; nil for a plain text.
    public func text(_ index: Int) -> String? {
        guard index < templates.texts.count, let template = templates.texts[index] else { return nil }
        return template.format(locale: locale, values[index])
    }
}
