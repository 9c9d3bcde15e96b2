/// Reads an OFREP request's body (RFC 8259 JSON, one object, nothing after it) in one pass,
/// keeping only the `context` object's attributes whose names `wanted` accepts; every other
/// value is checked and skipped, never built. An evaluation reads its body here rather
/// than through `JSONDecoder`, which builds every value and spent more time than the decision.
struct OFREPBodyReader {
    /// A JSON value kept: numbers as their text (typed by who reads them), objects not kept.
    enum Value: Equatable {
        case null
        case bool(Bool)
        case number(String)
        case string(String)
        case array([Value])
        case object
    }

    /// Why the body is not JSON, with the byte (from 1, as `JSONParser` counts) where reading
    /// stopped, or where a member named twice starts.
    struct Malformed: Error {
        var message: String
    }

    /// What the body holds: `context` is nil when the body has none (or it is `null`), and
    /// `.notObject` when it is not an object.
    enum Context {
        case absent
        case notObject
        case attributes([(name: String, value: Value)])
    }

    /// Nesting deeper than this is refused rather than risking the stack.
    static let maximumDepth = 64

    private let bytes: UnsafeRawBufferPointer
    private var index = 0

    private init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// The context of `bytes`, with the attributes `wanted` names.
    static func read(_ bytes: UnsafeRawBufferPointer, wanted: (String) -> Bool) throws(Malformed) -> Context {
        var reader = OFREPBodyReader(bytes)
        reader.skipSpace()
        guard reader.take(UInt8(ascii: "{")) else { throw reader.malformed("the body is not a JSON object") }
        var context: Context?
        try reader.members(depth: 1) { reader, key, keyStart throws(Malformed) in
            guard key == "context" else { _ = try reader.value(depth: 1, keep: false); return }
            guard context == nil else { throw reader.givenTwice(key, at: keyStart) }
            reader.skipSpace()
            guard reader.take(UInt8(ascii: "{")) else {
                context = try reader.value(depth: 1, keep: true) == .null ? .absent : .notObject
                return
            }
            var attributes: [(name: String, value: Value)] = []
            try reader.members(depth: 2) { reader, name, nameStart throws(Malformed) in
                let keep = wanted(name)
                if keep, attributes.contains(where: { $0.name == name }) { throw reader.givenTwice(name, at: nameStart) }
                let value = try reader.value(depth: 2, keep: keep)
                if keep { attributes.append((name, value)) }
            }
            context = .attributes(attributes)
        }
        reader.skipSpace()
        guard reader.index == bytes.count else { throw reader.malformed("text after the JSON object") }
        return context ?? .absent
    }

    /// The members of an object whose `{` was read, each key (and where it starts) handed to
    /// `member` to read its value.
    private mutating func members(depth: Int, _ member: (inout OFREPBodyReader, String, Int) throws(Malformed) -> Void) throws(Malformed) {
        skipSpace()
        if take(UInt8(ascii: "}")) { return }
        while true {
            skipSpace()
            guard peek() == UInt8(ascii: "\"") else { throw malformed("a member's name was expected") }
            let keyStart = index
            let key = try string()
            skipSpace()
            guard take(UInt8(ascii: ":")) else { throw malformed("':' was expected") }
            try member(&self, key, keyStart)
            skipSpace()
            if take(UInt8(ascii: ",")) { continue }
            if take(UInt8(ascii: "}")) { return }
            throw malformed("',' or '}' was expected")
        }
    }

    /// One value; with `keep` false it is checked and not built (`.null` is returned).
    private mutating func value(depth: Int, keep: Bool) throws(Malformed) -> Value {
        guard depth < Self.maximumDepth else { throw malformed("nested deeper than \(Self.maximumDepth) levels") }
        skipSpace()
        guard let byte = peek() else { throw malformed("a value was expected") }
        switch byte {
        case UInt8(ascii: "{"):
            index += 1
            try members(depth: depth + 1) { reader, _, _ throws(Malformed) in _ = try reader.value(depth: depth + 1, keep: false) }
            return keep ? .object : .null
        case UInt8(ascii: "["):
            index += 1
            var items: [Value] = []
            skipSpace()
            if take(UInt8(ascii: "]")) { return keep ? .array(items) : .null }
            while true {
                let item = try value(depth: depth + 1, keep: keep)
                if keep { items.append(item) }
                skipSpace()
                if take(UInt8(ascii: ",")) { continue }
                if take(UInt8(ascii: "]")) { return keep ? .array(items) : .null }
                throw malformed("',' or ']' was expected")
            }
        case UInt8(ascii: "\""):
            let text = try string()
            return keep ? .string(text) : .null
        case UInt8(ascii: "t"): try literal("true"); return .bool(true)
        case UInt8(ascii: "f"): try literal("false"); return .bool(false)
        case UInt8(ascii: "n"): try literal("null"); return .null
        default:
            let start = index
            try number()
            return keep ? .number(String(decoding: UnsafeRawBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)) : .null
        }
    }

