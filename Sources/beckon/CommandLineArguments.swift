#if canImport(Glibc)
import Glibc
#endif

/// The command line as the process received it, read before swift-argument-parser sees it.
enum CommandLineArguments {
    /// Why the command line cannot be read — its first argument that is not UTF-8, named by its
    /// position and shown with its bad bytes escaped — or nil when every argument is UTF-8.
    ///
    /// Reads the raw `argv` bytes: `CommandLine.arguments` has already replaced bad bytes with
    /// U+FFFD, which would make two different subjects (or ids, or values) one.
    static func nonUTF8Problem() -> String? {
        var previous: [UInt8]?
        // max: a process may be started with no argv at all (argc 0).
        for index in 1..<max(1, Int(CommandLine.argc)) {
            guard let pointer = CommandLine.unsafeArgv[index] else { break }
            let bytes = Array(UnsafeRawBufferPointer(start: pointer, count: strlen(pointer)))
            if String(validating: bytes, as: UTF8.self) == nil {
                let after = previous.map { $0.first == UInt8(ascii: "-") ? ", after \(escaped($0))" : "" } ?? ""
                return "argument \(index) ('\(escaped(bytes))'\(after)) is not UTF-8; every argument must be UTF-8 text"
            }
            previous = bytes
        }
        return nil
    }

    /// The bytes as text, each byte that is not part of a UTF-8 character written `\xNN`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var text = ""
        var index = 0
        while index < bytes.count {
            let length = switch bytes[index] {
            case 0xC0...0xDF: 2
            case 0xE0...0xEF: 3
            case 0xF0...0xF7: 4
            default: 1
            }
            if index + length <= bytes.count, let character = String(validating: bytes[index..<index + length], as: UTF8.self) {
                text += character
                index += length
            } else {
                let hex = String(bytes[index], radix: 16, uppercase: true)
                text += "\\x" + (hex.count == 1 ? "0" : "") + hex
                index += 1
            }
        }
        return text
    }
}
