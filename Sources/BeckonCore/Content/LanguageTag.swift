/// The grammar of a BCP 47 language tag (RFC 5646 §2.1), checked for well-formedness only: the
/// shape of each subtag, not whether the registry knows it, so `qq-ZZ` is fine and `english` is not.
public enum LanguageTag {
    /// Whether `tag` is a well-formed language tag, compared case-insensitively: a language of
    /// 2–3 letters (with up to three 3-letter extended subtags) or 5–8 letters; then optionally a
    /// script (4 letters), a region (2 letters or 3 digits), variants (5–8 letters and digits, or a
    /// digit and 3 more), extensions (a singleton other than `x`, then subtags of 2–8), and a
    /// private use part (`x`, then subtags of 1–8). A private use tag alone (`x-whatever`) and the
    /// irregular grandfathered tags (`i-klingon`, `en-GB-oed`…) are well-formed too.
    public static func isWellFormed(_ tag: String) -> Bool {
        let lowered = tag.lowercased()
        if irregular.contains(lowered) { return true }
        let subtags = lowered.split(separator: "-", omittingEmptySubsequences: false).map { Array($0.utf8) }
        guard subtags.allSatisfy({ !$0.isEmpty && $0.count <= 8 && $0.allSatisfy(isAlphanumeric) }) else { return false }
        var index = 0
        func current() -> [UInt8]? { index < subtags.count ? subtags[index] : nil }
        func take(_ accepts: ([UInt8]) -> Bool) -> Bool {
            guard let subtag = current(), accepts(subtag) else { return false }
            index += 1
            return true
        }
        if current() == [UInt8(ascii: "x")] { return privateUse(subtags, from: index) }
        guard let language = current(), language.allSatisfy(isLetter), [2, 3, 5, 6, 7, 8].contains(language.count) else { return false }
        index += 1
        if language.count <= 3 {
            for _ in 0..<3 where take({ $0.count == 3 && $0.allSatisfy(isLetter) }) {}
        }
        _ = take { $0.count == 4 && $0.allSatisfy(isLetter) }
        _ = take { ($0.count == 2 && $0.allSatisfy(isLetter)) || ($0.count == 3 && $0.allSatisfy(isDigit)) }
        while take({ $0.count >= 5 || ($0.count == 4 && isDigit($0[0])) }) {}
        while let singleton = current(), singleton.count == 1, singleton != [UInt8(ascii: "x")] {
            index += 1
            guard take({ $0.count >= 2 }) else { return false }
            while take({ $0.count >= 2 }) {}
        }
        return current() == nil || privateUse(subtags, from: index)
    }

    /// Whether the subtags from `start` are `x` and one or more subtags of 1–8 (their length was
    /// checked already).
    private static func privateUse(_ subtags: [[UInt8]], from start: Int) -> Bool {
        subtags[start] == [UInt8(ascii: "x")] && subtags.count > start + 1
    }

    /// The grandfathered tags that do not follow the grammar (RFC 5646 §2.1, `irregular`).
    private static let irregular: Set<String> = [
        "en-gb-oed", "i-ami", "i-bnn", "i-default", "i-enochian", "i-hak", "i-klingon", "i-lux", "i-mingo",
        "i-navajo", "i-pwn", "i-tao", "i-tay", "i-tsu", "sgn-be-fr", "sgn-be-nl", "sgn-ch-de",
    ]

    private static func isLetter(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
    private static func isAlphanumeric(_ byte: UInt8) -> Bool { isLetter(byte) || isDigit(byte) }
}
