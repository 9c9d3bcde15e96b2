/// Why a text is not JSON: the byte offset (from 1) and what was expected.
package struct JSONSyntaxError: Error {
    package let offset: Int
    package let message: String
}

/// A strict RFC 8259 parser of one value in UTF-8 bytes (already checked to be valid UTF-8),
/// refusing a member name given twice in an object.
package struct JSONParser {
    private let bytes: [UInt8]
    private var index = 0
    /// Deep nesting is refused before it can exhaust the stack.
    private static let maximumDepth = 64

    package static func parse(_ bytes: [UInt8]) throws(JSONSyntaxError) -> ParsedJSON {
        var parser = JSONParser(bytes: bytes)
        parser.skipSpace()
        let value = try parser.value(depth: 0)
        parser.skipSpace()
        guard parser.index == bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    private init(bytes: [UInt8]) { self.bytes = bytes }

    private func error(_ message: String) -> JSONSyntaxError {
        JSONSyntaxError(offset: index + 1, message: index >= bytes.count ? "the text ends early (truncated?): \(message)" : message)
    }

    private mutating func skipSpace() {
        while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }

    private mutating func value(depth: Int) throws(JSONSyntaxError) -> ParsedJSON {
        guard depth < Self.maximumDepth else { throw error("nested more than \(Self.maximumDepth) levels deep") }
        guard index < bytes.count else { throw error("expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try number())
        default: throw error("expected a value")
        }
    }

    private mutating func literal(_ word: StaticString) throws(JSONSyntaxError) {
        let expected = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        for byte in expected {
            guard index < bytes.count, bytes[index] == byte else { throw error("expected \(word)") }
            index += 1
        }
    }

    private mutating func expect(_ byte: UInt8, _ what: String) throws(JSONSyntaxError) {
        skipSpace()
        guard index < bytes.count, bytes[index] == byte else { throw error("expected \(what)") }
        index += 1
    }

    private mutating func object(depth: Int) throws(JSONSyntaxError) -> ParsedJSON {
        index += 1
        var members: [(String, ParsedJSON)] = []
        var keys: Set<String> = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") { index += 1; return .object([]) }
        while true {
            skipSpace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a member's name") }
            let keyStart = index
            let key = try string()
            guard keys.insert(key).inserted else {
                throw JSONSyntaxError(offset: keyStart + 1, message: "the member \"\(key)\" is given twice")
            }
            try expect(UInt8(ascii: ":"), "':'")
            skipSpace()
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or '}'") }
            if bytes[index] == UInt8(ascii: "}") { index += 1; return .object(members) }
            try expect(UInt8(ascii: ","), "',' or '}'")
        }
    }

    private mutating func array(depth: Int) throws(JSONSyntaxError) -> ParsedJSON {
        index += 1
        var items: [ParsedJSON] = []
        skipSpace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") { index += 1; return .array([]) }
        while true {
            skipSpace()
            items.append(try value(depth: depth + 1))
            skipSpace()
            guard index < bytes.count else { throw error("expected ',' or ']'") }
            if bytes[index] == UInt8(ascii: "]") { index += 1; return .array(items) }
            try expect(UInt8(ascii: ","), "',' or ']'")
        }
    }

    private mutating func number() throws(JSONSyntaxError) -> String {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, (0x30...0x39).contains(parser.bytes[parser.index]) { parser.index += 1 }
            return parser.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integral = index
        guard digits(&self) > 0 else { throw error("expected a digit") }
        if bytes[integral] == UInt8(ascii: "0"), index - integral > 1 { throw JSONSyntaxError(offset: integral + 1, message: "a number cannot start with 0") }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected an exponent") }
        }
        return String(decoding: bytes[start..<index], as: UTF8.self)
    }

    /// A string's text: the bytes between its quotes as they are when it has no escape (most
    /// strings), else those bytes with each escape replaced by its character's UTF-8.
    private mutating func string() throws(JSONSyntaxError) -> String {
        index += 1
        var escaped = false
        var text: [UInt8] = []  // once an escape is met, the text before `run`
        var run = index  // where the bytes not yet copied into `text` start
        while true {
            guard index < bytes.count else { throw error("expected the end of a string") }
            let byte = bytes[index]
            if byte == UInt8(ascii: "\"") {
                let end = index
                index += 1
                guard escaped else { return String(decoding: bytes[run..<end], as: UTF8.self) }
                text += bytes[run..<end]
                return String(decoding: text, as: UTF8.self)
            }
            guard byte >= 0x20 else { throw error("a control character must be escaped in a string") }
            guard byte == UInt8(ascii: "\\") else { index += 1; continue }
            escaped = true
            text += bytes[run..<index]
            index += 1
            guard index < bytes.count else { throw error("expected an escape") }
            let escape = bytes[index]
            index += 1
            let scalar: Unicode.Scalar
            switch escape {
            case UInt8(ascii: "\""): scalar = "\""
            case UInt8(ascii: "\\"): scalar = "\\"
            case UInt8(ascii: "/"): scalar = "/"
            case UInt8(ascii: "b"): scalar = "\u{8}"
            case UInt8(ascii: "f"): scalar = "\u{C}"
            case UInt8(ascii: "n"): scalar = "\n"
            case UInt8(ascii: "r"): scalar = "\r"
            case UInt8(ascii: "t"): scalar = "\t"
            case UInt8(ascii: "u"):
                var unit = try hex4()
                if (0xD800..<0xDC00).contains(unit) {
                    guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") else {
                        throw error("expected the low half of a surrogate pair")
                    }
                    index += 2
                    let low = try hex4()
                    guard (0xDC00..<0xE000).contains(low) else { throw error("expected the low half of a surrogate pair") }
                    unit = 0x10000 + ((unit - 0xD800) << 10) + (low - 0xDC00)
                }
                guard let decoded = Unicode.Scalar(unit) else { throw error("\\u escape of a lone surrogate") }
                scalar = decoded
            default: throw error("unknown escape")
            }
            UTF8.encode(scalar) { text.append($0) }
            run = index
        }
    }

    private mutating func hex4() throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < bytes.count, let digit = Self.hexValue(bytes[index]) else { throw error("expected 4 hex digits") }
            value = value << 4 | digit
            index += 1
        }
        return value
    }

    private static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case 0x30...0x39: UInt32(byte - 0x30)
        case 0x41...0x46: UInt32(byte - 0x41 + 10)
        case 0x61...0x66: UInt32(byte - 0x61 + 10)
        default: nil
        }
    }
}
