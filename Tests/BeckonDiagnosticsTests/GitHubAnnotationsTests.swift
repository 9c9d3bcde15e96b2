import BeckonDiagnostics
import Testing

@Suite("GitHubAnnotations")
struct GitHubAnnotationsTests {
    /// Each diagnostic and the workflow command it becomes.
    static let cases: [(diagnostic: Diagnostic, line: String)] = [
        (.error("config.range", "'maxDisplayCount' must be at least 1, not -1",
                at: SourceSpan(file: "beckon.yaml", start: SourcePosition(line: 5, column: 22), end: SourcePosition(line: 5, column: 24))),
         "::error file=beckon.yaml,line=5,col=22,endLine=5,endColumn=23,title=config.range::'maxDisplayCount' must be at least 1, not -1"),
        (.warning("rule.constant", "this rule is always true", at: SourceSpan(file: "a/tips.yaml", at: SourcePosition(line: 3, column: 7))),
         "::warning file=a/tips.yaml,line=3,col=7,endLine=3,endColumn=7,title=rule.constant::this rule is always true"),
        (Diagnostic(code: "x.note", severity: .note, message: "see here", span: .wholeFile("n.yaml")),
         "::notice file=n.yaml,line=1,col=1,endLine=1,endColumn=1,title=x.note::see here"),
        // Escaping: `%`, CR and LF everywhere, and `:` and `,` in properties too.
        (.error("config.unknownKey", "unknown key '50%: off, now'\r\nsecond line",
                at: SourceSpan(file: "c:/tips,v2.yaml", at: SourcePosition(line: 2, column: 3))),
         "::error file=c%3A/tips%2Cv2.yaml,line=2,col=3,endLine=2,endColumn=3,title=config.unknownKey::unknown key '50%25: off, now' second line"),
        // A span over several lines is shown at its start; notes follow the message, each on its own line.
        (.error("config.duplicateId", "tip 'a' is declared twice",
                at: SourceSpan(file: "b.yaml", start: SourcePosition(line: 4, column: 3), end: SourcePosition(line: 6, column: 1)),
                notes: ["first defined at a.yaml:3:3", "100% sure"]),
         "::error file=b.yaml,line=4,col=3,endLine=4,endColumn=3,title=config.duplicateId::tip 'a' is declared twice%0Anote: first defined at a.yaml:3:3%0Anote: 100%25 sure"),
    ]

    @Test(arguments: cases)
    func diagnosticBecomesOneWorkflowCommand(diagnostic: Diagnostic, line: String) {
        #expect(GitHubAnnotations().line(for: diagnostic) == line)
    }

    @Test func rendersEveryDiagnosticOnItsOwnLine() {
        let diagnostics = (1...150).map { Diagnostic.error("e", "n\($0)", at: .wholeFile("f.yaml")) }
        let lines = GitHubAnnotations().render(diagnostics).split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 151)
        #expect(lines.last == "")
        #expect(lines[149] == "::error file=f.yaml,line=1,col=1,endLine=1,endColumn=1,title=e::n150")
    }

    @Test(arguments: [
        ("plain", "plain", "plain"),
        ("a%b", "a%25b", "a%25b"),
        ("a\rb\nc", "a%0Db%0Ac", "a%0Db%0Ac"),
        ("k: v, w", "k: v, w", "k%3A v%2C w"),
        ("%:,", "%25:,", "%25%3A%2C"),
    ])
    func escaping(text: String, asMessage: String, asProperty: String) {
        #expect(GitHubAnnotations.escapeData(text) == asMessage)
        #expect(GitHubAnnotations.escapeProperty(text) == asProperty)
    }

    @Test func commandWithoutProperties() {
        #expect(GitHubAnnotations.command("error", properties: [], message: "no file: 100%") == "::error::no file: 100%25")
    }
}
