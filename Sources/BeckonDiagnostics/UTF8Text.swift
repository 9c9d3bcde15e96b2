/// Whether bytes are UTF-8 text, and where they stop being, for every reader that names the byte
/// at fault (a configuration file, a subject data line, a server's JSON body).
public enum UTF8Text {
    /// The offset (from 0) of the first byte that does not belong to well-formed UTF-8; nil when
    /// every byte does. The standard library's validation runs first, being fast; the decoding
    /// byte by byte runs only to locate a fault it found.
    public static func firstInvalidByte(in bytes: [UInt8]) -> Int? {
        guard String(validating: bytes, as: UTF8.self) == nil else { return nil }
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return offset
            }
        }
    }
}
