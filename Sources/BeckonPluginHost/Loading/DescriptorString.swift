#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads a NUL-terminated string of a plugin descriptor without trusting it.
///
/// The scan for the NUL is bounded (a missing terminator must not walk through the plugin's
/// memory), and the bytes must be valid UTF-8: names and signatures end up in messages, JSON
/// and rule namespaces.
enum DescriptorString {
    /// The longest string a descriptor field may hold, in bytes.
    static let maximumLength = 4096

    /// What a descriptor string field holds.
    enum Contents: Equatable {
        case text(String)
        case tooLong
        case invalidUTF8
    }

    /// Reads the string at `pointer`, looking at no more than `maximumLength + 1` bytes.
    static func read(_ pointer: UnsafePointer<CChar>) -> Contents {
        let length = strnlen(pointer, maximumLength + 1)
        guard length <= maximumLength else { return .tooLong }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: length)
        guard let text = String(validating: bytes, as: UTF8.self) else { return .invalidUTF8 }
        return .text(text)
    }

    /// `text` quoted for a message: control characters escaped, cut after 64 characters.
    static func quoted(_ text: String) -> String {
        var shown = ""
        for scalar in text.unicodeScalars.prefix(64) {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                shown += "\\u{" + String(scalar.value, radix: 16) + "}"
            } else {
                shown.unicodeScalars.append(scalar)
            }
        }
        if text.unicodeScalars.count > 64 { shown += "…" }
        return "'\(shown)'"
    }
}
