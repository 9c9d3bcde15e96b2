import BeckonCore

/// JSON text for people to read and diff: one member or item per line.
extension JSONValue {
    /// The JSON text indented by two spaces, object keys sorted by code point, no trailing
    /// newline; an empty object or array stays on one line (`{}`, `[]`).
    public var indentedText: String {
        var output = ""
        writeIndented(to: &output, depth: 0)
        return output
    }

    private func writeIndented(to output: inout String, depth: Int) {
        let inner = String(repeating: "  ", count: depth + 1)
        let outer = String(repeating: "  ", count: depth)
        switch self {
        case .array(let values) where !values.isEmpty:
            output += "[\n"
            for (index, value) in values.enumerated() {
                output += inner
                value.writeIndented(to: &output, depth: depth + 1)
                output += index < values.count - 1 ? ",\n" : "\n"
            }
            output += outer + "]"
        case .object(let object) where !object.isEmpty:
            let members = object.sorted { KeyOrder.precedes($0.key, $1.key) }
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += inner + JSONValue.string(member.key).text + ": "
                member.value.writeIndented(to: &output, depth: depth + 1)
                output += index < members.count - 1 ? ",\n" : "\n"
            }
            output += outer + "}"
        default:
            // Scalars and empty containers: their compact text.
            output += text
        }
    }
}
