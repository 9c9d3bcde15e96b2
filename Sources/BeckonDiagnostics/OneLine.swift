/// Text put on one line, for output that scripts read line by line: a diagnostic's
/// `path:line:col: severity: message [code]` and each line of an explanation.
public enum OneLine {
    /// `text` with each line break, and the white space around it, shown as one space. A rule
    /// written over several lines of a YAML block scalar reads as it would written on one line.
    public static func of(_ text: String) -> String {
        guard text.contains(where: \.isNewline) else { return text }
        return text.split(whereSeparator: \.isNewline)
            .map(trimmed)
            .filter { !$0.isEmpty }
            .joined(separator: " ")
    }

    /// A line without the white space at its ends.
    private static func trimmed(_ line: Substring) -> Substring {
        guard let first = line.firstIndex(where: { !$0.isWhitespace }),
              let last = line.lastIndex(where: { !$0.isWhitespace }) else { return "" }
        return line[first...last]
    }
}
