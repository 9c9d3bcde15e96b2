import Foundation

/// Writing to standard output and standard error.
enum Output {
    /// Prints a line to standard output.
    static func line(_ text: String) {
        print(text)
    }

    /// Writes text as is to standard error.
    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Prints `beckon: error: …` to standard error.
    static func error(_ message: String) {
        standardError("beckon: error: \(message)\n")
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
