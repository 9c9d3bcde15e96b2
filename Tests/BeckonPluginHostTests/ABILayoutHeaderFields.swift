import Foundation

/// The structs of a C header and their fields' names, read well enough for beckon_plugin.h:
/// comments stripped, `typedef struct NAME { … } NAME;` blocks, declarations split at `;`
/// outside parentheses and braces; a field's name is the one in `(*name)` for a function
/// pointer, after the closing brace for a nested union, else the last identifier (arrays aside).
enum HeaderFields {
    static func parse(_ header: String) -> [(name: String, fields: [String])] {
        let text = withoutComments(header)
        var structs: [(name: String, fields: [String])] = []
        var rest = Substring(text)
        while let start = rest.range(of: "typedef struct ") {
            rest = rest[start.upperBound...]
            let name = String(rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
            let afterName = rest.dropFirst(name.count).drop { $0 == " " }
            guard afterName.first == "{" else { continue } // a forward declaration
            var depth = 0
            var body = ""
            var end = afterName.startIndex
            for index in afterName.indices {
                let character = afterName[index]
                if character == "{" { depth += 1; if depth == 1 { continue } }
                if character == "}" { depth -= 1; if depth == 0 { end = index; break } }
                body.append(character)
            }
            structs.append((name, declarations(body).map(fieldName)))
            rest = afterName[end...]
        }
        return structs
    }

    /// `text` without its `/* … */` and `//` comments (C and Swift).
    static func withoutComments(_ text: String) -> String {
        var result = ""
        var index = text.startIndex
        while index < text.endIndex {
            let rest = text[index...]
            if rest.hasPrefix("/*"), let close = rest.range(of: "*/") {
                index = close.upperBound
            } else if rest.hasPrefix("//") {
                index = rest.firstIndex(of: "\n") ?? text.endIndex
            } else {
                result.append(text[index])
                index = text.index(after: index)
            }
        }
        return result
    }

    private static func declarations(_ body: String) -> [String] {
        var parts: [String] = []
        var current = ""
        var depth = 0
        for character in body {
            if character == "(" || character == "{" { depth += 1 }
            if character == ")" || character == "}" { depth -= 1 }
            if character == ";" && depth == 0 {
                let trimmed = current.trimmingCharacters(in: .whitespacesAndNewlines)
                if !trimmed.isEmpty { parts.append(trimmed) }
                current = ""
            } else {
                current.append(character)
            }
        }
        return parts
    }

    private static func fieldName(_ declaration: String) -> String {
        if let brace = declaration.lastIndex(of: "}") {
            return identifier(declaration[declaration.index(after: brace)...])
        }
        if let pointer = declaration.range(of: "(*") {
            let after = declaration[pointer.upperBound...]
            return String(after.prefix { $0.isLetter || $0.isNumber || $0 == "_" })
        }
        let withoutArray = declaration.split(separator: "[").first ?? Substring(declaration)
        return String(withoutArray.split(whereSeparator: { !($0.isLetter || $0.isNumber || $0 == "_") }).last ?? "")
    }

    private static func identifier(_ text: Substring) -> String {
        String(text.filter { $0.isLetter || $0.isNumber || $0 == "_" })
    }
}
