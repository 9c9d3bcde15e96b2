public import BeckonDiagnostics

/// The digest a plugin entry pins (`sha256:`) and where it is written.
public struct PinnedDigest: Hashable, Sendable {
    /// 64 lowercase hexadecimal digits.
    public var hex: String
    /// Where `sha256:` is written, for a file that does not match.
    public var span: SourceSpan

    /// Creates a pin from 64 hexadecimal digits (either case); nil for anything else.
    public init?(_ text: String, at span: SourceSpan) {
        guard text.utf8.count == 64, text.utf8.allSatisfy({ ($0 >= 0x30 && $0 <= 0x39) || ($0 | 0x20 >= 0x61 && $0 | 0x20 <= 0x66) }) else {
            return nil
        }
        hex = text.lowercased()
        self.span = span
    }

    /// The first characters of a digest for a message: twelve, or, beside `other`, four more
    /// than the two share, so that a person sees where they differ.
    public static func short(_ hex: String, beside other: String? = nil) -> String {
        let shared = other.map { zip(hex, $0).prefix { $0 == $1 }.count } ?? 0
        let count = max(12, shared + 4)
        return count >= hex.count ? hex : String(hex.prefix(count)) + "…"
    }
}
