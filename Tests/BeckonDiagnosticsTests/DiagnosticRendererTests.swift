import BeckonDiagnostics
import Testing

/// Joins lines with a line break after each, as the renderer writes them.
private func lines(_ lines: String...) -> String {
    lines.map { $0 + "\n" }.joined()
}

private func span(_ file: String, _ line: Int, _ column: Int, to endLine: Int? = nil, _ endColumn: Int? = nil) -> SourceSpan {
    SourceSpan(
        file: file,
        start: SourcePosition(line: line, column: column),
        end: SourcePosition(line: endLine ?? line, column: endColumn ?? column)
    )
}

private func renderer(_ files: [String: String]) -> DiagnosticRenderer {
    var sources = SourceTexts()
    for (file, text) in files { sources.add(file: file, text: text) }
    return DiagnosticRenderer(sources: sources)
}

@Suite("DiagnosticRenderer")
struct DiagnosticRendererTests {
    let config = "name: demo\ntips:\n  - idd: x\n"

    @Test func headerSourceLineAndTildesUnderTheSpan() {
        let diagnostic = Diagnostic.error("config.unknownKey", "unknown key 'idd'", at: span("a.yaml", 3, 5, to: 3, 8))
        #expect(renderer(["a.yaml": config]).render([diagnostic]) == lines(
            "a.yaml:3:5: error: unknown key 'idd' [config.unknownKey]",
            "    3 |   - idd: x",
            "      |     ^~~"
        ))
    }

    /// The header stays one line even when a message or a note quotes text with line breaks,
    /// so that scripts reading `path:line:col: severity: message [code]` line by line see it whole.
    @Test func lineBreaksInAMessageOrNoteStayOnItsLine() {
        let diagnostic = Diagnostic.error("rule.type", "'a &&\n    b' is int", at: span("a.yaml", 1, 1),
                                          notes: ["first\r\n  second"])
        #expect(renderer(["a.yaml": config]).render([diagnostic]) == lines(
            "a.yaml:1:1: error: 'a && b' is int [rule.type]",
            "    1 | name: demo",
            "      | ^",
            "      = note: first second"
        ))
    }

    @Test func pointSpanGetsASingleCaret() {
        let diagnostic = Diagnostic.error("yaml.syntax", "expected a value", at: span("a.yaml", 1, 1))
        #expect(renderer(["a.yaml": config]).render([diagnostic]) == lines(
            "a.yaml:1:1: error: expected a value [yaml.syntax]",
            "    1 | name: demo",
            "      | ^"
        ))
    }

    @Test func warningSeverityAndNotes() {
        let diagnostic = Diagnostic.warning(
            "rule.constant", "the rule is always true", at: span("a.yaml", 2, 1, to: 2, 5),
            notes: ["first defined at a.yaml:1:1", "second note"]
        )
        #expect(renderer(["a.yaml": config]).render([diagnostic]) == lines(
            "a.yaml:2:1: warning: the rule is always true [rule.constant]",
            "    2 | tips:",
            "      | ^~~~",
            "      = note: first defined at a.yaml:1:1",
            "      = note: second note"
        ))
    }

    @Test func notesAreShownWithoutAnExcerptToo() {
        let diagnostic = Diagnostic.error("config.duplicate", "duplicate id 'x'", at: span("gone.yaml", 4, 2), notes: ["first defined at a.yaml:3:5"])
        #expect(renderer([:]).render([diagnostic]) == lines(
            "gone.yaml:4:2: error: duplicate id 'x' [config.duplicate]",
            "      = note: first defined at a.yaml:3:5"
        ))
    }

    @Test func tabsBeforeTheCaretAreKeptSoItAligns() {
        let diagnostic = Diagnostic.error("rule.type", "bad value", at: span("t.yaml", 1, 7, to: 1, 12))
        #expect(renderer(["t.yaml": "\tkey:\tvalue\n"]).render([diagnostic]) == lines(
            "t.yaml:1:7: error: bad value [rule.type]",
            "    1 | \tkey:\tvalue",
            "      | \t    \t^~~~~"
        ))
    }

    @Test func columnsCountUnicodeScalars() {
        // "é" and "€" are one scalar each, several UTF-8 bytes.
        let diagnostic = Diagnostic.error("rule.name", "unknown name", at: span("u.yaml", 1, 5, to: 1, 8))
        #expect(renderer(["u.yaml": "é€: abc\n"]).render([diagnostic]) == lines(
            "u.yaml:1:5: error: unknown name [rule.name]",
            "    1 | é€: abc",
            "      |     ^~~"
        ))
    }

    @Test func spanPastTheEndOfFileRendersWithoutExcerpt() {
        let diagnostic = Diagnostic.error("yaml.syntax", "unexpected end", at: span("a.yaml", 9, 1))
        #expect(renderer(["a.yaml": config]).render([diagnostic]) == lines(
            "a.yaml:9:1: error: unexpected end [yaml.syntax]"
        ))
    }

    @Test func lineAfterTheFinalLineBreakIsAnEmptyLine() {
        let diagnostic = Diagnostic.error("yaml.syntax", "unexpected end", at: span("a.yaml", 2, 1))
        #expect(renderer(["a.yaml": "a: 1\n"]).render([diagnostic]) == lines(
            "a.yaml:2:1: error: unexpected end [yaml.syntax]",
            "    2 | ",
            "      | ^"
        ))
    }

    @Test func fileWithoutSourceTextRendersWithoutExcerpt() {
        let diagnostic = Diagnostic.error("config.missing", "no such file", at: .wholeFile("other.yaml"))
        #expect(renderer(["a.yaml": config]).render([diagnostic]) == lines(
            "other.yaml:1:1: error: no such file [config.missing]"
        ))
    }

    @Test func crlfLineBreaksAreNotQuoted() {
        let text = "a: 1\r\nb: [\r\nc: 3"
        let diagnostics = [
            Diagnostic.error("yaml.syntax", "unclosed list", at: span("w.yaml", 2, 4)),
            Diagnostic.error("config.value", "bad value", at: span("w.yaml", 3, 4, to: 3, 5)),
            Diagnostic.error("config.value", "bad value", at: span("w.yaml", 1, 1, to: 1, 9)),
        ]
        #expect(renderer(["w.yaml": text]).render(diagnostics) == lines(
            "w.yaml:2:4: error: unclosed list [yaml.syntax]",
            "    2 | b: [",
            "      |    ^",
            "w.yaml:3:4: error: bad value [config.value]",
            "    3 | c: 3",
            "      |    ^",
            "w.yaml:1:1: error: bad value [config.value]",
            "    1 | a: 1",
            "      | ^~~~"
        ))
    }

    @Test func emptyCRLFLine() {
        let diagnostic = Diagnostic.error("yaml.syntax", "empty", at: span("w.yaml", 2, 1))
        #expect(renderer(["w.yaml": "a: 1\r\n\r\nb: 2\r\n"]).render([diagnostic]) == lines(
            "w.yaml:2:1: error: empty [yaml.syntax]",
            "    2 | ",
            "      | ^"
        ))
    }

    @Test func caretPastTheEndOfTheLineSitsJustAfterIt() {
        let diagnostic = Diagnostic.error("yaml.syntax", "expected ':'", at: span("s.yaml", 1, 10, to: 1, 14))
        #expect(renderer(["s.yaml": "ab\n"]).render([diagnostic]) == lines(
            "s.yaml:1:10: error: expected ':' [yaml.syntax]",
            "    1 | ab",
            "      |   ^"
        ))
    }

    @Test func tildesStopAtTheEndOfTheLine() {
        let diagnostic = Diagnostic.error("rule.type", "bad", at: span("s.yaml", 1, 2, to: 1, 20))
        #expect(renderer(["s.yaml": "abc\nnext\n"]).render([diagnostic]) == lines(
            "s.yaml:1:2: error: bad [rule.type]",
            "    1 | abc",
            "      |  ^~"
        ))
    }

    struct LongLine: CustomTestStringConvertible, Sendable {
        let name: String
        let column: Int, endColumn: Int
        /// The characters of the line quoted (a range of its 300), and the caret line under them.
        let quoted: Range<Int>
        let marker: String
        var testDescription: String { name }
    }

    /// A line longer than 160 characters is quoted as a window of 160 around the column, from 60
    /// before it, each cut end shown as `…`; the tildes stop at the window's end.
    static let longLines = [
        LongLine(name: "at the start, spanning the line", column: 1, endColumn: 301, quoted: 0..<160,
                 marker: "^" + String(repeating: "~", count: 159)),
        LongLine(name: "in the middle", column: 151, endColumn: 154, quoted: 90..<250,
                 marker: " " + String(repeating: " ", count: 60) + "^~~"),
        LongLine(name: "at the last character", column: 300, endColumn: 300, quoted: 140..<300,
                 marker: " " + String(repeating: " ", count: 159) + "^"),
    ]

    @Test(arguments: longLines)
    func aLongLineIsQuotedAroundItsColumn(_ long: LongLine) {
        let line = String(repeating: "0123456789", count: 30)
        let diagnostic = Diagnostic.error("config.notMapping", "not a mapping", at: span("l.yaml", 1, long.column, to: 1, long.endColumn))
        let characters = Array(line)
        let quoted = (long.quoted.lowerBound > 0 ? "…" : "") + String(characters[long.quoted]) + (long.quoted.upperBound < 300 ? "…" : "")
        #expect(renderer(["l.yaml": line + "\n"]).render([diagnostic]) == lines(
            "l.yaml:1:\(long.column): error: not a mapping [config.notMapping]",
            "    1 | " + quoted,
            "      | " + long.marker
        ))
    }

    @Test func aLineOf160CharactersIsQuotedWhole() {
        let line = String(repeating: "0123456789", count: 16)
        let diagnostic = Diagnostic.error("config.value", "bad", at: span("l.yaml", 1, 160))
        #expect(renderer(["l.yaml": line]).render([diagnostic]) == lines(
            "l.yaml:1:160: error: bad [config.value]",
            "    1 | " + line,
            "      | " + String(repeating: " ", count: 159) + "^"
        ))
    }

    @Test func spanOverSeveralLinesGetsASingleCaret() {
        let diagnostic = Diagnostic.error("rule.type", "bad", at: span("s.yaml", 1, 2, to: 2, 3))
        #expect(renderer(["s.yaml": "abc\nnext\n"]).render([diagnostic]) == lines(
            "s.yaml:1:2: error: bad [rule.type]",
            "    1 | abc",
            "      |  ^"
        ))
    }

    @Test func gutterWidensForLongLineNumbers() {
        let text = String(repeating: "x\n", count: 99_999) + "last: 1\n"
        let diagnostic = Diagnostic.error("config.value", "bad", at: span("big.yaml", 100_000, 7, to: 100_000, 8))
        #expect(renderer(["big.yaml": text]).render([diagnostic]) == lines(
            "big.yaml:100000:7: error: bad [config.value]",
            " 100000 | last: 1",
            "        |       ^"
        ))
    }

    @Test func diagnosticsAreRenderedInTheGivenOrder() {
        let diagnostics = [
            Diagnostic.error("b", "second line", at: span("a.yaml", 2, 1)),
            Diagnostic.error("a", "first line", at: span("a.yaml", 1, 1)),
        ]
        #expect(renderer([:]).render(diagnostics) == lines(
            "a.yaml:2:1: error: second line [b]",
            "a.yaml:1:1: error: first line [a]"
        ))
    }

    @Test func emptyListRendersNothing() {
        #expect(renderer([:]).render([]) == "")
    }

    static let capCases: [(count: Int, cap: Int, shown: Int, rest: String?)] = [
        (3, 3, 3, nil),
        (3, 5, 3, nil),
        (3, 2, 2, "… and 1 more diagnostic not shown"),
        (5, 2, 2, "… and 3 more diagnostics not shown"),
        (2, 0, 0, "… and 2 more diagnostics not shown"),
    ]

    @Test(arguments: capCases)
    func capSummarisesTheRest(count: Int, cap: Int, shown: Int, rest: String?) {
        let diagnostics = (1...count).map { Diagnostic.error("c\($0)", "problem \($0)", at: span("a.yaml", $0, 1)) }
        let expected = (1...count).prefix(shown).map { "a.yaml:\($0):1: error: problem \($0) [c\($0)]\n" }.joined()
            + (rest.map { $0 + "\n" } ?? "")
        #expect(renderer([:]).render(diagnostics, cap: cap) == expected)
    }

    @Test func defaultCapIsOneHundred() {
        #expect(DiagnosticList.defaultCap == 100)
        let diagnostics = (1...102).map { Diagnostic.error("c", "p", at: span("a.yaml", $0, 1)) }
        let rendered = renderer([:]).render(diagnostics)
        let renderedLines = rendered.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(renderedLines.count == 102)
        #expect(renderedLines[99] == "a.yaml:100:1: error: p [c]")
        #expect(renderedLines[100] == "… and 2 more diagnostics not shown")
        #expect(renderedLines[101] == "")
    }

    static let summaryCases: [(severities: [Severity], summary: String)] = [
        ([], "0 errors"),
        ([.error], "1 error"),
        ([.error, .error], "2 errors"),
        ([.error, .warning], "1 error, 1 warning"),
        ([.warning, .error, .warning, .error, .error], "3 errors, 2 warnings"),
        ([.warning, .warning], "0 errors, 2 warnings"),
        ([.error, .note, .note], "1 error"),
    ]

    @Test(arguments: summaryCases)
    func summary(severities: [Severity], summary: String) {
        let diagnostics = severities.map { Diagnostic(code: "x", severity: $0, message: "m", span: .wholeFile("a.yaml")) }
        #expect(DiagnosticRenderer.summary(of: diagnostics) == summary)
    }

    @Test func diagnosticsErrorDescriptionIsTheRendering() {
        var sources = SourceTexts()
        sources.add(file: "a.yaml", text: config)
        let error = DiagnosticsError(
            diagnostics: [.error("config.unknownKey", "unknown key 'idd'", at: span("a.yaml", 3, 5, to: 3, 8))],
            sources: sources
        )
        #expect(error.description == lines(
            "a.yaml:3:5: error: unknown key 'idd' [config.unknownKey]",
            "    3 |   - idd: x",
            "      |     ^~~"
        ))
    }

    @Test func mergingSourcesKeepsTheFirstText() {
        var first = SourceTexts()
        first.add(file: "a.yaml", text: "first")
        var second = SourceTexts()
        second.add(file: "a.yaml", text: "second")
        second.add(file: "b.yaml", text: "bee")
        first.merge(second)
        #expect(first.text(of: "a.yaml") == "first")
        #expect(first.text(of: "b.yaml") == "bee")
        #expect(first.text(of: "c.yaml") == nil)
    }
}
