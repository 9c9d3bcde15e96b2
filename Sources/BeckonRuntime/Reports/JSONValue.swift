import BeckonRules

/// A JSON document built in code: what `--json` prints, one object per line, keys sorted.
public enum JSONValue: Encodable, Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// An instant (Unix ms), written as its ISO-8601 text (`"2026-03-01T09:30:00Z"`).
    case timestamp(Int64)
    case array([JSONValue])
    case object(JSONObject)

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .timestamp(let milliseconds): try container.encode(TimestampSyntax.format(milliseconds))
        case .array(let values): try container.encode(values)
        case .object(let members): try container.encode(Dictionary(members.map { ($0.key, $0.value) }) { _, last in last })
        }
    }

    /// `.string(text)`, or `.null` when there is none.
    public static func string(_ text: String?) -> JSONValue {
        text.map(JSONValue.string) ?? .null
    }

    /// An instant as ISO-8601 text, or `.null`.
    public static func instant(_ milliseconds: Int64?) -> JSONValue {
        milliseconds.map(JSONValue.timestamp) ?? .null
    }
}
