// FoundationEssentials rather than Foundation: the full Foundation loads ICU at start-up, which
// costs several milliseconds on every call of a command that hosts run call after call.
import BeckonRuntime
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Writing to standard output and standard error.
enum Output {
    /// Prints a line to standard output.
    static func line(_ text: String) {
        print(text)
    }

    /// Writes text as is to standard error.
    static func standardError(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue } else { return } }
            bytes = bytes.dropFirst(written)
        }
    }

    /// Prints `beckon: error: …` to standard error.
    static func error(_ message: String) {
        standardError("beckon: error: \(message)\n")
    }

    /// Prints one JSON document (sorted keys, so output is stable) to standard output.
    static func printJSON(_ value: JSONValue) {
        print(value.text)
    }

    /// Prints one JSON document (sorted keys, so output is stable) to standard output.
    static func printJSON(_ value: some Encodable) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(value) else {
            error("internal error: could not encode JSON output")
            return
        }
        print(String(decoding: data, as: UTF8.self))
    }
}
