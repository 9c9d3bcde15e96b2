/// Instants written as ISO-8601 (`2026-03-01T09:30:00Z`, with optional fraction and offset, or a
/// bare date meaning midnight UTC) and converted to Unix milliseconds.
public enum TimestampSyntax {
    /// Parses an ISO-8601 date-time or date; nil if malformed or outside `instants` (an offset
    /// can move a four-digit year's instant past either end).
    public static func parseISO8601(_ text: String) -> Int64? {
        parseUnboundedISO8601(text).flatMap { instants.contains($0) ? $0 : nil }
    }

    /// Parses an ISO-8601 date-time or date, whatever instant it names; nil if malformed.
    static func parseUnboundedISO8601(_ text: String) -> Int64? {
        var scanner = DigitScanner(Array(text.utf8))
        guard let year = scanner.number(digits: 4), scanner.skip("-"),
              let month = scanner.number(digits: 2), scanner.skip("-"),
              let day = scanner.number(digits: 2),
              (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day) else { return nil }
        let days = daysFromCivil(year: year, month: month, day: day)
        if scanner.atEnd { return days * 86_400_000 }
        guard scanner.skip("T") || scanner.skip("t") || scanner.skip(" "),
              let hour = scanner.number(digits: 2), scanner.skip(":"),
              let minute = scanner.number(digits: 2), scanner.skip(":"),
              let second = scanner.number(digits: 2),
              hour < 24, minute < 60, second < 60 else { return nil }
        var milliseconds: Int64 = 0
        if scanner.skip(".") {
            guard let (fraction, count) = scanner.fraction() else { return nil }
            var scaled = fraction
            if count < 3 { for _ in count..<3 { scaled *= 10 } } else { for _ in 3..<count { scaled /= 10 } }
            milliseconds = scaled
        }
        var offsetMinutes: Int64 = 0
        if scanner.skip("Z") || scanner.skip("z") {
        } else if let sign = scanner.sign() {
            guard let offsetHour = scanner.number(digits: 2), scanner.skip(":"),
                  let offsetMinute = scanner.number(digits: 2), offsetHour < 24, offsetMinute < 60 else { return nil }
            offsetMinutes = sign * (offsetHour * 60 + offsetMinute)
        } else {
            return nil
        }
        guard scanner.atEnd else { return nil }
        let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetMinutes * 60
        return seconds * 1000 + milliseconds
    }

    /// `2026-03-01T09:30:00Z`, with `.123` when there are milliseconds.
    public static func format(_ milliseconds: Int64) -> String {
        String(unsafeUninitializedCapacity: maximumFormattedLength) { write(milliseconds, into: $0) }
    }

    /// The most bytes `format` writes.
    public static var maximumFormattedLength: Int { 48 }

    /// Writes the bytes of `format(milliseconds)` into `buffer` (at least `maximumFormattedLength`
    /// long) and returns how many: byte by byte, for writers that need no `String` (answers carry
    /// instants, and hosts ask for answers in a loop).
    public static func write(_ milliseconds: Int64, into buffer: UnsafeMutableBufferPointer<UInt8>) -> Int {
        let (seconds, millis) = floorDivide(milliseconds, 1000)
        let (days, secondOfDay) = floorDivide(seconds, 86_400)
        let (year, month, day) = civilFromDays(days)
        var index = 0
        func put(_ byte: UInt8) { buffer[index] = byte; index += 1 }
        func digits(_ value: Int64, _ count: Int) {
            var divisor: Int64 = 1
            for _ in 1..<count { divisor *= 10 }
            while divisor > 0 { put(UInt8(ascii: "0") + UInt8(value / divisor % 10)); divisor /= 10 }
        }
        // ISO-8601 years have at least four digits; parseISO8601 reads exactly four. Years
        // outside 0...9999 keep their sign and all their digits.
        if (0..<10_000).contains(year) { digits(year, 4) } else { for byte in "\(year)".utf8 { put(byte) } }
        put(UInt8(ascii: "-")); digits(month, 2); put(UInt8(ascii: "-")); digits(day, 2)
        put(UInt8(ascii: "T")); digits(secondOfDay / 3600, 2); put(UInt8(ascii: ":")); digits(secondOfDay / 60 % 60, 2)
        put(UInt8(ascii: ":")); digits(secondOfDay % 60, 2)
        if millis != 0 { put(UInt8(ascii: ".")); digits(millis, 3) }
        put(UInt8(ascii: "Z"))
        return index
    }

