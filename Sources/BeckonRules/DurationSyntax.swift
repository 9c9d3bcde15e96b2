/// Duration literals: `500ms 30s 5m 12h 7d 2w`, and combinations from the largest unit down
/// such as `1d12h`. Values are milliseconds.
public enum DurationSyntax {
    /// The units, largest first, with their length in milliseconds.
    static let units: [(suffix: String, milliseconds: Int64)] = [
        ("w", 7 * 86_400_000), ("d", 86_400_000), ("h", 3_600_000), ("m", 60_000), ("s", 1000), ("ms", 1),
    ]

    /// Parses a duration literal; returns why not when it is not one.
    public static func parse(_ text: String) -> Result<Int64, DurationSyntaxError> {
        let bytes = Array(text.utf8)
        guard !bytes.isEmpty else { return .failure(.init(text: text, reason: "a duration cannot be empty")) }
        if bytes.contains(where: { $0 == 0x20 || $0 == 0x09 }) {
            return .failure(.init(text: text, reason: "write a duration without spaces, e.g. 90d or 1d12h"))
        }
        if bytes[0] == UInt8(ascii: "-") {
            return .failure(.init(text: text, reason: "a duration cannot be negative"))
        }
        if bytes.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) {
            return .failure(.init(text: text, reason: "units are lower-case: ms, s, m, h, d or w"))
        }
        var index = 0
        var total: Int64 = 0
        var previousUnit = -1
        while index < bytes.count {
            let digitsStart = index
            while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > digitsStart else { return .failure(.init(text: text, reason: Self.expected)) }
            guard index - digitsStart <= 15, let number = Int64(String(decoding: bytes[digitsStart..<index], as: UTF8.self)) else {
                return .failure(.init(text: text, reason: "the number is too large"))
            }
            let unitStart = index
            while index < bytes.count, bytes[index] >= 0x61, bytes[index] <= 0x7A { index += 1 }
            let suffix = String(decoding: bytes[unitStart..<index], as: UTF8.self)
            guard !suffix.isEmpty else { return .failure(.init(text: text, reason: "a number needs a unit (ms, s, m, h, d or w)")) }
            guard let unitIndex = units.firstIndex(where: { $0.suffix == suffix }) else {
                return .failure(.init(text: text, reason: "unknown unit '\(suffix)'; use ms, s, m, h, d or w"))
            }
            guard unitIndex > previousUnit else {
                return .failure(.init(text: text, reason: "units must go from the largest to the smallest, each once (e.g. 1d12h)"))
            }
            previousUnit = unitIndex
            let (product, overflow) = number.multipliedReportingOverflow(by: units[unitIndex].milliseconds)
            let (sum, overflow2) = total.addingReportingOverflow(product)
            guard !overflow, !overflow2 else { return .failure(.init(text: text, reason: "the duration is too large")) }
            total = sum
        }
        return .success(total)
    }

    static let expected = "expected a duration such as 500ms, 30s, 5m, 12h, 7d, 2w or 1d12h"

    /// A literal for a number of milliseconds, e.g. `1d12h`; `0s` for zero.
    /// Weeks are used only for whole weeks (`2w`), so `30d` reads as written, not as `4w2d`.
    public static func format(_ milliseconds: Int64) -> String {
        guard milliseconds != 0 else { return "0s" }
        var rest = milliseconds.magnitude
        var text = milliseconds < 0 ? "-" : ""
        let week = units[0].milliseconds.magnitude
        let usable = rest % week == 0 ? units : Array(units.dropFirst())
        for unit in usable where rest >= unit.milliseconds.magnitude {
            let count = rest / unit.milliseconds.magnitude
            rest -= count * unit.milliseconds.magnitude
            text += "\(count)\(unit.suffix)"
        }
        return text
    }
}

/// Why a text is not a duration literal.
public struct DurationSyntaxError: Error, Hashable, Sendable {
    /// The text that was given.
    public var text: String
    /// What is wrong with it.
    public var reason: String

    /// The message for a diagnostic: `'7 days' is not a duration: …`.
    public var message: String { "'\(text)' is not a duration: \(reason)" }
}
