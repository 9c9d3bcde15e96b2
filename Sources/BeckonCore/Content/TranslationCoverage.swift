public import BeckonDiagnostics

/// Which text each locale of a configuration shows for each content text: what `beckon check
/// --locales` prints, and the warnings for texts that fall back to the default locale's text in
/// a locale other texts have.
///
/// A text "has" a locale when the lookup that answers use (`LocaleLookup`) finds one of its own
/// tags other than the default for it: `de-CH` is covered by a text in `de`. A locale that is a
/// form of the default locale (`en-GB` when the default is `en`) is never missing.
public struct TranslationCoverage: Sendable {
    /// One content text and the tag whose text each locale shows.
    public struct Row: Sendable {
        /// What the text is: "the title of tip 'welcome'".
        public var what: String
        /// For each of `locales`, the tag of the text shown (as the text writes it; the default
        /// locale's for a plain text).
        public var shown: [String]
        /// The locales (of `locales`) in which the default locale's text is shown instead.
        public var missing: [String]
        /// Where the text is written, when known.
        public var span: SourceSpan?
    }

    /// The configuration's locales, the default first.
    public let locales: [String]
    /// One row per content text, in declaration order.
    public let rows: [Row]

    /// The coverage of `configuration`'s texts.
    public init(_ configuration: Configuration) {
        let locales = configuration.locales, defaultLocale = configuration.defaultLocale
        // Forms of the default locale fall back to it by design, not for want of a translation.
        let defaultForms = Set(locales.filter {
            LocaleLookup.choose([$0], from: [defaultLocale], defaultLocale: "").lowercased() == defaultLocale.lowercased()
        })
        self.locales = locales
        rows = configuration.namedContentTexts.map { what, text in
            let tags = text.variants.map { $0.locale ?? defaultLocale }
            let shown = locales.map { LocaleLookup.choose([$0], from: tags, defaultLocale: tags[0]) }
            let missing = zip(locales, shown).filter { locale, shown in
                !defaultForms.contains(locale) && shown.lowercased() == tags[0].lowercased()
            }.map(\.0)
            let first = text.variants[0]
            let span = first.origin.map { $0.span(ofOffsets: 0..<max(1, first.text.unicodeScalars.count)) } ?? first.localeSpan
            return Row(what: what, shown: shown, missing: missing, span: span)
        }
    }

    /// A warning (`content.missingTranslation`) for each text missing in some locale, at the
    /// text, naming the locales.
    public var warnings: [Diagnostic] {
        rows.compactMap { row in
            guard !row.missing.isEmpty, let span = row.span else { return nil }
            let names = row.missing.map { "'\($0)'" }.joined(separator: ", ")
            return .warning("content.missingTranslation",
                            "\(row.what) has no text in \(names), which other texts have; answers there show the '\(locales[0])' text",
                            at: span)
        }
    }
}