    /// Quotient rounded down and a non-negative remainder, for a positive `b`; computed from `/`
    /// and `%` so that values near `Int64.min` do not overflow.
    private static func floorDivide(_ a: Int64, _ b: Int64) -> (Int64, Int64) {
        let (quotient, remainder) = a.quotientAndRemainder(dividingBy: b)
        return remainder < 0 ? (quotient - 1, remainder + b) : (quotient, remainder)
    }

    private static func isLeap(_ year: Int64) -> Bool { year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Howard Hinnant's days_from_civil: days since 1970-01-01.
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - daysFromMarchOfYearZeroTo1970
    }

    /// Howard Hinnant's civil_from_days: the year, month (1…12) and day (1…31) of a day counted
    /// from 1970-01-01.
    public static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + daysFromMarchOfYearZeroTo1970
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let (yearOfEra, month, day) = civilFromDayOfEra(UInt64(z - era * 146_097))
        return (Int64(yearOfEra) + era * 400 + (month <= 2 ? 1 : 0), Int64(month), Int64(day))
    }

    /// civil_from_days on days counted from 0000-03-01 (never negative): for writers of
    /// instants from that day on, which need no signed eras.
    @inlinable
    public static func civilFromDaysSinceMarchOfYearZero(_ days: UInt64) -> (year: UInt64, month: UInt64, day: UInt64) {
        let era = days / 146_097
        let (yearOfEra, month, day) = civilFromDayOfEra(days % 146_097)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    /// Days from 0000-03-01 (day 0 of civil_from_days's eras of 400 years from 1 March) to 1970-01-01.
    /// (Computed, so that it folds into the constants made from it in other modules.)
    @inlinable
    public static var daysFromMarchOfYearZeroTo1970: Int64 { 719_468 }

    /// The heart of civil_from_days: the year of the era (the year of its March), month and day
    /// of day `dayOfEra` (0..<146_097) of an era of 400 years from 1 March.
    @inlinable
    static func civilFromDayOfEra(_ dayOfEra: UInt64) -> (yearOfEra: UInt64, month: UInt64, day: UInt64) {
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let shiftedMonth = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
        let month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
        return (yearOfEra, month, day)
    }
}

/// Reads fixed-width decimal fields from ASCII bytes.
private struct DigitScanner {
    let bytes: [UInt8]
    var index = 0

    init(_ bytes: [UInt8]) { self.bytes = bytes }

    var atEnd: Bool { index == bytes.count }

    mutating func skip(_ character: Character) -> Bool {
        guard index < bytes.count, bytes[index] == character.asciiValue else { return false }
        index += 1
        return true
    }

    mutating func number(digits: Int) -> Int64? {
        guard index + digits <= bytes.count else { return nil }
        var value: Int64 = 0
        for byte in bytes[index..<index + digits] {
            guard byte >= 0x30, byte <= 0x39 else { return nil }
            value = value * 10 + Int64(byte - 0x30)
        }
        index += digits
        return value
    }

    mutating func fraction() -> (Int64, Int)? {
        var value: Int64 = 0
        var count = 0
        while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            if count < 9 { value = value * 10 + Int64(bytes[index] - 0x30) }
            count += 1
            index += 1
        }
        return count == 0 ? nil : (value, min(count, 9))
    }

    mutating func sign() -> Int64? {
        if skip("+") { return 1 }
        if skip("-") { return -1 }
        return nil
    }
}
