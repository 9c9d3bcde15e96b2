/// A runtime value of the rule language: what parameters hold and expressions produce.
public enum Value: Hashable, Sendable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// Milliseconds.
    case duration(Int64)
    /// Unix time in milliseconds, UTC.
    case timestamp(Int64)
    case version(Version)
    case list([Value])

    /// Whether the value can be held by something declared with `type` (`null` fits every type).
    public func conforms(to type: ValueType) -> Bool {
        switch (self, type) {
        case (.null, _): true
        case (.bool, .bool), (.int, .int), (.double, .double), (.string, .string),
             (.duration, .duration), (.timestamp, .timestamp), (.version, .version):
            true
        case (.list(let items), .list(let element)):
            items.allSatisfy { $0.conforms(to: element) }
        default:
            false
        }
    }

    /// The value's own type; a list reports the type of its first element (`list<null>` if empty).
    public var type: ValueType {
        switch self {
        case .null: .null
        case .bool: .bool
        case .int: .int
        case .double: .double
        case .string: .string
        case .duration: .duration
        case .timestamp: .timestamp
        case .version: .version
        case .list(let items): .list(items.first?.type ?? .null)
        }
    }

    /// A string's text with `\\`, `"` and line breaks escaped as a rule literal would write them.
    static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// The value as written in rules and shown in explanations.
    public var description: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .string(let value): "\"" + Self.escaped(value) + "\""
        case .duration(let value): DurationSyntax.format(value)
        case .timestamp(let value): TimestampSyntax.format(value)
        case .version(let value): "v\"\(value)\""
        case .list(let items): "[" + items.map(\.description).joined(separator: ", ") + "]"
        }
    }
}
