/// One token of a condition signature; `description` is how messages quote it.
enum SignatureToken: Equatable, CustomStringConvertible {
    case open
    case close
    case comma
    case arrow
    case name(String)
    case end

    var description: String {
        switch self {
        case .open: "'('"
        case .close: "')'"
        case .comma: "','"
        case .arrow: "'->'"
        case .name(let name): "'\(name)'"
        case .end: "the end"
        }
    }

    /// Quotes a single character for a message (control characters escaped), or says
    /// "the end" when there is none.
    static func describe(_ character: Character?) -> String {
        character.map { DescriptorString.quoted(String($0)) } ?? "the end"
    }
}

/// Splits a signature into tokens; spaces and tabs separate tokens and are otherwise ignored.
struct SignatureTokens {
    var tokens: [SignatureToken] = []

    init(_ text: String) throws(FunctionSignature.Malformed) {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                index += 1
            case UInt8(ascii: "("): tokens.append(.open); index += 1
            case UInt8(ascii: ")"): tokens.append(.close); index += 1
            case UInt8(ascii: ","): tokens.append(.comma); index += 1
            case UInt8(ascii: "-") where index + 1 < bytes.count && bytes[index + 1] == UInt8(ascii: ">"):
                tokens.append(.arrow); index += 2
            case _ where Self.isNameByte(byte):
                let start = index
                while index < bytes.count, Self.isNameByte(bytes[index]) { index += 1 }
                tokens.append(.name(String(decoding: bytes[start..<index], as: UTF8.self)))
            default:
                // Report the whole (possibly multi-byte) character at this offset.
                let character = String(decoding: bytes[index...], as: UTF8.self).first
                throw FunctionSignature.Malformed(
                    reason: "unexpected character \(SignatureToken.describe(character)) at offset \(index)")
            }
        }
    }

    /// Letters, digits and '_': enough to read a misspelled type name whole ("integer", "list_of").
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            true
        default:
            false
        }
    }
}
