import BeckonCore

/// The canonical JSON text of configuration data, as plugins receive their `config:` and a
/// store its `options:`: no whitespace, object keys sorted by code point, integers in plain
/// decimal, doubles in their shortest round-tripping form, strings with only the required
/// escapes. The same YAML always gives the same bytes, so a plugin may hash or compare it.
/// The configuration reader refuses what JSON could not carry unchanged (integers beyond 64
/// bits, numbers beyond a double), so a non-finite double never reaches here from a
/// configuration; one from elsewhere is written `null`.
enum CanonicalJSON {
    static func text(_ value: ConfigValue) -> String {
        var output = ""
        write(value, to: &output)
        return output
    }

    private static func write(_ value: ConfigValue, to output: inout String) {
        switch value {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let integer): output += String(integer)
        case .double(let number): output += number.isFinite ? "\(number)" : "null"
        case .string(let text): writeString(text, to: &output)
        case .list(let items):
            output += "["
            for (index, item) in items.enumerated() {
                if index > 0 { output += "," }
                write(item, to: &output)
            }
            output += "]"
        case .map(let pairs):
            output += "{"
            let sorted = pairs.sorted { KeyOrder.precedes($0.0, $1.0) }
            for (index, (key, item)) in sorted.enumerated() {
                if index > 0 { output += "," }
                writeString(key, to: &output)
                output += ":"
                write(item, to: &output)
            }
            output += "}"
        }
    }

    private static func writeString(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}
