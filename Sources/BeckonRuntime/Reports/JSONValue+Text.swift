extension JSONValue {
    /// The JSON text, exactly as `JSONEncoder` with sorted keys and unescaped slashes writes it
    /// (integral doubles without `.0`, `\u001f`-style escapes below U+0020), without its cost:
    /// an answer through the C API must take a microsecond or two, and the encoder alone took ten.
    public var text: String {
        String(decoding: utf8, as: UTF8.self)
    }

    /// The same text as UTF-8 bytes, for writers that need no `String`.
    public var utf8: [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        write(to: &output)
        return output
    }

    /// The UTF-8 text of an object with `members` and then `overrides` (which win over members of
    /// the same key), written without building the merged dictionary.
    public static func objectUTF8(_ members: [String: JSONValue], overriding overrides: [(String, JSONValue)]) -> [UInt8] {
        var pairs = overrides.map { Member(key: $0.0, value: $0.1) }
        pairs.reserveCapacity(members.count + overrides.count)
        for member in members where !overrides.contains(where: { $0.0 == member.key }) { pairs.append(Member(key: member.key, value: member.value)) }
        var output: [UInt8] = []
        output.reserveCapacity(1024)
        writeObject(pairs, to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .int(let value): output.append(contentsOf: String(value).utf8)
        case .double(let value):
            guard value.isFinite else { return output.append(contentsOf: "null".utf8) }
            let text = value.description
            output.append(contentsOf: (text.hasSuffix(".0") ? String(text.dropLast(2)) : text).utf8)
        case .string(let value): Self.writeString(value, to: &output)
        case .array(let values):
            output.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                value.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            Self.writeObject(members.map { Member(key: $0.key, value: $0.value) }, to: &output)
        }
    }

    /// An object's member (a struct rather than a tuple, so that sorting is specialized).
    private struct Member {
        var key: String
        var value: JSONValue
    }

    private static func writeObject(_ members: [Member], to output: inout [UInt8]) {
        var members = members
        members.sort { $0.key < $1.key }
        output.append(UInt8(ascii: "{"))
        for index in members.indices {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            writeString(members[index].key, to: &output)
            output.append(UInt8(ascii: ":"))
            members[index].value.write(to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    private static func writeString(_ value: String, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { bytes in
            // Most strings need no escape: copy them whole.
            guard bytes.contains(where: { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }) else {
                return output.append(contentsOf: bytes)
            }
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
                case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
                case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
                case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
                case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
                case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
                case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
                case ..<0x20:
                    let hex = Array("0123456789abcdef".utf8)
                    output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"),
                                               hex[Int(byte >> 4)], hex[Int(byte & 0xF)]])
                default: output.append(byte)
                }
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
