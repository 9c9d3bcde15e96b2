/// The one-line form of a command-line parser's usage error, shared by Beckon's programs so that
/// every error they print reads `PROGRAM: error: …`.
public enum UsageMessage {
    /// The parser's first line in Beckon's style — "unknown option '--x'" rather than
    /// "Unknown option '--x'." — followed by the help to read when the full usage text names one
    /// ("… (see 'beckon tip --help')").
    public static func oneLine(_ message: String, fullText: String) -> String {
        var sentence = message.split(separator: "\n").first.map(String.init) ?? "invalid command line"
        if let first = sentence.first, first.isUppercase, sentence.dropFirst().first?.isLowercase ?? false {
            sentence = first.lowercased() + sentence.dropFirst()
        }
        // The parser's usage text ends with "  See 'beckon tip --help' for more information."
        if sentence.hasSuffix(".") { sentence.removeLast() }
        guard let see = fullText.firstRange(of: "See '"), let end = fullText[see.upperBound...].firstIndex(of: "'") else {
            return sentence
        }
        return "\(sentence) (see '\(fullText[see.upperBound..<end])')"
    }
}
