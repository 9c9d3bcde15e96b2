extension Configuration {
    /// Every content text of the configuration, in declaration order: each tip's title, message
    /// and action titles, then each what's-new entry's title, features and actions.
    public var contentTexts: [ContentText] {
        var texts: [ContentText] = []
        forEachContentText { _, text in texts.append(text) }
        return texts
    }

    /// Every content text with what it is, for people ("the title of tip 'welcome'"), in the
    /// order of `contentTexts`.
    public var namedContentTexts: [(what: String, text: ContentText)] {
        var texts: [(what: String, text: ContentText)] = []
        forEachContentText { what, text in texts.append((what(), text)) }
        return texts
    }

    /// Calls `body` with each content text in declaration order and what it is. The name is made
    /// only when asked for: the locales are read at every load, over every text, without names.
    private func forEachContentText(_ body: (_ what: () -> String, _ text: ContentText) -> Void) {
        for tip in tips.all {
            body({ "the title of tip '\(tip.id)'" }, tip.title)
            if let message = tip.message { body({ "the message of tip '\(tip.id)'" }, message) }
            for action in tip.actions { body({ "the title of action '\(action.id)' of tip '\(tip.id)'" }, action.title) }
        }
        for entry in whatsNew.entries {
            let entryName = { "what's-new entry \(entry.version)" }
            body({ "the title of \(entryName())" }, entry.title)
            for (index, feature) in entry.features.enumerated() {
                body({ "the title of feature \(index + 1) of \(entryName())" }, feature.title)
                if let subtitle = feature.subtitle { body({ "the subtitle of feature \(index + 1) of \(entryName())" }, subtitle) }
            }
            if let primary = entry.primaryAction { body({ "the title of the primary action of \(entryName())" }, primary.title) }
            if let secondary = entry.secondaryAction { body({ "the title of the secondary action of \(entryName())" }, secondary.title) }
        }
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
