public import CBeckonPlugin

/// A value of the rule language as the ABI carries it: a condition's argument or result, or a
/// parameter read from the evaluation context.
public enum PluginValue: Hashable, Sendable {
    /// No value.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// 64-bit signed.
    case int(Int64)
    /// An IEEE 754 double.
    case double(Double)
    /// UTF-8 text.
    case string(String)
    /// Milliseconds.
    case duration(Int64)
    /// Unix time in milliseconds, UTC.
    case timestamp(Int64)
    /// "MAJOR.MINOR.PATCH".
    case version(String)

    /// Copies a borrowed `beckon_value`; an unknown type (from a newer host) reads as `.null`.
    public init(_ value: beckon_value) {
        switch UInt32(value.type) {
        case UInt32(BECKON_TYPE_BOOL): self = .bool(value.as.boolean)
        case UInt32(BECKON_TYPE_INT): self = .int(value.as.integer)
        case UInt32(BECKON_TYPE_DOUBLE): self = .double(value.as.number)
        case UInt32(BECKON_TYPE_STRING): self = .string(String(value.as.string))
        case UInt32(BECKON_TYPE_DURATION): self = .duration(value.as.integer)
        case UInt32(BECKON_TYPE_TIMESTAMP): self = .timestamp(value.as.integer)
        case UInt32(BECKON_TYPE_VERSION): self = .version(String(value.as.string))
        default: self = .null
        }
    }

    /// Calls `body` with this value as a `beckon_value`, whose string (if any) is valid only
    /// until `body` returns.
    public func withBorrowed<Result>(_ body: (beckon_value) -> Result) -> Result {
        func make(_ type: Int32, _ fill: (inout beckon_value) -> Void) -> Result {
            var value = beckon_value()
            value.type = beckon_type(type)
            fill(&value)
            return body(value)
        }
        switch self {
        case .null: return make(BECKON_TYPE_NULL) { _ in }
        case .bool(let flag): return make(BECKON_TYPE_BOOL) { $0.as.boolean = flag }
        case .int(let number): return make(BECKON_TYPE_INT) { $0.as.integer = number }
        case .double(let number): return make(BECKON_TYPE_DOUBLE) { $0.as.number = number }
        case .duration(let number): return make(BECKON_TYPE_DURATION) { $0.as.integer = number }
        case .timestamp(let number): return make(BECKON_TYPE_TIMESTAMP) { $0.as.integer = number }
        case .string(let text), .version(let text):
            let type = if case .string = self { BECKON_TYPE_STRING } else { BECKON_TYPE_VERSION }
            return beckon_string.withBorrowed(text) { view in make(type) { $0.as.string = view } }
        }
    }
}
