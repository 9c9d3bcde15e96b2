/// A configuration's content in each of its locales, made once when an engine is made: a
/// request's locale is chosen by one lookup (none when it names no language), and each answer
/// then reads its tip's or entry's declaration in that locale by index, as it reads the default
/// one, with no lookup per text.
///
/// Each text takes, for each configuration locale, the variant `LocaleLookup` chooses from that
/// locale over the text's own tags (`de-CH` chosen, a text with only `de` gives `de`, one with
/// neither the default locale's): `variantIndices(of:)`, the table per text. A declaration in a
/// locale has each text reduced to that one variant, so every writer reads `text.variants[0]`.
public final class LocalizedContent: Sendable {
    /// The configuration's locales (`Configuration.locales`): the default first.
    public let locales: [String]
    /// The tips in each locale, by locale index, then by slot (index 0: the configuration's own).
    public let tips: [[TipDeclaration]]
    /// The what's-new entries in each locale, by locale index, in declaration order.
    public let whatsNewEntries: [[WhatsNewEntry]]
    /// Each locale's index by its lowercased tag (the tags are unique case-insensitively).
    private let indexByLowercasedTag: [String: Int]

    /// The content of `configuration` in each of its locales.
    public init(_ configuration: Configuration) {
        let locales = configuration.locales
        self.locales = locales
        indexByLowercasedTag = Dictionary(locales.enumerated().map { ($1.lowercased(), $0) }) { first, _ in first }
        let defaultTips = configuration.tips.all, defaultEntries = configuration.whatsNew.entries
        guard locales.count > 1 else {
            // One locale: every text is the default locale's; the declarations are used as they are.
            tips = [defaultTips]
            whatsNewEntries = [defaultEntries]
            return
        }
        let localizer = Localizer(locales: locales)
        // Each declaration is read once and made in every locale at once.
        tips = Self.transpose(defaultTips.map(localizer.tip), default: defaultTips, count: locales.count)
        whatsNewEntries = Self.transpose(defaultEntries.map(localizer.entry), default: defaultEntries, count: locales.count)
    }

    /// The index in `locales` of the locale `requested` (best first) chooses; 0, the default,
    /// when it is empty or nothing matches.
    @inline(__always)
    public func localeIndex(for requested: [String]) -> Int {
        guard !requested.isEmpty, locales.count > 1 else { return 0 }
        // `LocaleLookup.choose(requested, from: locales, …)`, its tags compared by a table.
        return LocaleLookup.firstMatch(requested) { indexByLowercasedTag[$0] } ?? 0
    }

    /// The index of `locale` (a tag as `locales` writes it), 0 when it is not one of them.
    @inline(__always)
    public func index(ofLocale locale: String) -> Int {
        locales.count == 1 ? 0 : Self.index(of: locale, in: locales)
    }

    private static func index(of locale: String, in locales: [String]) -> Int {
        locales.firstIndex(of: locale) ?? 0
    }

    /// For each of `locales`, the index of the variant of `text` that locale reads.
    public static func variantIndices(of text: ContentText, locales: [String]) -> [Int] {
        guard !text.isPlain else { return Array(repeating: 0, count: locales.count) }
        // A variant without a tag is the default locale's (only a plain text has one).
        let tags = text.variants.map { $0.locale ?? locales[0] }
        return locales.map { locale in
            let chosen = LocaleLookup.choose([locale], from: tags, defaultLocale: tags[0])
            return tags.firstIndex(of: chosen) ?? 0
        }
    }

    /// Declarations by locale from each declaration's versions in every locale.
    private static func transpose<T>(_ byDeclaration: [[T]], default declarations: [T], count: Int) -> [[T]] {
        (0..<count).map { index in index == 0 ? declarations : byDeclaration.map { $0[index] } }
    }

    /// Makes declarations in every locale, each text reduced to the variant the locale reads.
    private struct Localizer {
        let locales: [String]

        /// `text` in each locale, by locale index.
        func text(_ text: ContentText) -> [ContentText] {
            guard !text.isPlain else { return Array(repeating: text, count: locales.count) }
            return LocalizedContent.variantIndices(of: text, locales: locales).map { ContentText(variants: [text.variants[$0]]) }
        }

        func tip(_ tip: TipDeclaration) -> [TipDeclaration] {
            let titles = text(tip.title), messages = tip.message.map(text), actions = tip.actions.map { text($0.title) }
            return locales.indices.map { index in
                var localized = tip
                localized.title = titles[index]
                localized.message = messages?[index]
                for action in localized.actions.indices { localized.actions[action].title = actions[action][index] }
                return localized
            }
        }

        func entry(_ entry: WhatsNewEntry) -> [WhatsNewEntry] {
            let titles = text(entry.title)
            let features = entry.features.map { (text($0.title), $0.subtitle.map(text)) }
            let primary = entry.primaryAction.map { text($0.title) }, secondary = entry.secondaryAction.map { text($0.title) }
            return locales.indices.map { index in
                var localized = entry
                localized.title = titles[index]
                for feature in localized.features.indices {
                    localized.features[feature].title = features[feature].0[index]
                    localized.features[feature].subtitle = features[feature].1?[index]
                }
                if let primary { localized.primaryAction!.title = primary[index] }
                if let secondary { localized.secondaryAction!.title = secondary[index] }
                return localized
            }
        }
    }
}