    /// A number: `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`.
    private mutating func number() throws(Malformed) {
        _ = take(UInt8(ascii: "-"))
        let integral = index
        guard digits() > 0 else { throw malformed("a value was expected") }
        if bytes[integral] == UInt8(ascii: "0"), index - integral > 1 {
            index = integral
            throw malformed("a number cannot start with 0")
        }
        if take(UInt8(ascii: ".")) { guard digits() > 0 else { throw malformed("a digit was expected") } }
        if take(UInt8(ascii: "e")) || take(UInt8(ascii: "E")) {
            if !take(UInt8(ascii: "+")) { _ = take(UInt8(ascii: "-")) }
            guard digits() > 0 else { throw malformed("a digit was expected") }
        }
    }

    private mutating func digits() -> Int {
        let start = index
        while let byte = peek(), byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") { index += 1 }
        return index - start
    }

    /// A string whose `"` is next, its escapes decoded; invalid UTF-8 or a control character is malformed.
    private mutating func string() throws(Malformed) -> String {
        index += 1
        let start = index
        // Most strings have no escape: their bytes are the text, read in place.
        var isASCII = true
        while let byte = peek(), byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw malformed("a control character in a string") }
            isASCII = isASCII && byte < 0x80
            index += 1
        }
        if peek() == UInt8(ascii: "\"") {
            let text = UnsafeRawBufferPointer(rebasing: bytes[start..<index])
            index += 1
            // ASCII needs no validation (`String(validating:)` of a slice of bytes cost ~1 k
            // instructions a string, three strings in the smallest evaluation's body).
            if isASCII { return String(decoding: text, as: UTF8.self) }
            guard let string = String(validating: text, as: UTF8.self) else { throw malformed("a string is not UTF-8") }
            return string
        }
        var text = Array(bytes[start..<index])
        while true {
            guard let byte = peek() else { throw malformed("a string is not closed") }
            index += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard let string = String(validating: text, as: UTF8.self) else { throw malformed("a string is not UTF-8") }
                return string
            case UInt8(ascii: "\\"):
                guard let escape = peek() else { throw malformed("a string is not closed") }
                index += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): text.append(escape)
                case UInt8(ascii: "b"): text.append(0x08)
                case UInt8(ascii: "f"): text.append(0x0C)
                case UInt8(ascii: "n"): text.append(0x0A)
                case UInt8(ascii: "r"): text.append(0x0D)
                case UInt8(ascii: "t"): text.append(0x09)
                case UInt8(ascii: "u"): text.append(contentsOf: try unicodeEscape().utf8)
                default: throw malformed("an unknown escape in a string")
                }
            case 0..<0x20:
                throw malformed("a control character in a string")
            default:
                text.append(byte)
            }
        }
    }

    /// The character of a `\uXXXX` escape whose `\u` was read (a surrogate pair takes two).
    private mutating func unicodeEscape() throws(Malformed) -> String {
        let high = try hex4()
        var scalar = high
        if (0xD800..<0xDC00).contains(high) {
            guard take(UInt8(ascii: "\\")), take(UInt8(ascii: "u")) else { throw malformed("a lone surrogate in a string") }
            let low = try hex4()
            guard (0xDC00..<0xE000).contains(low) else { throw malformed("a lone surrogate in a string") }
            scalar = 0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00)
        }
        guard let character = Unicode.Scalar(scalar) else { throw malformed("a lone surrogate in a string") }
        return String(character)
    }

    private mutating func hex4() throws(Malformed) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = peek(), let digit = ServerRoutes.hexValue(byte) else { throw malformed("a \\u escape needs four hexadecimal digits") }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    private mutating func literal(_ word: StaticString) throws(Malformed) {
        for byte in UnsafeRawBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount) {
            guard peek() == byte else { throw malformed("\(word) was expected") }
            index += 1
        }
    }

    private func peek() -> UInt8? {
        index < bytes.count ? bytes[index] : nil
    }

    private mutating func take(_ byte: UInt8) -> Bool {
        guard peek() == byte else { return false }
        index += 1
        return true
    }

    private mutating func skipSpace() {
        while let byte = peek(), byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { index += 1 }
    }

    /// A member read, `context` or a kept attribute, named again: which of the two is meant is
    /// not for the reader to guess (`/v1`'s parser refuses every name given twice; here the
    /// attributes skipped are not compared, as they are not read).
    private func givenTwice(_ name: String, at keyStart: Int) -> Malformed {
        Malformed(message: "the member \"\(name)\" is given twice at byte \(keyStart + 1)")
    }

    private func malformed(_ message: String) -> Malformed {
        Malformed(message: "\(message) at byte \(index + 1)")
    }
}
