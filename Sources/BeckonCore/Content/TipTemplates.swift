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

    init(texts: [TextTemplate?]) {
        self.texts = texts
    }

    /// Every template's argument values in a decision's scope (the rules' view of the subject).
    func values(in context: some RuleContext) -> TemplateValues {
        TemplateValues(templates: self, values: texts.map { $0?.values(in: context) ?? [] })
    }
}

/// A tip's template arguments as one decision found them: what its answer formats the chosen
/// locale's texts with.
public struct TemplateValues: Sendable {
    /// The tip's templates.
    public let templates: TipTemplates
    /// Each text's argument values, by the place of the text in `templates.texts`.
    public let values: [[Value]]

    /// Text `index` (see `TipTemplates`) in its variant `variant`, filled in; nil for a plain text.
    public func text(_ index: Int, variant: Int) -> String? {
        guard index < templates.texts.count, let template = templates.texts[index] else { return nil }
        return template.format(variant: variant, values[index])
    }
}
