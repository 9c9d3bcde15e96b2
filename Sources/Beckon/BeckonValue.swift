import BeckonRules

/// A typed value: what a parameter holds, what an event's info field carries, what a transient
/// parameter is passed as.
///
/// Swift literals build one (`true`, `42`, `0.5`, `"pro"`, `["a", "b"]`, `nil`). A string given
/// for something declared with another type is read as the command line writes it, typed by the
/// declaration: `"2.1.0"` for a version, `"7d"` for a duration, `"2026-03-01T09:30:00Z"` for a
/// timestamp, `"a,b"` for a list.
public enum BeckonValue: Hashable, Sendable, CustomStringConvertible {
    /// No value: an unset parameter, or `nil`.
    case null
    /// A boolean, `bool` in a configuration.
    case bool(Bool)
    /// A 64-bit integer, `int`.
    case int(Int64)
    /// A double, `double` (an `int` given for it widens).
    case double(Double)
    /// Text, `string`; for a value declared with another type, that value as the command line
    /// writes it.
    case string(String)
    /// A duration in milliseconds.
    case duration(milliseconds: Int64)
    /// An instant in Unix milliseconds (UTC).
    case timestamp(milliseconds: Int64)
    /// A version, `major.minor.patch` (`"2.1"` reads as 2.1.0).
    case version(String)
    /// A list of values of one type, `list<T>`.
    case list([BeckonValue])

    /// The value as the rule language writes it: `true`, `42`, `"pro"`, `7d`, `v"2.1.0"`.
    public var description: String { RuleValues.value(self).description }
}

extension BeckonValue: ExpressibleByNilLiteral {
    /// `nil` is `.null`: setting a parameter to it returns the parameter to its default.
    public init(nilLiteral: ()) { self = .null }
}

extension BeckonValue: ExpressibleByBooleanLiteral {
    /// A `bool`.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension BeckonValue: ExpressibleByIntegerLiteral {
    /// An `int` (it widens to a `double` where one is declared).
    public init(integerLiteral value: Int64) { self = .int(value) }
}

extension BeckonValue: ExpressibleByFloatLiteral {
    /// A `double`.
    public init(floatLiteral value: Double) { self = .double(value) }
}

extension BeckonValue: ExpressibleByStringLiteral {
    /// A `string`, or the text of a value of the declared type.
    public init(stringLiteral value: String) { self = .string(value) }
}

extension BeckonValue: ExpressibleByArrayLiteral {
    /// A `list`.
    public init(arrayLiteral elements: BeckonValue...) { self = .list(elements) }
}
