import BeckonCore
import BeckonRules

/// Conversions between the library's `BeckonValue` and the engine's `Value`, typed by
/// declarations the way the command line types its text.
enum RuleValues {
    /// The engine's value for `value`, as given (a version that does not parse stays its text).
    static func value(_ value: BeckonValue) -> Value {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .duration(let milliseconds): .duration(milliseconds)
        case .timestamp(let milliseconds): .timestamp(milliseconds)
        case .version(let text): Version(text).map(Value.version) ?? .string(text)
        case .list(let items): .list(items.map(Self.value))
        }
    }

    /// The library's value for one of the engine's.
    static func beckonValue(_ value: Value) -> BeckonValue {
        switch value {
        case .null: .null
        case .bool(let flag): .bool(flag)
        case .int(let number): .int(number)
        case .double(let number): .double(number)
        case .string(let text): .string(text)
        case .duration(let milliseconds): .duration(milliseconds: milliseconds)
        case .timestamp(let milliseconds): .timestamp(milliseconds: milliseconds)
        case .version(let version): .version(version.description)
        case .list(let items): .list(items.map(beckonValue))
        }
    }

    /// `value` as held by something declared with `type` (`what` names it in the message): a
    /// string is read as the command line's text of that type, an int widens to a double.
    static func typed(_ value: BeckonValue, as type: ValueType, for what: String) throws(EngineError) -> Value {
        switch (value, type) {
        case (.null, _):
            return .null
        case (.string(let text), _) where type != .string:
            switch Value.parse(text, as: type) {
            case .success(let parsed): return parsed
            case .failure(let error): throw .invalidValue("\(what) is \(type): \(error.message)")
            }
        case (.list(let items), .list(let element)):
            var typedItems: [Value] = []
            for (index, item) in items.enumerated() {
                typedItems.append(try typed(item, as: element, for: "item \(index + 1) of \(what)"))
            }
            return .list(typedItems)
        case (.int(let number), .double):
            return .double(Double(number))
        case (.version(let text), .version):
            guard let version = Version(text) else { throw .invalidValue("\(what) is version: \(Version.problem(with: text))") }
            return .version(version)
        case (.timestamp(let milliseconds), .timestamp):
            guard TimestampSyntax.instants.contains(milliseconds) else {
                throw .invalidValue("\(what) is \(milliseconds) ms; instants lie between \(TimestampSyntax.instantsText)")
            }
            return .timestamp(milliseconds)
        default:
            let given = Self.value(value)
            guard given.conforms(to: type) else { throw .invalidValue("\(what) is \(type); \(given) is \(given.type)") }
            return given
        }
    }
}
