import ArgumentParser

/// A positional value that may start with `-`: `beckon param set n -5`. The argument parser takes
/// such a word for an option, so the command collects its unrecognized inputs instead (the `--`
/// terminator and what follows it included), and this keeps what the user meant: one value, a
/// negative number as it is, any other word starting with `-` an unknown option unless it comes
/// after `--`.
enum PositionalValue {
    /// Whether `text` reads as a negative number: `-` then a digit (`-5`, `-2.5`, `-1e3`, `-3d`).
    static func isNegativeNumber(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.count >= 2 && bytes[0] == UInt8(ascii: "-") && (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[1])
    }

    /// The one value among the collected inputs, or the usage error saying why there is not one.
    static func value(of inputs: [String]) throws -> String {
        var values = inputs
        var optionLike = inputs
        if let terminator = inputs.firstIndex(of: "--") {
            values.remove(at: terminator)
            optionLike = Array(inputs[..<terminator])
        }
        if let option = optionLike.first(where: { $0.hasPrefix("-") && $0 != "-" && !isNegativeNumber($0) }) {
            throw ValidationError("unknown option '\(option)'")
        }
        guard let value = values.first else { throw ValidationError("missing expected argument '<value>'") }
        guard values.count == 1 else {
            throw ValidationError("one value expected, not \(values.count): \(values.map { "'\($0)'" }.joined(separator: ", "))")
        }
        return value
    }
}
