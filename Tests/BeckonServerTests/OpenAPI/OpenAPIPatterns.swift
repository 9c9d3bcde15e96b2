import BeckonRules
@testable import BeckonServer

/// The forms of the values `beckon serve` parses, as the document's `pattern`s (ECMA-262, as
/// JSON Schema reads them): a client generated from the document sends only what the parsers
/// read. Each is derived from the parser's own constants where the parser has them
/// (`TimestampSyntax.instants`), and `OpenAPIPatternsTests` checks each against its parser over
/// seeded random texts, so a parser that changes fails that test rather than the clients.
enum OpenAPIPatterns {
    /// `Version(_:)`: one to three dot-separated parts of at most nine digits.
    static let version = #"^[0-9]{1,9}(\.[0-9]{1,9}){0,2}$"#

    /// `DurationSyntax.parse`: numbers of at most 15 digits with their units, largest first,
    /// each once (`45s`, `1m30s`, `1d12h`); the empty text is ruled out by `minLength`.
    static let duration = #"^([0-9]{1,15}w)?([0-9]{1,15}d)?([0-9]{1,15}h)?([0-9]{1,15}m)?([0-9]{1,15}s)?([0-9]{1,15}ms)?$"#

    /// `TimestampSyntax.parseInstant`: Unix milliseconds within `TimestampSyntax.instants`
    /// (`Int64`'s text: a sign, leading zeros), or an ISO-8601 date (every day of the Gregorian
    /// calendar, leap years included) with an optional time, fraction and offset.
    static let instant = "^(" + unixMilliseconds + "|(" + isoDate + ")(" + isoTime + ")?)$"

    /// Unix milliseconds within `TimestampSyntax.instants`.
    static var unixMilliseconds: String {
        let range = TimestampSyntax.instants
        return #"\+?0*("# + atMost(String(range.upperBound)) + ")|-0*(" + atMost(String(range.lowerBound.magnitude)) + ")"
    }

    /// A date whose day exists in its month: 29 February only in leap years (every fourth year,
    /// centuries only when divisible by 400).
    static let isoDate = "([0-9]{4}-((0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])|(0[469]|11)-(0[1-9]|[12][0-9]|30)|02-(0[1-9]|1[0-9]|2[0-8]))"
        + "|([0-9]{2}(0[48]|[2468][048]|[13579][26])|([02468][048]|[13579][26])00)-02-29)"

    /// A time of day after `T`, `t` or a space: seconds required, a fraction, `Z` or an offset.
    static let isoTime = "[Tt ]([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]+)?([Zz]|[+-]([01][0-9]|2[0-3]):[0-5][0-9])"

    /// A pattern matching the decimal numbers from 0 to `limit` (its digits), without leading
    /// zeros: the shorter numbers, then for each digit of `limit` the numbers that share the
    /// digits before it and have a smaller one there, then `limit` itself.
    static func atMost(_ limit: String) -> String {
        let digits = Array(limit)
        var alternatives: [String] = []
        if digits.count > 1 { alternatives.append("[0-9]{1,\(digits.count - 1)}") }
        for (index, digit) in digits.enumerated() {
            let lowest: Character = index == 0 && digits.count > 1 ? "1" : "0"
            guard let value = digit.wholeNumberValue, value > lowest.wholeNumberValue! else { continue }
            let rest = digits.count - index - 1
            let range = value - 1 == lowest.wholeNumberValue! ? "\(lowest)" : "[\(lowest)-\(value - 1)]"
            alternatives.append(String(digits[..<index]) + range + (rest > 0 ? "[0-9]{\(rest)}" : ""))
        }
        alternatives.append(limit)
        return alternatives.joined(separator: "|")
    }
}
