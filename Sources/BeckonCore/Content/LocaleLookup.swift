/// How a request's languages choose among the locales a configuration has: RFC 4647 §3.4
/// "lookup", the same for every host, so one request gets one text everywhere.
///
/// Tags compare case-insensitively (`de-ch` is `de-CH`); a range is tried as written, then with
/// its last subtag removed (and a single-letter subtag left before it), until it matches or is
/// empty; the ranges are tried in the order given; when none matches, the default locale is chosen.
/// `*` matches nothing in lookup and is skipped.
public enum LocaleLookup {
    /// The locale of `available` that `requested` (best first) chooses, as written in `available`;
    /// `defaultLocale` when none does.
    public static func choose(_ requested: [String], from available: [String], defaultLocale: String) -> String {
        firstMatch(requested) { candidate in available.first { $0.lowercased() == candidate } } ?? defaultLocale
    }

    /// The lookup itself: each range of `requested` in order, lowercased, then truncated step by
    /// step, until `match` (given a lowercased candidate) finds something; nil when nothing does.
    /// `LocalizedContent` matches against its locales found by their lowercased tags, made once.
    static func firstMatch<T>(_ requested: [String], _ match: (String) -> T?) -> T? {
        for range in requested {
            var candidate = range.lowercased()
            while !candidate.isEmpty, candidate != "*" {
                if let found = match(candidate) { return found }
                candidate = truncated(candidate)
            }
        }
        return nil
    }

    /// `candidate` with its last subtag removed, and a single-character subtag (an extension or
    /// private-use singleton such as `x`) that would then end it removed too (RFC 4647 §3.4).
    static func truncated(_ candidate: String) -> String {
        var subtags = candidate.split(separator: "-", omittingEmptySubsequences: false)
        subtags.removeLast()
        if let last = subtags.last, last.count == 1 { subtags.removeLast() }
        return subtags.joined(separator: "-")
    }

    /// The language ranges of an `Accept-Language` header (RFC 9110 §12.5.4), best first: ranges
    /// with a higher `q` first, ties in the order written; `q=0` ranges (not acceptable) and
    /// malformed parts are left out.
    public static func ranges(acceptLanguage header: String) -> [String] {
        var weighted: [(range: String, quality: Double, position: Int)] = []
        for (position, part) in header.split(separator: ",").enumerated() {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: " \t") }
            guard let range = pieces.first, isLanguageRange(range) else { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: " \t") }
                guard pair.count == 2, pair[0].lowercased() == "q" else { continue }
                guard let value = Double(pair[1]), value >= 0, value <= 1 else { quality = -1; break }
                quality = value
            }
            if quality > 0 { weighted.append((range, quality, position)) }
        }
        weighted.sort { $0.quality != $1.quality ? $0.quality > $1.quality : $0.position < $1.position }
        return weighted.map(\.range)
    }

    /// `*`, or subtags of 1–8 letters and digits joined by `-`, the first of letters only.
    static func isLanguageRange(_ text: String) -> Bool {
        if text == "*" { return true }
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, first.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return subtags.allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}

extension StringProtocol {
    /// The text without the given characters at either end.
    fileprivate func trimmingCharacters(in set: String) -> String {
        var slice = Substring(self)
        while let first = slice.first, set.contains(first) { slice.removeFirst() }
        while let last = slice.last, set.contains(last) { slice.removeLast() }
        return String(slice)
    }
}
