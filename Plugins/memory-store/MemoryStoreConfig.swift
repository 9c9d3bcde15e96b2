/// Reading just enough of the canonical JSON config (no whitespace, keys sorted, strings with only
/// the required escapes) to name its top-level keys, so that each can be reported at the key.
enum MemoryStoreConfig {
    /// The keys of a JSON object's top level, unescaped; empty for anything but an object.
    static func topLevelKeys(of json: String) -> [String] {
        let characters = Array(json.unicodeScalars)
        guard characters.first == "{" else { return [] }
        var keys: [String] = []
        var depth = 0
        var index = 0
        var expectingKey = false
        while index < characters.count {
            let character = characters[index]
            switch character {
            case "{", "[":
                depth += 1
                expectingKey = character == "{" && depth == 1
            case "}", "]":
                depth -= 1
            case ",":
                expectingKey = depth == 1
            case "\"":
                let (text, end) = string(characters, from: index)
                if expectingKey { keys.append(text) }
                expectingKey = false
                index = end
            default:
                break
            }
            index += 1
        }
        return keys
    }

    /// The JSON string starting at `start` (its opening quote), unescaped, and the index of its
    /// closing quote.
    private static func string(_ characters: [Unicode.Scalar], from start: Int) -> (String, Int) {
        var text = String.UnicodeScalarView()
        var index = start + 1
        while index < characters.count, characters[index] != "\"" {
            if characters[index] == "\\", index + 1 < characters.count {
                index += 1
                switch characters[index] {
                case "n": text.append("\n")
                case "t": text.append("\t")
                case "r": text.append("\r")
                case "b": text.append("\u{8}")
                case "f": text.append("\u{C}")
                case "u":
                    let digits = String(String.UnicodeScalarView(characters[(index + 1)..<min(index + 5, characters.count)]))
                    if let value = UInt32(digits, radix: 16), let scalar = Unicode.Scalar(value) { text.append(scalar) }
                    index += 4
                default: text.append(characters[index])
                }
            } else {
                text.append(characters[index])
            }
            index += 1
        }
        return (String(text), index)
    }
}
