/// Values typed on a command line: `beckon param set plan pro`, `--info count=3`.
extension Value {
    /// Reads `text` as a value of `type`: `true`/`false`, integers, decimals, duration literals,
    /// versions, ISO-8601 or Unix-millisecond timestamps (within `TimestampSyntax.instants`), and
    /// lists as comma-separated items (`a,b,c`; an empty text is an empty list). `null` is null
    /// for every type.
    public static func parse(_ text: String, as type: ValueType) -> Result<Value, ValueTextError> {
        if text == "null" { return .success(.null) }
        func failure(_ expected: String) -> Result<Value, ValueTextError> {
            .failure(ValueTextError(text: text, expected: type, message: "'\(text)' is not \(expected)"))
        }
        switch type {
        case .bool:
            switch text {
            case "true": return .success(.bool(true))
            case "false": return .success(.bool(false))
            default: return failure("a bool (true or false)")
            }
        case .int:
            guard let value = Int64(text) else {
                return failure(isDecimalInteger(text) ? "an int: an int is from \(Int64.min) to \(Int64.max)" : "an int")
            }
            return .success(.int(value))
        case .double:
            guard let value = Double(text), text.utf8.allSatisfy(Self.isInDecimalNumeral) else { return failure("a double") }
            guard value.isFinite else { return failure("a double: a double is from about -1.8e308 to 1.8e308") }
            return .success(.double(value))
        case .string:
            return .success(.string(text))
        case .duration:
            switch DurationSyntax.parse(text) {
            case .success(let value): return .success(.duration(value))
            case .failure(let error): return .failure(ValueTextError(text: text, expected: type, message: error.message))
            }
        case .version:
            guard let version = Version(text) else {
                return .failure(ValueTextError(text: text, expected: type, message: Version.problem(with: text)))
            }
            return .success(.version(version))
        case .timestamp:
            switch TimestampSyntax.parseInstant(text) {
            case .success(let milliseconds): return .success(.timestamp(milliseconds))
            case .failure(.malformed): return failure("a timestamp (ISO-8601 such as 2026-03-01T09:30:00Z, or Unix milliseconds)")
            case .failure(let error): return .failure(ValueTextError(text: text, expected: type, message: error.message))
            }
        case .list(let element):
            guard !text.isEmpty else { return .success(.list([])) }
            var items: [Value] = []
            for part in text.split(separator: ",", omittingEmptySubsequences: false) {
                switch parse(String(part), as: element) {
                case .success(let item): items.append(item)
                case .failure(let error): return .failure(error)
                }
            }
            return .success(.list(items))
        case .null:
            return failure("null")
        }
    }

    /// Whether `text` is written as a decimal integer (`-12`, `+7`, `99999999999999999999`),
    /// whatever its size: one that does not fit is out of range rather than of another kind.
    public static func isDecimalInteger(_ text: String) -> Bool {
        let digits = text.utf8.first == UInt8(ascii: "-") || text.utf8.first == UInt8(ascii: "+") ? text.utf8.dropFirst() : text.utf8[...]
        return !digits.isEmpty && digits.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Whether a byte may stand in a decimal written as text: a digit, a sign, a point or an
    /// exponent's `e` (`Double` alone would also read `inf`, `nan` and hexadecimal).
    private static func isInDecimalNumeral(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."),
             UInt8(ascii: "e"), UInt8(ascii: "E"): true
        default: false
        }
    }
}

/// Why a text is not a value of a type.
public struct ValueTextError: Error, Hashable, Sendable {
    /// The text given.
    public var text: String
    /// The type wanted.
    public var expected: ValueType
    /// What is wrong, for people.
    public var message: String
}
