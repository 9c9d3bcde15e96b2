#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Lines to standard output and standard error, written at once (not buffered), so that each
/// check's result shows as soon as it is known, also through a pipe.
enum Console {
    /// Prints a line to standard output.
    static func line(_ text: String = "") {
        emit(1, text + "\n")
    }

    /// Prints `beckon-conformance: error: MESSAGE` to standard error.
    static func error(_ message: String) {
        emit(2, "beckon-conformance: error: \(message)\n")
    }

    private static func emit(_ descriptor: Int32, _ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 { if errno == EINTR { continue } else { return } }
            bytes = bytes.dropFirst(written)
        }
    }
}

