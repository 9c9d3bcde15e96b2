public import BeckonCore

/// What `beckon check --locales` prints: for each content text, which text each of the
/// configuration's locales shows; as a table for people, or as JSON with the diagnostics.
public struct LocaleCoverageReport: Encodable, Sendable {
    /// One text: what it is, and for each locale the tag whose text is shown.
    public struct Text: Encodable, Sendable {
        public var text: String
        public var shown: [String: String]
        public var missing: [String]
    }

    /// The diagnostics (`beckon check --json`'s array), warnings included.
    public var diagnostics: [DiagnosticJSON]
    /// The configuration's locales, the default first.
    public var locales: [String]
    /// Every content text, in declaration order.
    public var texts: [Text]

    /// The report of `coverage`, with the load's diagnostics.
    public init(_ coverage: TranslationCoverage, diagnostics: [DiagnosticJSON]) {
        self.diagnostics = diagnostics
        locales = coverage.locales
        texts = coverage.rows.map { row in
            Text(text: row.what, shown: Dictionary(uniqueKeysWithValues: zip(coverage.locales, row.shown)), missing: row.missing)
        }
    }

    /// The table for people: a row per text, a column per locale, each cell `✓` (the text has
    /// that locale), the tag it falls back to (`de` for `de-CH`), or `–` (the default locale's
    /// text is shown); then, per locale, how many texts it has.
    public static func table(_ coverage: TranslationCoverage) -> String {
        func cell(_ locale: String, _ shown: String, missing: Bool) -> String {
            if missing { return "–" }
            return shown.lowercased() == locale.lowercased() ? "✓" : shown
        }
        var lines = [["text"] + coverage.locales]
        for row in coverage.rows {
            lines.append([row.what] + zip(coverage.locales, row.shown).map { cell($0, $1, missing: row.missing.contains($0)) })
        }
        let counts = coverage.locales.map { locale in coverage.rows.filter { !$0.missing.contains(locale) }.count }
        lines.append(["texts in each locale (of \(coverage.rows.count))"] + counts.map(String.init))
        var widths = Array(repeating: 0, count: lines[0].count)
        for line in lines { for (index, field) in line.enumerated() { widths[index] = max(widths[index], field.count) } }
        return lines.map { line in
            line.enumerated().map { index, field in
                index == line.count - 1 ? field : field + String(repeating: " ", count: widths[index] - field.count)
            }.joined(separator: "  ")
        }.joined(separator: "\n")
    }
}
