extension LocaleLookup {
    /// The language ranges of a request's locale as every host is given it, best first: one
    /// string, a single tag (`de-CH`) or an `Accept-Language` list (`de-CH, fr;q=0.8`), read by
    /// `ranges(acceptLanguage:)`. Nil when it holds no usable range at all (empty, `de_CH`, only
    /// `q=0`): a host that was given it refuses it with `problem(with:)`.
    public static func requestRanges(_ text: String) -> [String]? {
        let ranges = ranges(acceptLanguage: text)
        return ranges.isEmpty ? nil : ranges
    }

    /// Why `text` is refused as a request's locale, for a host's message (after the name of the
    /// flag, member or attribute that gave it).
    public static func problem(with text: String) -> String {
        "'\(text)' is not a language tag or an Accept-Language list (such as de-CH, or de-CH, fr;q=0.8)"
    }
}
