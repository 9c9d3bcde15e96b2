import BeckonRules
import FoundationEssentials
import HTTPTypes
import Synchronization

/// The `Date` header's value (RFC 9110's IMF-fixdate, `Tue, 24 Nov 2026 21:54:16 GMT`), as
/// Hummingbird writes it on the answers of the router, for the answers written without it
/// (`EventLoopTipStatus`); formatted once a second.
enum HTTPDate {
    /// The field of the second last asked for, and its line as written in a head.
    private struct Cached {
        var second: Int64
        var field: HTTPField
        var line: [UInt8]
    }

    private static let cached = Mutex(Cached(second: .min, field: HTTPField(name: .date, value: ""), line: []))

    /// The header for the current second, its value checked once a second rather than on every
    /// answer (`HTTPField` checks a value as it is made).
    static var field: HTTPField {
        current { $0.field }
    }

    /// The header's line in a head (`Date: …` and CRLF) for the current second, made once a second.
    static var line: [UInt8] {
        current { $0.line }
    }

    /// What `read` reads of the current second's cache, made anew when the second changed.
    private static func current<Part>(_ read: (Cached) -> Part) -> Part {
        let second = Int64(Date().timeIntervalSince1970.rounded(.down))
        return cached.withLock { cache in
            if cache.second != second {
                let field = HTTPField(name: .date, value: text(unixSeconds: second))
                cache = Cached(second: second, field: field, line: BytesFastPath.line(of: field))
            }
            return read(cache)
        }
    }

    private static let weekdays = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// The header's value for a second counted from 1970-01-01 00:00:00 UTC (a Thursday).
    static func text(unixSeconds: Int64) -> String {
        let days = unixSeconds >= 0 ? unixSeconds / 86_400 : (unixSeconds - 86_399) / 86_400
        let secondOfDay = unixSeconds - days * 86_400
        let (year, month, day) = TimestampSyntax.civilFromDays(days)
        let weekday = weekdays[Int(((days % 7) + 7) % 7)]
        return "\(weekday), \(twoDigits(day)) \(months[Int(month) - 1]) \(year) "
            + "\(twoDigits(secondOfDay / 3600)):\(twoDigits(secondOfDay / 60 % 60)):\(twoDigits(secondOfDay % 60)) GMT"
    }

    private static func twoDigits(_ value: Int64) -> String {
        value < 10 ? "0\(value)" : String(value)
    }
}
