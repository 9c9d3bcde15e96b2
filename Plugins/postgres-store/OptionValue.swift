import FoundationEssentials

/// One value of `store.options`, as the host hands them over in canonical JSON.
enum OptionValue: Decodable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    case list([OptionValue])
    case object([String: OptionValue])

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int64.self) {
            self = .int(value)
        } else if let value = try? container.decode(Double.self) {
            self = .double(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([OptionValue].self) {
            self = .list(value)
        } else {
            self = .object(try container.decode([String: OptionValue].self))
        }
    }

    /// What a person calls this kind of value, for messages.
    var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int: "an integer"
        case .double: "a number"
        case .string: "a string"
        case .list: "a list"
        case .object: "a mapping"
        }
    }

    /// Parses canonical JSON text; nil when it is not JSON.
    static func parse(_ json: String) -> OptionValue? {
        try? JSONDecoder().decode(OptionValue.self, from: Data(json.utf8))
    }
}
