/// Renders diagnostics for people: `path:line:col: error: message [code]`, then the source line
/// with a caret under the column, then any notes.
public struct DiagnosticRenderer: Sendable {
    /// The texts to quote source lines from; files not in it are rendered without an excerpt.
    public var sources: SourceTexts

    /// Creates a renderer quoting from `sources`.
    public init(sources: SourceTexts) {
        self.sources = sources
    }

    /// Renders the first `cap` diagnostics and a line counting the rest. The secret of any of
    /// `diagnostics` is masked in every excerpt, so that another problem on the same line (in a
    /// flow mapping, say) does not quote it either.
    public func render(_ diagnostics: [Diagnostic], cap: Int = DiagnosticList.defaultCap) -> String {
        var lineIndexes: [String: LineIndex] = [:]
        var output = ""
        let secrets = diagnostics.compactMap(\.secret)
        for diagnostic in diagnostics.prefix(cap) {
            let file = diagnostic.span.file
            if lineIndexes[file] == nil, let text = sources.text(of: file) {
                lineIndexes[file] = LineIndex(text: text)
            }
            output += render(diagnostic, lines: lineIndexes[file], secrets: secrets)
        }
        if diagnostics.count > cap {
            let rest = diagnostics.count - cap
            output += "… and \(rest) more diagnostic\(rest == 1 ? "" : "s") not shown\n"
        }
        return output
    }

    /// A one-line summary such as `2 errors, 1 warning`.
    public static func summary(of diagnostics: [Diagnostic]) -> String {
        let errors = diagnostics.count { $0.severity == .error }
        let warnings = diagnostics.count { $0.severity == .warning }
        var parts = ["\(errors) error\(errors == 1 ? "" : "s")"]
        if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
        return parts.joined(separator: ", ")
    }

    /// The message and each note stay on their line even if they quote text with line breaks
    /// (a plugin's message, say), so that scripts can read the first line as the diagnostic.
    private func render(_ diagnostic: Diagnostic, lines: LineIndex?, secrets: [SourceSpan]) -> String {
        let span = diagnostic.span
        var output = "\(span): \(diagnostic.severity.rawValue): \(OneLine.of(diagnostic.message)) [\(diagnostic.code)]\n"
        if let line = lines?.line(span.start.line) {
            let shown = secrets.filter { $0.file == span.file }.reduce(line) { Self.masking($0, number: span.start.line, secret: $1) }
            output += Self.excerpt(line: shown, span: span)
        }
        for note in diagnostic.notes {
            output += "      = note: \(OneLine.of(note))\n"
        }
        return output
    }

    /// `line` (number `number`) with every character inside `secret` replaced by `*`, so that
    /// the excerpt keeps its columns but never shows a secret.
    static func masking(_ line: Substring, number: Int, secret: SourceSpan?) -> Substring {
        guard let secret, secret.start.line <= number, number <= secret.end.line else { return line }
        let from = number == secret.start.line ? max(secret.start.column, 1) : 1
        let to = number == secret.end.line ? secret.end.column : Int.max
        var masked = String.UnicodeScalarView()
        for (index, scalar) in line.unicodeScalars.enumerated() {
            let column = index + 1
            masked.append(column >= from && column < to ? "*" : scalar)
        }
        return Substring(String(masked))
    }

    /// The most characters of a line an excerpt quotes: a longer line (a minified flow mapping, a
    /// file that is not YAML at all) is cut to a window that starts `excerptLead` characters before
    /// the column, each cut end shown as `…`, so that one problem is a few lines of output.
    static let excerptWidth = 160
    static let excerptLead = 60

    /// The quoted line and a caret line. The caret line keeps the line's tabs so it aligns.
    static func excerpt(line: Substring, span: SourceSpan) -> String {
        let number = String(span.start.line)
        let gutter = String(repeating: " ", count: max(5, number.count + 1))
        let paddedNumber = String(repeating: " ", count: gutter.count - number.count) + number
        let scalars = Array(line.unicodeScalars)
        let column = min(max(span.start.column - 1, 0), scalars.count)
        var width = 1
        if span.end.line == span.start.line {
            width = max(1, min(span.end.column, scalars.count + 1) - span.start.column)
        }
        // The window of the line shown: all of it, or `excerptWidth` characters around the column.
        let start = scalars.count <= excerptWidth ? 0 : min(max(0, column - excerptLead), scalars.count - excerptWidth)
        let end = min(scalars.count, start + excerptWidth)
        let cutBefore = start > 0 ? "…" : "", cutAfter = end < scalars.count ? "…" : ""
        var quoted = String.UnicodeScalarView(cutBefore.unicodeScalars)
        quoted.append(contentsOf: scalars[start..<end])
        quoted.append(contentsOf: cutAfter.unicodeScalars)
        var marker = cutBefore.isEmpty ? "" : " "
        for scalar in scalars[start..<column] {
            marker.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
        }
        marker += "^" + String(repeating: "~", count: min(width, max(1, end - column)) - 1)
        return "\(paddedNumber) | \(String(quoted))\n\(gutter) | \(marker)\n"
    }
}

/// Where each line of a text starts, so a line can be quoted without rescanning the text.
struct LineIndex {
    private let text: String
    private var starts: [String.Index] = []

    init(text: String) {
        self.text = text
        var index = text.startIndex
        starts.append(index)
        let utf8 = text.utf8
        while let newline = utf8[index...].firstIndex(of: UInt8(ascii: "\n")) {
            index = utf8.index(after: newline)
            starts.append(index)
        }
    }

    /// The 1-based line without its line break, or nil past the end.
    func line(_ number: Int) -> Substring? {
        guard number >= 1, number <= starts.count else { return nil }
        let start = starts[number - 1]
        var end = number < starts.count ? text.utf8.index(before: starts[number]) : text.endIndex
        if end > start, text.utf8[text.utf8.index(before: end)] == UInt8(ascii: "\r") {
            end = text.utf8.index(before: end)
        }
        return text[start..<end]
    }
}
