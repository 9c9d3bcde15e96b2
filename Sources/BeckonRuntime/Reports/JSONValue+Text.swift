extension JSONValue {
    /// The JSON text, exactly as `JSONEncoder` with sorted keys and unescaped slashes writes it
    /// (integral doubles without `.0`, `\u001f`-style escapes below U+0020), without its cost:
    /// an answer through the C API must take a microsecond or two, and the encoder alone took ten.
    public var text: String {
        ByteOutput.withReusable { output in
            write(to: &output)
            return output.withBytes { String(decoding: $0, as: UTF8.self) }
        }
    }

    /// The UTF-8 text of an object with `members` and then `overrides` (which win over members of
    /// the same key), borrowed for the duration of `body`.
    public static func withObjectUTF8<R>(_ members: JSONObject, overriding overrides: JSONObject,
                                         _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try ByteOutput.withReusable { output in
            writeObject(members, overriding: overrides, to: &output)
            return try output.withBytes(body)
        }
    }

    /// Appends the value's JSON text.
    func write(to output: inout ByteOutput) {
        switch self {
        case .null: output.append("null")
        case .bool(let value): output.append(value ? "true" : "false")
        case .int(let value): output.append(value)
        case .double(let value):
            guard value.isFinite else { return output.append("null") }
            var text = value.description
            if text.hasSuffix(".0") { text.removeLast(2) }
            text.withUTF8 { output.append($0) }
        case .string(let value): Self.writeString(value, to: &output)
        case .timestamp(let milliseconds): output.appendQuotedTimestamp(milliseconds)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            Self.writeObject(object, overriding: [:], to: &output)
        }
    }

    /// Writes `object`'s members and `overrides` sorted by key, merging the two sorted lists as
    /// it goes; an override replaces the member of the same key.
    static func writeObject(_ object: JSONObject, overriding overrides: JSONObject, to output: inout ByteOutput) {
        output.append(UInt8(ascii: "{"))
        // Read in place through buffer pointers: copying each member out of its array would
        // retain and release every string it holds.
        object.sortedMembers.withUnsafeBufferPointer { own in
            overrides.sortedMembers.withUnsafeBufferPointer { others in
                var ownIndex = 0, otherIndex = 0
                while ownIndex < own.count || otherIndex < others.count {
                    if ownIndex + otherIndex > 0 { output.append(UInt8(ascii: ",")) }
                    if otherIndex == others.count || (ownIndex < own.count && JSONKey.precedes(own[ownIndex].0, others[otherIndex].0)) {
                        writeMember(own, ownIndex, to: &output)
                        ownIndex += 1
                    } else {
                        if ownIndex < own.count && own[ownIndex].0 == others[otherIndex].0 { ownIndex += 1 }
                        writeMember(others, otherIndex, to: &output)
                        otherIndex += 1
                    }
                }
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    private static func writeMember(_ members: UnsafeBufferPointer<JSONObject.Member>, _ index: Int, to output: inout ByteOutput) {
        if let literal = members[index].0.literalBytes {
            output.append(UInt8(ascii: "\""))
            output.append(literal)
            output.append(UInt8(ascii: "\""))
        } else {
            writeString(members[index].0.description, to: &output)
        }
        output.append(UInt8(ascii: ":"))
        members[index].1.write(to: &output)
    }

    /// Appends `value` as a JSON string, quoted.
    static func writeString(_ value: String, to output: inout ByteOutput) {
        withUTF8(of: value) { writeString(utf8: $0, to: &output) }
    }

    /// Appends the text whose UTF-8 is `bytes` as a JSON string, quoted.
    static func writeString(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout ByteOutput) {
        output.append(UInt8(ascii: "\""))
        writeStringContents(utf8: bytes, to: &output)
        output.append(UInt8(ascii: "\""))
    }

    /// Appends the text of `value` escaped for a JSON string, without its quotes: a string
    /// written in pieces is escaped piece by piece, as it would be whole.
    static func writeStringContents(_ value: String, to output: inout ByteOutput) {
        withUTF8(of: value) { writeStringContents(utf8: $0, to: &output) }
    }

    /// Appends the text whose UTF-8 is `bytes` escaped for a JSON string, without its quotes.
    static func writeStringContents(utf8 bytes: UnsafeBufferPointer<UInt8>, to output: inout ByteOutput) {
        // Runs of bytes that need no escape are copied whole.
        var runStart = 0
        var index = Self.firstEscapeCandidate(in: bytes)
        while index < bytes.count {
            let byte = bytes[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else {
                index += 1
                continue
            }
            output.append(UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
            runStart = index + 1
            index += 1
            output.append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): output.append(byte)
            case 0x0A: output.append(UInt8(ascii: "n"))
            case 0x0D: output.append(UInt8(ascii: "r"))
            case 0x09: output.append(UInt8(ascii: "t"))
            case 0x08: output.append(UInt8(ascii: "b"))
            case 0x0C: output.append(UInt8(ascii: "f"))
            default:
                output.append("u00")
                output.append(Self.hexDigit(byte >> 4))
                output.append(Self.hexDigit(byte & 0xF))
            }
        }
        output.append(UnsafeBufferPointer(rebasing: bytes[runStart...]))
    }

    /// The index of the first 8-byte word that may hold a byte to escape (below 0x20, `"` or
    /// `\`), or of the tail shorter than a word: everything before it needs no escape. Eight
    /// bytes are tested at once with the classic "has a zero byte" bit trick, which is exact.
    private static func firstEscapeCandidate(in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        guard let base = bytes.baseAddress else { return 0 }
        let ones: UInt64 = 0x0101_0101_0101_0101, highBits: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= bytes.count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            let quotes = word ^ (ones &* 0x22), backslashes = word ^ (ones &* 0x5C)
            let control = (word &- ones &* 0x20) & ~word
            let quote = (quotes &- ones) & ~quotes, backslash = (backslashes &- ones) & ~backslashes
            if (control | quote | backslash) & highBits != 0 { return index }
            index += 8
        }
        return index
    }

    /// Calls `body` with the string's UTF-8 bytes, borrowed where the string already has them
    /// in one piece (native and literal strings), copied otherwise.
    @inline(__always)
    private static func withUTF8(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if text.utf8.withContiguousStorageIfAvailable(body) == nil {
            var copy = text
            copy.withUTF8(body)
        }
    }

    private static func hexDigit(_ nibble: UInt8) -> UInt8 {
        nibble < 10 ? UInt8(ascii: "0") + nibble : UInt8(ascii: "a") + nibble - 10
    }
}
