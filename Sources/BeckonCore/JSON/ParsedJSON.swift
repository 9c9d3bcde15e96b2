/// A JSON value as `JSONParser` reads it: numbers kept as their text, so that an Int64 or a double
/// is converted once, exactly, to the type its reader needs (a generic parser would have read
/// every number as a double and lost 64-bit integers). Read by the subject data format (a line of
/// an export) and by beckon-conformance (its `--options` and `--config`); not public API.
package indirect enum ParsedJSON: Equatable {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([ParsedJSON])
    /// Members in the order written; a key given twice is refused while parsing.
    case object([(String, ParsedJSON)])

    package static func == (left: ParsedJSON, right: ParsedJSON) -> Bool {
        switch (left, right) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a.count == b.count && zip(a, b).allSatisfy { $0.0 == $1.0 && $0.1 == $1.1 }
        default: false
        }
    }

    /// How the value reads in a message: its JSON kind and, for a scalar, its text.
    package var shown: String {
        switch self {
        case .null: "null"
        case .bool(let value): value ? "true" : "false"
        case .number(let text): text
        case .string(let text): "\"" + (text.count > 40 ? String(text.prefix(40)) + "…" : text) + "\""
        case .array: "an array"
        case .object: "an object"
        }
    }
}
