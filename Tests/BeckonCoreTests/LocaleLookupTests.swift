import BeckonCore
import Testing

/// RFC 4647 lookup over a configuration's locales, and the ranges of an `Accept-Language` header:
/// the one choice every host makes (the hosts' own tests ask the same questions end to end).
@Suite("Locale lookup")
struct LocaleLookupTests {
    static let available = ["en", "de", "de-CH", "fr", "zh-Hant", "sr-Latn-RS"]

    @Test(arguments: [
        (["de-CH"], "de-CH"),  // exact
        (["DE-ch"], "de-CH"),  // case-insensitive, answered as the configuration writes it
        (["de-AT"], "de"),  // region to language
        (["de-Latn-AT-1996"], "de"),  // every subtag dropped in turn
        (["zh-Hant-TW"], "zh-Hant"),  // script kept before the region
        (["zh-Hans-CN"], "en"),  // a script the configuration lacks: no `zh` text either
        (["sr-Latn-RS-x-private"], "sr-Latn-RS"),  // a private-use singleton removed with its subtag
        (["ja"], "en"),  // unknown: the default
        ([], "en"),  // none: the default
        (["*"], "en"),  // a wildcard matches nothing in lookup
        (["ja", "fr-CA", "de"], "fr"),  // the first range that matches wins, not the best tag
    ])
    func chooses(requested: [String], chosen: String) {
        #expect(LocaleLookup.choose(requested, from: Self.available, defaultLocale: "en") == chosen)
    }

    @Test(arguments: [
        ("de-CH", ["de-CH"]),
        ("fr;q=0.5, de", ["de", "fr"]),
        ("da, en-GB;q=0.8, en;q=0.7", ["da", "en-GB", "en"]),
        ("en;q=0.5, fr;q=0.5", ["en", "fr"]),  // ties keep the written order
        ("de;q=0, fr", ["fr"]),  // q=0: not acceptable
        ("*;q=0.1, it", ["it", "*"]),
        ("de;q=2, fr", ["fr"]),  // a q-value out of range drops its range
        ("de;q=abc, fr;Q=0.3", ["fr"]),
        ("en_US, 12, de-", []),  // not language ranges
        ("", []),
        (" de-CH ; q=0.9 ,en", ["en", "de-CH"]),
    ])
    func readsAcceptLanguage(header: String, ranges: [String]) {
        #expect(LocaleLookup.ranges(acceptLanguage: header) == ranges)
    }

    /// What a request's locale (`--locale`, `locale=`, OFREP's) reads as: a tag or list as an
    /// `Accept-Language` header, or a POSIX locale name as `$LANG` holds one; nil is refused.
    @Test(arguments: [
        ("de-CH, fr;q=0.8", ["de-CH", "fr"] as [String]?),
        ("de;q=0.5", ["de"]),  // a `.` that is not a codeset's
        ("de_CH.UTF-8", ["de-CH"]),
        ("de_CH", ["de-CH"]),
        ("en_us.utf8", ["en-US"]),
        ("fr.UTF-8", ["fr"]),
        ("sr_RS@latin", ["sr-Latn-RS"]),
        ("sr_RS.UTF-8@cyrillic", ["sr-Cyrl-RS"]),
        ("de_DE@euro", ["de-DE"]),  // another modifier is dropped
        ("es_419.UTF-8", ["es-419"]),
        ("ast_ES", ["ast-ES"]),
        ("C.UTF-8", nil),  // names no language
        ("POSIX", ["POSIX"]),  // a well-formed range, which matches nothing
        ("de_CHE", nil),
        ("d_CH", nil),
        ("de_CH_x", nil),
        ("", nil),
        ("de;q=0", nil),
    ])
    func readsARequestsLocale(text: String, ranges: [String]?) {
        #expect(LocaleLookup.requestRanges(text) == ranges)
    }

    /// A locale a host is handed (a header, OFREP's member) with no usable range, or none at
    /// all, means the default locale: no ranges.
    @Test(arguments: [
        ("de_CH.UTF-8" as String?, ["de-CH"]),
        ("de-CH, fr;q=0.8", ["de-CH", "fr"]),
        ("C.UTF-8", []),
        ("de;q=0", []),
        ("", []),
        (nil, []),
    ])
    func anAbsentOrUnusableLocaleMeansTheDefault(text: String?, ranges: [String]) {
        #expect(LocaleLookup.rangesOrDefault(text) == ranges)
    }
}
