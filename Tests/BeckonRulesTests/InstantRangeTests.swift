import BeckonRules
import Testing

/// The one instant range (`0000-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z`) that every way
/// in — `--now`, values written as text, traces, the C API, plugins — checks through.
@Suite("TimestampSyntax instant range")
struct InstantRangeTests {
    @Test func theRangeIsWhatISO8601WritesWithFourDigitYears() {
        #expect(TimestampSyntax.format(TimestampSyntax.instants.lowerBound) == "0000-01-01T00:00:00Z")
        #expect(TimestampSyntax.format(TimestampSyntax.instants.upperBound) == "9999-12-31T23:59:59.999Z")
    }

    static let accepted: [(text: String, milliseconds: Int64)] = [
        ("0000-01-01T00:00:00Z", -62_167_219_200_000),
        ("-62167219200000", -62_167_219_200_000),
        ("9999-12-31T23:59:59.999Z", 253_402_300_799_999),
        ("253402300799999", 253_402_300_799_999),
        ("0000-01-01T01:00:00+01:00", -62_167_219_200_000),
        ("2026-03-01T09:30:00Z", 1_772_357_400_000),
        ("-1", -1),
        ("0", 0),
    ]

    @Test(arguments: accepted)
    func accepts(text: String, milliseconds: Int64) {
        #expect(TimestampSyntax.parseInstant(text) == .success(milliseconds))
    }

    /// Just past either end, whether written as Unix ms or pushed there by an offset.
    @Test(arguments: [
        "-62167219200001", "253402300800000", "9223372036854775807", "-9223372036854775808",
        "0000-01-01T00:00:00+00:01", "9999-12-31T23:59:59.999-00:01", "9999-12-31T23:30:00-01:00",
    ])
    func refusesInstantsOutOfRange(text: String) {
        #expect(TimestampSyntax.parseInstant(text) == .failure(.outOfRange(text)))
        #expect(TimestampSyntax.parseISO8601(text) == nil)
        #expect(InstantTextError.outOfRange(text).message.contains("0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z"))
    }

    @Test(arguments: ["", "soon", "2026-03-01T09:30", "1e3", "9223372036854775808", "+-1", "10000-01-01"])
    func refusesMalformedText(text: String) {
        #expect(TimestampSyntax.parseInstant(text) == .failure(.malformed(text)))
    }

    /// A timestamp written as text (`param set`, `--info`, the C API's fields) obeys the range.
    @Test(arguments: ["253402300800000", "-62167219200001", "9999-12-31T23:59:59.999-00:01"])
    func aTimestampValueWrittenAsTextObeysTheRange(text: String) {
        guard case .failure(let error) = Value.parse(text, as: .timestamp) else {
            Issue.record("'\(text)' was accepted as a timestamp")
            return
        }
        #expect(error.message.contains("out of range"), "\(error.message)")
        #expect(Value.parse("253402300799999", as: .timestamp) == .success(.timestamp(253_402_300_799_999)))
    }
}
