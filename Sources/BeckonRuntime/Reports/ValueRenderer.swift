public import BeckonRules

/// Values of the rule language for scripts: JSON with the literal forms people write in YAML for
/// the types JSON lacks (`"7d"`, `"2026-03-01T09:30:00Z"`, `"2.3.0"`).
public enum ValueRenderer {
    public static func json(_ value: Value) -> JSONValue {
        json(value, timesInMilliseconds: false)
    }

    /// `value` as JSON; durations and instants as integer milliseconds when
    /// `timesInMilliseconds` (exact, unlike their text forms' rounding: what the subject data
    /// format stores), else in their literal forms.
    public static func json(_ value: Value, timesInMilliseconds: Bool) -> JSONValue {
        switch value {
        case .null: .null
        case .bool(let value): .bool(value)
        case .int(let value): .int(value)
        case .double(let value): .double(value)
        case .string(let value): .string(value)
        case .duration(let value): timesInMilliseconds ? .int(value) : .string(DurationSyntax.format(value))
        case .timestamp(let value): timesInMilliseconds ? .int(value) : .string(TimestampSyntax.format(value))
        case .version(let value): .string(value.description)
        case .list(let items): .array(items.map { json($0, timesInMilliseconds: timesInMilliseconds) })
        }
    }

    /// Named values as a JSON object: `{"isLoggedIn": true}`.
    public static func json(_ values: [(name: String, value: Value)]) -> JSONValue {
        .object(JSONObject(values.map { ($0.name, json($0.value)) }))
    }
}
