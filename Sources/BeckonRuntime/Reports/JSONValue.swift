import BeckonRules

/// A JSON document built in code: what `--json` prints, one object per line, keys sorted.
public enum JSONValue: Encodable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(members)
        }
    }

    /// `.string(text)`, or `.null` when there is none.
    public static func string(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// An instant as ISO-8601 text, or `.null`.
    public static func instant(_ milliseconds: Int64?) -> JSONValue {
        .string(milliseconds.map(TimestampSyntax.format))
    }
}
