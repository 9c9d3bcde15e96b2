public import Foundation

/// A configuration whose tip `welcome` is written in English (the default locale), German, Swiss
/// German, Traditional Chinese and French, and the requests every host must answer alike: each a
/// locale as a host is given it (one string; nil: none), the locale chosen and the title in it.
public enum LocalizedConfiguration {
    /// `beckon.yaml`: the memory store, so that each host starts from the same empty state.
    public static let yaml = """
        version: 1
        app: {defaultLocale: en}
        store: {backend: memory}
        tips:
          welcome:
            title: {en: Welcome, de: Willkommen, de-CH: Grüezi, zh-Hant: 歡迎, fr: Bienvenue}
            message: {en: Browse places near you., de: Entdecke Orte in deiner Nähe., fr: Découvrez des lieux près de vous.}
        """

    /// The instant every host asks at: 2026-03-01T09:00:00Z.
    public static let now: Int64 = 1_772_355_600_000

    /// One request and its answer.
    public struct Row: Sendable, CustomStringConvertible {
        /// What the lookup is tried for.
        public var name: String
        /// The locale the host is given (`--locale`, `locale`, `Accept-Language`); nil: none.
        public var input: String?
        /// The locale chosen, as the configuration writes it.
        public var locale: String
        /// The tip's title in it.
        public var title: String

        public var description: String { name }
    }

    /// The fallback chain (RFC 4647 lookup), one row per way a locale is chosen.
    public static let rows: [Row] = [
        Row(name: "exact", input: "fr", locale: "fr", title: "Bienvenue"),
        Row(name: "exact, with a region", input: "de-CH", locale: "de-CH", title: "Grüezi"),
        Row(name: "any case, answered as written", input: "DE-ch", locale: "de-CH", title: "Grüezi"),
        Row(name: "region to language", input: "de-AT", locale: "de", title: "Willkommen"),
        Row(name: "script", input: "zh-Hant-TW", locale: "zh-Hant", title: "歡迎"),
        Row(name: "unknown to default", input: "ja", locale: "en", title: "Welcome"),
        Row(name: "none to default", input: nil, locale: "en", title: "Welcome"),
        Row(name: "q-values, best first", input: "ja, fr;q=0.5, de-AT;q=0.9", locale: "de", title: "Willkommen"),
        Row(name: "a POSIX locale name", input: "de_CH.UTF-8", locale: "de-CH", title: "Grüezi"),
    ]

    /// A new folder holding `beckon.yaml` with `yaml`.
    public static func folder() throws -> URL {
        let folder = try TestRunFolder.newFolder("localized")
        try yaml.write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        return folder
    }
}
