import BeckonRules
import Testing

@Suite("DurationSyntax")
struct DurationSyntaxTests {
    static let valid: [(text: String, milliseconds: Int64)] = [
        ("500ms", 500),
        ("30s", 30_000),
        ("5m", 300_000),
        ("12h", 43_200_000),
        ("7d", 604_800_000),
        ("2w", 1_209_600_000),
        ("1d12h", 129_600_000),
        ("1m30s", 90_000),
        ("1s500ms", 1_500),
        ("1w2d3h4m5s6ms", 788_645_006),
        ("90m", 5_400_000),
        ("0s", 0),
        ("0ms", 0),
        ("007s", 7_000),
        ("999999999999999ms", 999_999_999_999_999),
        ("15250284452w", 9_223_372_036_569_600_000),
        ("15250284452w3d7h12m55s807ms", Int64.max),
    ]

    @Test(arguments: valid)
    func parses(text: String, milliseconds: Int64) {
        #expect(DurationSyntax.parse(text) == .success(milliseconds))
    }

    static let expected = "expected a duration such as 500ms, 30s, 5m, 12h, 7d, 2w or 1d12h"
    static let needsUnit = "a number needs a unit (ms, s, m, h, d or w)"
    static let spaces = "write a duration without spaces, e.g. 90d or 1d12h"
    static let order = "units must go from the largest to the smallest, each once (e.g. 1d12h)"

    static let invalid: [(text: String, reason: String)] = [
        ("", "a duration cannot be empty"),
        ("12", needsUnit),
        ("1d12", needsUnit),
        ("5 s", spaces),
        ("1.5h", needsUnit),
        ("5y", "unknown unit 'y'; use ms, s, m, h, d or w"),
        ("5sec", "unknown unit 'sec'; use ms, s, m, h, d or w"),
        ("3mss", "unknown unit 'mss'; use ms, s, m, h, d or w"),
        ("12h1d", order),
        ("1s1m", order),
        ("500ms1s", order),
        ("1h2h", order),
        ("1d1d", order),
        ("ms", expected),
        ("-5s", "a duration cannot be negative"),
        ("-", "a duration cannot be negative"),
        ("+5s", expected),
        (" 5s", spaces),
        ("5s ", spaces),
        ("1d 12h", spaces),
        ("1d-12h", expected),
        ("1000000000000000ms", "the number is too large"),
        ("99999999999999999999s", "the number is too large"),
        ("15250284453w", "the duration is too large"),
        ("15250284452w6d", "the duration is too large"),
        ("999999999999999w", "the duration is too large"),
    ]

    @Test(arguments: invalid)
    func rejects(text: String, reason: String) {
        guard case .failure(let error) = DurationSyntax.parse(text) else {
            Issue.record("'\(text)' parsed as a duration")
            return
        }
        #expect(error.text == text)
        #expect(error.reason == reason)
    }

    @Test(arguments: ["5S", "1H", "5µs", "１s", "1e3ms", "0x10s"])
    func rejectsOtherCharacters(text: String) {
        guard case .failure(let error) = DurationSyntax.parse(text) else {
            Issue.record("'\(text)' parsed as a duration")
            return
        }
        #expect(error.text == text)
    }

    @Test func errorMessageQuotesTheText() {
        guard case .failure(let error) = DurationSyntax.parse("7 days") else {
            Issue.record("'7 days' parsed as a duration")
            return
        }
        #expect(error.message == "'7 days' is not a duration: write a duration without spaces, e.g. 90d or 1d12h")
    }

    static let formatted: [(milliseconds: Int64, text: String)] = [
        (0, "0s"),
        (1, "1ms"),
        (500, "500ms"),
        (1_000, "1s"),
        (1_500, "1s500ms"),
        (60_000, "1m"),
        (90_000, "1m30s"),
        (3_600_000, "1h"),
        (86_400_000, "1d"),
        (129_600_000, "1d12h"),
        (604_800_000, "1w"),
        (691_200_000, "8d"),
        (1_209_600_000, "2w"),
        (788_645_006, "9d3h4m5s6ms"),
        (3_600_001, "1h1ms"),
        (-1_500, "-1s500ms"),
        (-86_400_000, "-1d"),
        (Int64.max, "106751991167d7h12m55s807ms"),
        (Int64.min, "-106751991167d7h12m55s808ms"),
    ]

    @Test(arguments: formatted)
    func formats(milliseconds: Int64, text: String) {
        #expect(DurationSyntax.format(milliseconds) == text)
    }

    @Test(arguments: [Int64(0), 1, 999, 1_000, 59_999, 90_061_001, 1_209_600_000, 31_536_000_000, Int64.max])
    func formatThenParseRoundTrips(milliseconds: Int64) {
        #expect(DurationSyntax.parse(DurationSyntax.format(milliseconds)) == .success(milliseconds))
    }
}
