public import BeckonDiagnostics

/// A text of content (a tip's title, an action's title, a what's-new entry's title…): what it says
/// in the configuration's default locale and in each translation. Written in YAML as a plain text
/// (the default locale's) or as a mapping from BCP 47 tags to texts; either may be a template
/// with `{…}` placeholders in ICU MessageFormat syntax.
public struct ContentText: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// One locale's text.
    public struct Variant: Hashable, Sendable {
        /// The BCP 47 tag as written; nil for a plain text (the default locale's).
        public var locale: String?
        /// The text (a template when it holds placeholders).
        public var text: String
        /// Where each character of `text` is in its file; nil for a text made in code.
        public var origin: TextOrigin?
        /// Where the tag is written; nil for a plain text or a text made in code.
        public var localeSpan: SourceSpan?

        /// Creates a variant.
        public init(locale: String?, text: String, origin: TextOrigin? = nil, localeSpan: SourceSpan? = nil) {
            self.locale = locale
            self.text = text
            self.origin = origin
            self.localeSpan = localeSpan
        }
    }

    /// The texts as declared. Once a configuration is assembled, the first is the default
    /// locale's (a configuration whose mapping lacks it is refused).
    public var variants: [Variant]

    /// A plain text, in the default locale.
    public init(_ text: String, origin: TextOrigin? = nil) {
        variants = [Variant(locale: nil, text: text, origin: origin)]
    }

    /// Texts by locale, the default locale's first.
    public init(variants: [Variant]) {
        precondition(!variants.isEmpty, "a content text has at least one variant")
        self.variants = variants
    }

    public init(stringLiteral value: String) {
        self.init(value)
    }

    /// The default locale's text.
    public var text: String { variants[0].text }

    /// Whether this text is one plain text, the same in every locale.
    public var isPlain: Bool { variants.count == 1 && variants[0].locale == nil }

    public var description: String { text }
}
