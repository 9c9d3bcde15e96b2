@testable import BeckonRules
@testable import BeckonServer
import BeckonRuntime
import BeckonTestSupport
import Testing

/// The document's patterns accept exactly what the server's parsers read: a seeded
/// (`SplitMix64`) differential test over texts built from the pieces the forms are made of (digits, signs,
/// separators, units, month and day edges), so that near misses are common.
@Suite("beckon serve: the OpenAPI document's patterns")
struct OpenAPIPatternsTests {
    /// `count` texts of one to `length` pieces.
    static func texts(_ pieces: [String], length: Int, count: Int = 20_000, seed: UInt64) -> [String] {
        var random = SplitMix64(seed: seed)
        return (0..<count).map { _ in
            (0..<(1 + Int(random.next() % UInt64(length)))).map { _ in random.pick(pieces) }.joined()
        }
    }

    /// Whether `regex` (a pattern, compiled once) matches the whole of `text`.
    static func matches(_ regex: Regex<AnyRegexOutput>, _ text: String) throws -> Bool {
        try regex.wholeMatch(in: text) != nil
    }

    @Test func versions() throws {
        let pieces = ["0", "1", "9", "12", "123456789", "1234567890", ".", "..", "v", "-beta", " ", ""]
        let regex = try Regex(OpenAPIPatterns.version)
        for text in Self.texts(pieces, length: 7, seed: 1) {
            #expect(try Self.matches(regex, text) == (Version(text) != nil), "\(text)")
        }
    }

    @Test func durations() throws {
        let pieces = ["0", "1", "45", "123456789012345", "1234567890123456", "ms", "s", "m", "h", "d", "w", "x", "S", " "]
        let regex = try Regex(OpenAPIPatterns.duration)
        for text in Self.texts(pieces, length: 6, seed: 2) where text.utf8.count >= 2 {
            let parsed = DurationSyntax.parse(text)
            // A well-formed duration too large for Int64 milliseconds has the pattern's form.
            if case .failure(let error) = parsed, error.reason.contains("too large") { continue }
            let parses = if case .success = parsed { true } else { false }
            #expect(try Self.matches(regex, text) == parses, "\(text)")
        }
    }

    @Test func instants() throws {
        let dates = ["2026", "2024", "2000", "1900", "0000", "9999", "-", "01", "02", "12", "13", "00", "28", "29", "30", "31", "32"]
        let times = ["T", "t", " ", "09", "23", "24", ":", "59", "60", ".", "123", "Z", "z", "+", "-", "05:30", "24:00"]
        var random = SplitMix64(seed: 3)
        var texts = Self.texts(["0", "1", "9", "-", "+", "00", "62167219200000", "62167219200001", "253402300799999", "253402300800000", "x"],
                               length: 4, seed: 4)
        // Dates of the right shape with random fields, then times: near misses of the ISO form.
        for _ in 0..<20_000 {
            var text = random.pick(["2026", "2024", "2000", "1900", "0001", "9998"]) + "-" + random.pick(["01", "02", "04", "12", "13", "00"])
                + "-" + random.pick(["01", "28", "29", "30", "31", "32", "00", "1"])
            if random.next() % 2 == 0 { text += (0..<Int(random.next() % 8)).map { _ in random.pick(times) }.joined() }
            if random.next() % 8 == 0 { text += random.pick(dates) }
            texts.append(text)
        }
        let regex = try Regex(OpenAPIPatterns.instant)
        for text in texts {
            let parses = if case .success = TimestampSyntax.parseInstant(text) { true } else { false }
            #expect(try Self.matches(regex, text) == parses, "\(text)")
        }
    }

    /// `atMost` on every limit up to 1000 (and a few long ones) against counting.
    @Test func atMostMatchesTheNumbersUpToItsLimit() throws {
        for limit in [0, 1, 9, 10, 19, 20, 99, 100, 101, 199, 250, 253, 999, 1000] {
            let regex = try Regex("^(" + OpenAPIPatterns.atMost(String(limit)) + ")$")
            for number in 0...1100 {
                #expect(try Self.matches(regex, String(number)) == (number <= limit), "\(number) against \(limit)")
            }
        }
    }
}

/// Values of the documented forms that the readers once refused.
@Suite("beckon serve: documented values read")
struct DocumentedValuesTests {
    /// `NAME=VALUE` splits at the first `=` even where it makes one character with what follows.
    @Test(arguments: [("mT7=🏻", "mT7", "🏻"), ("a=b=c", "a", "b=c"), ("e=\u{301}x", "e", "\u{301}x"), ("n=", "n", "")])
    func assignmentsSplitAtTheFirstEquals(text: String, name: String, value: String) throws {
        let pair = try DecisionInput.pair(text, "transient", "NAME")
        #expect(pair.name == name && pair.text == value)
    }

    /// With no `=`, or nothing before it, it is not an assignment.
    @Test(arguments: ["abc", "=x", "", "é"])
    func aTextWithNoNameBeforeAnEqualsIsRefused(text: String) {
        #expect(throws: Problem(.usage, "transient '\(text)' is not NAME=VALUE")) { try DecisionInput.pair(text, "transient", "NAME") }
    }

    /// OFREP's `now` as a JSON number with a fraction of zeros is that integer.
    @Test(arguments: [("42071880079715.0", "42071880079715"), ("-3039.00", "-3039"), ("12", "12"), ("1.5", "1.5"), ("1e3", "1e3")])
    func integralNumbers(digits: String, expected: String) {
        #expect(OFREPContext.integral(digits) == expected)
    }
}
