extension LocaleLookup {
    /// The language ranges of a request's locale as every host is given it, best first: one
    /// string, a single tag (`de-CH`) or an `Accept-Language` list (`de-CH, fr;q=0.8`), read by
    /// `ranges(acceptLanguage:)`, or a POSIX locale name as `$LANG` holds one (`de_CH.UTF-8`),
    /// read by `posixTag(_:)`. Nil when it holds no usable range at all (empty, `C`, only `q=0`):
    /// a host that was given it as an option refuses it with `problem(with:)`; an
    /// `Accept-Language` header or OFREP's `locale`, read the same way, then means the default.
    public static func requestRanges(_ text: String) -> [String]? {
        if let tag = posixTag(text) { return [tag] }
        let ranges = ranges(acceptLanguage: text)
        return ranges.isEmpty ? nil : ranges
    }

    /// The language ranges of a locale that may be absent, read as `requestRanges(_:)` reads it;
    /// none (the default locale) when it is absent or holds no usable range. A host that was
    /// given it as an option has refused such a text already; an `Accept-Language` header or
    /// OFREP's `locale` means the default then, as a browser's header or a platform's setting is
    /// better answered than refused.
    public static func rangesOrDefault(_ text: String?) -> [String] {
        text.flatMap(requestRanges) ?? []
    }

    /// Why `text` is refused as a request's locale, for a host's message (after the name of the
    /// flag, member or attribute that gave it).
    public static func problem(with text: String) -> String {
        "'\(text)' is not a language tag, an Accept-Language list or a POSIX locale name (such as de-CH; de-CH, fr;q=0.8; or de_CH.UTF-8)"
    }

    /// The language tag of a POSIX locale name `language[_territory][.codeset][@modifier]` that
    /// has a `_`, `.` or `@` (`de_CH.UTF-8` is `de-CH`, `sr_RS@latin` is `sr-Latn-RS`): the
    /// codeset is dropped, the modifiers `latin` and `cyrillic` name the script and any other is
    /// dropped. Nil for anything else, `C` and `POSIX` included (they name no language).
    static func posixTag(_ text: String) -> String? {
        // One pass over the bytes: a list (`,` `;` or a space) is no POSIX name, and a name has
        // one of `_` `.` `@`; only then is the text split (which allocates).
        var marked = false
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: " "): return nil
            case UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "@"): marked = true
            default: continue
            }
        }
        guard marked else { return nil }
        let atModifier = text.split(separator: "@", maxSplits: 1, omittingEmptySubsequences: false)
        let withCodeset = atModifier[0].split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        let parts = withCodeset[0].split(separator: "_", omittingEmptySubsequences: false)
        guard parts.count <= 2, (2...3).contains(parts[0].count), parts[0].allSatisfy({ $0.isASCII && $0.isLetter }) else { return nil }
        var tag = parts[0].lowercased()
        if atModifier.count == 2, let script = ["latin": "Latn", "cyrillic": "Cyrl"][atModifier[1].lowercased()] {
            tag += "-" + script
        }
        if parts.count == 2 {
            let territory = parts[1]
            let isRegion = (territory.count == 2 && territory.allSatisfy { $0.isASCII && $0.isLetter })
                || (territory.count == 3 && territory.allSatisfy { $0.isASCII && $0.isNumber })
            guard isRegion else { return nil }
            tag += "-" + territory.uppercased()
        }
        return tag
    }
}
