/// The one range of instants Beckon accepts, wherever an instant comes from: the CLI's `--now`,
/// timestamp parameters and info fields written as text, traces, the C API's `now` and
/// `beckon_set_clock`, and timestamp values plugins return.
extension TimestampSyntax {
    /// `0000-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z` in Unix ms: the instants ISO-8601
    /// writes with four-digit years, so every instant Beckon prints reads back. Far from where
    /// instant arithmetic could overflow, and far enough for any decision.
    public static let instants: ClosedRange<Int64> = -62_167_219_200_000...253_402_300_799_999

    /// "0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z", for messages.
    public static var instantsText: String {
        "\(format(instants.lowerBound)) and \(format(instants.upperBound))"
    }

    /// Reads an instant written as ISO-8601 (`2026-03-01T09:30:00Z`, offsets and fractions
    /// allowed, a bare date is midnight UTC) or as Unix milliseconds, within `instants`.
    public static func parseInstant(_ text: String) -> Result<Int64, InstantTextError> {
        guard let instant = Int64(text) ?? parseUnboundedISO8601(text) else { return .failure(.malformed(text)) }
        guard instants.contains(instant) else { return .failure(.outOfRange(text)) }
        return .success(instant)
    }
}

/// Why a text is not an instant Beckon accepts.
public enum InstantTextError: Error, Hashable, Sendable {
    /// Neither ISO-8601 nor Unix milliseconds.
    case malformed(String)
    /// A well-formed instant outside `TimestampSyntax.instants`.
    case outOfRange(String)

    /// What is wrong, for people: "'…' is not an instant; use …" or "'…' is out of range: …".
    public var message: String {
        switch self {
        case .malformed(let text):
            "'\(text)' is not an instant; use ISO-8601 such as 2026-03-01T09:30:00Z, or Unix milliseconds"
        case .outOfRange(let text):
            "'\(text)' is out of range: instants lie between \(TimestampSyntax.instantsText)"
        }
    }
}
