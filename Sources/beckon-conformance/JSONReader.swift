import BeckonCore

/// Reads the JSON of `--options` and `--config` into a `ConfigValue`, keeping object keys in the
/// order written (as YAML would hand them to the plugin): RFC 8259, one value, nothing after it.
/// Integers that fit 64 bits read as `.int`, other numbers as `.double`.
struct JSONReader {
    /// Why the text is not JSON, and the byte offset where reading stopped.
    struct Failure: Error, CustomStringConvertible {
        var message: String
        var offset: Int
        var description: String { "\(message) at offset \(offset)" }
    }

    /// Nesting deeper than this is refused rather than risking the stack.
    static let maximumDepth = 256

    private let bytes: [UInt8]
    private var index = 0

    private init(_ text: String) {
        bytes = Array(text.utf8)
    }

    /// The value `text` holds.
    static func read(_ text: String) throws(Failure) -> ConfigValue {
        var reader = JSONReader(text)
        let value = try reader.value(depth: 0)
        reader.skipSpace()
        guard reader.index == reader.bytes.count else { throw reader.failure("unexpected text after the value") }
        return value
    }

    private mutating func value(depth: Int) throws(Failure) -> ConfigValue {
        guard depth < Self.maximumDepth else { throw failure("nested deeper than \(Self.maximumDepth) levels") }
        skipSpace()
        guard let byte = peek() else { throw failure("a value was expected") }
        switch byte {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw failure("unexpected character '\(Unicode.Scalar(byte))'")
        }
    }

    private mutating func object(depth: Int) throws(Failure) -> ConfigValue {
        index += 1
        var pairs: [(String, ConfigValue)] = []
        skipSpace()
        if peek() == UInt8(ascii: "}") { index += 1; return .map(pairs) }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\"") else { throw failure("a key in double quotes was expected") }
            let key = try string()
            skipSpace()
            try expect(":")
            pairs.append((key, try value(depth: depth + 1)))
            skipSpace()
            if peek() == UInt8(ascii: ",") { index += 1; continue }
            try expect("}")
            return .map(pairs)
        }
    }

    private mutating func array(depth: Int) throws(Failure) -> ConfigValue {
        index += 1
        var items: [ConfigValue] = []
        skipSpace()
        if peek() == UInt8(ascii: "]") { index += 1; return .list(items) }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            if peek() == UInt8(ascii: ",") { index += 1; continue }
            try expect("]")
            return .list(items)
        }
    }

    private mutating func string() throws(Failure) -> String {
        index += 1
        var text = ""
        var run = index  // the start of the bytes taken as they are
        while let byte = peek() {
            switch byte {
            case UInt8(ascii: "\""):
                text += String(decoding: bytes[run..<index], as: UTF8.self)
                index += 1
                return text
            case UInt8(ascii: "\\"):
                text += String(decoding: bytes[run..<index], as: UTF8.self)
                index += 1
                text.unicodeScalars.append(try escape())
                run = index
            case 0..<0x20:
                throw failure("a control character inside a string must be escaped")
            default:
                index += 1
            }
        }
        throw failure("the string is not closed")
    }

    private mutating func escape() throws(Failure) -> Unicode.Scalar {
        guard let byte = peek() else { throw failure("the escape is not finished") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""): return "\""
        case UInt8(ascii: "\\"): return "\\"
        case UInt8(ascii: "/"): return "/"
        case UInt8(ascii: "b"): return "\u{8}"
        case UInt8(ascii: "f"): return "\u{C}"
        case UInt8(ascii: "n"): return "\n"
        case UInt8(ascii: "r"): return "\r"
        case UInt8(ascii: "t"): return "\t"
        case UInt8(ascii: "u"):
            let first = try hexQuad()
            guard (0xD800..<0xDC00).contains(first) else {
                guard let scalar = Unicode.Scalar(first) else { throw failure("a lone low surrogate \\u\(String(first, radix: 16))") }
                return scalar
            }
            guard peek() == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u") else {
                throw failure("a high surrogate without its low surrogate")
            }
            index += 2
            let second = try hexQuad()
            guard (0xDC00..<0xE000).contains(second),
                  let scalar = Unicode.Scalar(0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)) else {
                throw failure("a high surrogate without its low surrogate")
            }
            return scalar
        default:
            throw failure("unknown escape '\\\(Unicode.Scalar(byte))'")
        }
    }

    private mutating func hexQuad() throws(Failure) -> UInt32 {
        guard index + 4 <= bytes.count, let value = UInt32(String(decoding: bytes[index..<index + 4], as: UTF8.self), radix: 16) else {
            throw failure("\\u needs four hexadecimal digits")
        }
        index += 4
        return value
    }

    private mutating func number() throws(Failure) -> ConfigValue {
        let start = index
        var isInteger = true
        if peek() == UInt8(ascii: "-") { index += 1 }
        guard let first = peek(), first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") else { throw failure("a digit was expected") }
        if first == UInt8(ascii: "0") { index += 1 } else { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            isInteger = false
            index += 1
            guard skipDigits() > 0 else { throw failure("a digit was expected after the decimal point") }
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            isInteger = false
            index += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { index += 1 }
            guard skipDigits() > 0 else { throw failure("a digit was expected in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        if isInteger, let integer = Int64(text) { return .int(integer) }
        guard let number = Double(text), number.isFinite else { throw failure("the number \(text) is out of range") }
        return .double(number)
    }

    @discardableResult
    private mutating func skipDigits() -> Int {
        let start = index
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    private mutating func literal(_ word: String) throws(Failure) {
        let expected = Array(word.utf8)
        guard bytes[index...].starts(with: expected) else { throw failure("unexpected word (true, false or null was expected)") }
        index += expected.count
    }

    private mutating func expect(_ character: Unicode.Scalar) throws(Failure) {
        guard peek() == UInt8(ascii: character) else { throw failure("'\(character)' was expected") }
        index += 1
    }

    private mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private func failure(_ message: String) -> Failure {
        Failure(message: message, offset: index)
    }
}
