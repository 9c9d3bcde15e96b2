import BeckonRules
import BeckonTestSupport
import Testing

/// The one civil_from_days: its signed form (from 1970) and its unsigned form (from 0000-03-01,
/// what answers write instants with) name the same dates, and both invert days_from_civil.
@Suite("Civil date")
struct CivilDateTests {
    @Test(arguments: [
        (Int64(0), Int64(1970), Int64(1), Int64(1)),
        (-1, 1969, 12, 31),
        (11_016, 2000, 2, 29),
        (11_017, 2000, 3, 1),
        (-719_468, 0, 3, 1),
        (-719_469, 0, 2, 29),
        (2_932_896, 9999, 12, 31),
    ])
    func knownDays(days: Int64, year: Int64, month: Int64, day: Int64) {
        #expect(TimestampSyntax.civilFromDays(days) == (year, month, day))
    }

    @Test func bothFormsAgree() {
        var random = SplitMix64(seed: 0xC1_F11)
        let start = TimestampSyntax.daysFromMarchOfYearZeroTo1970
        var days: [Int64] = [0, 1, 59, 60, 365, 146_096, 146_097, 146_098, 3_652_424]
        for _ in 0..<20_000 { days.append(Int64(random.next() % 4_000_000)) }
        for sinceMarch in days {
            let unsigned = TimestampSyntax.civilFromDaysSinceMarchOfYearZero(UInt64(sinceMarch))
            let signed = TimestampSyntax.civilFromDays(sinceMarch - start)
            #expect(Int64(unsigned.year) == signed.0 && Int64(unsigned.month) == signed.1 && Int64(unsigned.day) == signed.2,
                    "day \(sinceMarch) since 0000-03-01")
        }
    }
}
