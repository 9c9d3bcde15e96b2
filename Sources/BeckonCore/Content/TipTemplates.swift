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

    /// Whether any action's title is a template.
    public let hasActionTemplates: Bool

    /// Where each text's arguments are in a decision's values: text `i`'s are at
    /// `argumentStarts[i]..<argumentStarts[i + 1]` (none for a plain text).
    let argumentStarts: [Int]

    /// Every text's arguments in the fast path's form, in the order of the values; nil when any
    /// argument has another shape.
    let fastArguments: [FastArgument]?

    init(texts: [TextTemplate?]) {
        self.texts = texts
        hasActionTemplates = texts.dropFirst(2).contains { $0 != nil }
        var starts = [0]
        for text in texts { starts.append(starts.last! + (text?.arguments.count ?? 0)) }
        argumentStarts = starts
        let fast = texts.compactMap { $0 }.map(\.fastArguments)
        fastArguments = fast.contains { $0 == nil } ? nil : fast.flatMap { $0 ?? [] }
    }

    /// The values the fast path read, `value` giving each argument's.
    func values(locale: Int, _ value: (FastArgument) -> Value) -> TemplateValues? {
        guard let fastArguments else { return nil }
        return TemplateValues(templates: self, values: fastArguments.map(value), locale: locale)
    }

    /// Every template's argument values in a decision's scope (the rules' view of the subject),
    /// for the texts in the configuration locale `locale` (an index into `Configuration.locales`).
    func values(in context: some RuleContext, locale: Int) -> TemplateValues {
        var values: [Value] = []
        values.reserveCapacity(argumentStarts[argumentStarts.count - 1])
        for text in texts { if let text { values.append(contentsOf: text.values(in: context)) } }
        return TemplateValues(templates: self, values: values, locale: locale)
    }
}

/// A tip's template arguments as one decision found them: what its answer formats the chosen
/// locale's texts with.
public struct TemplateValues: Sendable {
    /// The tip's templates.
    public let templates: TipTemplates
    /// Every text's argument values, one text's after another's (`arguments(of:)` finds a text's).
    public let values: [Value]
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
        return template.format(locale: locale, arguments(of: index))
    }

    /// The argument values of text `index` (see `TipTemplates`).
    public func arguments(of index: Int) -> ArraySlice<Value> {
        values[templates.argumentStarts[index]..<templates.argumentStarts[index + 1]]
    }

    /// Lends text `index` (see `TipTemplates`) in the answer's locale, filled in, to `body` as
    /// UTF-8; false (and `body` not called) for a plain text.
    public func withText(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Void) -> Bool {
        guard index < templates.texts.count, let template = templates.texts[index] else { return false }
        template.withText(locale: locale, arguments(of: index), body)
        return true
    }
}
