/// The static type of a rule expression, a parameter or an event info field.
public indirect enum ValueType: Hashable, Sendable, CustomStringConvertible {
    case bool
    case int
    case double
    case string
    case duration
    case timestamp
    case version
    case list(ValueType)
    /// The type of the `null` literal; compatible with every type in `==` and `!=`.
    case null

    /// The scalar types a parameter or info field may be declared with.
    public static let scalarTypes: [ValueType] = [.bool, .int, .double, .string, .version, .timestamp, .duration]

    /// Parses a declared type name: a scalar name or `list<T>` of one.
    public init?(declaration text: String) {
        let trimmed = text.trimmingSpaces()
        if trimmed.hasPrefix("list<"), trimmed.hasSuffix(">") {
            let inner = String(trimmed.dropFirst(5).dropLast())
            guard let element = ValueType(scalarName: inner.trimmingSpaces()) else { return nil }
            self = .list(element)
        } else if let scalar = ValueType(scalarName: trimmed) {
            self = scalar
        } else {
            return nil
        }
    }

    private init?(scalarName: String) {
        guard let match = ValueType.scalarTypes.first(where: { $0.description == scalarName }) else { return nil }
        self = match
    }

    /// The names accepted in declarations, for messages and suggestions.
    public static var declarationNames: [String] {
        scalarTypes.map(\.description) + scalarTypes.map { "list<\($0)>" }
    }

    /// Whether the type is `int` or `double`.
    public var isNumeric: Bool { self == .int || self == .double }

    public var description: String {
        switch self {
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .string: "string"
        case .duration: "duration"
        case .timestamp: "timestamp"
        case .version: "version"
        case .list(let element): "list<\(element)>"
        case .null: "null"
        }
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    func trimmingSpaces() -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { $0 != " " && $0 != "\t" }) else { return "" }
        let last = scalars.lastIndex(where: { $0 != " " && $0 != "\t" })!
        return String(scalars[first...last])
    }
}
