import BeckonCore

/// A JSON object member's key: a literal written in the code, kept as its static bytes when they
/// are ASCII, or any string. Literal keys are what answers are made
/// of, and writing or ordering them then costs a copy or a byte comparison, nothing more.
public struct JSONKey: Equatable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    private enum Storage {
        case literal(StaticString)
        case text(String)
    }

    private let storage: Storage

    public init(stringLiteral literal: StaticString) {
        // Kept as bytes when they are ASCII (which the compiler knows; a one-character literal
        // may have no bytes to point at), and written without escaping: a key in the code with a
        // quote, a backslash or a control character in it is a mistake, caught in debug builds.
        // Any other literal is kept as a string, like a dynamic key.
        if literal.hasPointerRepresentation && literal.isASCII {
            assert(Self.isPlain(UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)),
                   "the JSON key \(literal) has a character to escape")
            storage = .literal(literal)
        } else {
            storage = .text(literal.description)
        }
    }

    /// Any string as a key.
    public init(_ text: String) {
        storage = .text(text)
    }

    /// The key as a string.
    public var description: String {
        switch storage {
        case .literal(let literal): literal.description
        case .text(let text): text
        }
    }

    /// The key's bytes when it is a literal: plain ASCII, written as they are.
    var literalBytes: UnsafeBufferPointer<UInt8>? {
        guard case .literal(let literal) = storage else { return nil }
        return UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount)
    }

    public static func == (left: JSONKey, right: JSONKey) -> Bool {
        if let leftBytes = left.literalBytes, let rightBytes = right.literalBytes {
            return leftBytes.elementsEqual(rightBytes)
        }
        return left.description == right.description
    }

    /// `left < right` in `KeyOrder`: literals compared as their static bytes, with no string made.
    static func precedes(_ left: JSONKey, _ right: JSONKey) -> Bool {
        if let leftBytes = left.literalBytes, let rightBytes = right.literalBytes {
            return KeyOrder.precedes(leftBytes, rightBytes)
        }
        return KeyOrder.precedes(left.description, right.description)
    }

    private static func isPlain(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        bytes.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }
}
