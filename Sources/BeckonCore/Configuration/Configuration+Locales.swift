extension Configuration {
    /// Every content text of the configuration, in declaration order: each tip's title, message
    /// and action titles, then each what's-new entry's title, features and actions.
    public var contentTexts: [ContentText] { namedContentTexts.map(\.text) }

    /// Every content text with what it is, for people ("the title of tip 'welcome'"), in the
    /// order of `contentTexts`.
    public var namedContentTexts: [(what: String, text: ContentText)] {
        var texts: [(what: String, text: ContentText)] = []
        for tip in tips.all {
            let tipName = "tip '\(tip.id)'"
            texts.append(("the title of \(tipName)", tip.title))
            if let message = tip.message { texts.append(("the message of \(tipName)", message)) }
            texts += tip.actions.map { ("the title of action '\($0.id)' of \(tipName)", $0.title) }
        }
        for entry in whatsNew.entries {
            let entryName = "what's-new entry \(entry.version)"
            texts.append(("the title of \(entryName)", entry.title))
            for (index, feature) in entry.features.enumerated() {
                texts.append(("the title of feature \(index + 1) of \(entryName)", feature.title))
                if let subtitle = feature.subtitle { texts.append(("the subtitle of feature \(index + 1) of \(entryName)", subtitle)) }
            }
            if let primary = entry.primaryAction { texts.append(("the title of the primary action of \(entryName)", primary.title)) }
            if let secondary = entry.secondaryAction { texts.append(("the title of the secondary action of \(entryName)", secondary.title)) }
        }
        return texts
    }

    /// The locales the configuration has content in: the default locale first, then every other
    /// tag a text is written in, in the order first used, each once (tags compare
    /// case-insensitively; the first spelling is kept). A request chooses among these.
    public var locales: [String] {
        var locales = [defaultLocale]
        var seen: Set<String> = [defaultLocale.lowercased()]
        for text in contentTexts {
            for variant in text.variants {
                guard let tag = variant.locale, seen.insert(tag.lowercased()).inserted else { continue }
                locales.append(tag)
            }
        }
        return locales
    }
}
