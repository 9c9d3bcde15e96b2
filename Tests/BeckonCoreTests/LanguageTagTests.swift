import BeckonCore
import Testing

/// `LanguageTag.isWellFormed` follows RFC 5646's grammar, subtag by subtag.
@Suite("BCP 47 language tags")
struct LanguageTagTests {
    @Test(arguments: [
        "en", "de", "fr-CA", "de-CH", "EN-us", "zh-Hant", "zh-Hant-TW", "sr-Latn-RS", "es-419", "gsw",
        "zh-yue-HK", "de-CH-1901", "sl-rozaj-biske", "de-CH-x-phonebk", "en-US-u-islamcal", "en-a-bbb-x-a-ccc",
        "x-whatever", "i-klingon", "en-GB-oed", "qaa-Qaaa-QM-x-southern", "abcde",
    ])
    func wellFormedTagsAreAccepted(tag: String) {
        #expect(LanguageTag.isWellFormed(tag))
    }

    @Test(arguments: [
        "", "e", "english1", "abcdefghi", "abcd", "en-", "-en", "en--US", "en_US", "de-CH-", "1en", "en-US-a",
        "en-a-b", "x", "en-x", "en-ü", "de-CH-12", "en-US-toolongsubtag", "de-Latn-Latn", "zh-yue-yue-yue-yue",
    ])
    func malformedTagsAreRefused(tag: String) {
        #expect(!LanguageTag.isWellFormed(tag))
    }
}
