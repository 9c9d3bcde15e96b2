extension Configuration {
    /// Every content text of the configuration, in declaration order: each tip's title, message
    /// and action titles, then each what's-new entry's title, features and actions.
    public var contentTexts: [ContentText] {
        var texts: [ContentText] = []
        for tip in tips.all {
            texts.append(tip.title)
            if let message = tip.message { texts.append(message) }
            texts += tip.actions.map(\.title)
        }
        for entry in whatsNew.entries {
            texts.append(entry.title)
            for feature in entry.features {
                texts.append(feature.title)
                if let subtitle = feature.subtitle { texts.append(subtitle) }
            }
            texts += [entry.primaryAction, entry.secondaryAction].compactMap { $0?.title }
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
