import BeckonDiagnostics
import Testing

/// Text with line breaks put on one line, as diagnostics and explanations print it.
@Suite("OneLine")
struct OneLineTests {
    static let cases: [(text: String, oneLine: String)] = [
        ("a && b", "a && b"),
        ("", ""),
        ("  a  ", "  a  "),
        ("a &&\nb", "a && b"),
        ("a &&\n  b", "a && b"),
        ("a &&   \n\t  b", "a && b"),
        ("a &&\r\n  b", "a && b"),
        ("a &&\r  b", "a && b"),
        ("a\n\n\n  b\n", "a b"),
        ("\n  a &&\n    (b ||\n     c)\n", "a && (b || c)"),
        ("a\u{2028}b", "a b"),
        ("\n \n", ""),
    ]

    @Test(arguments: cases)
    func putsTextOnOneLine(text: String, oneLine: String) {
        #expect(OneLine.of(text) == oneLine)
        let newlines = OneLine.of(text).filter(\.isNewline)
        #expect(newlines.isEmpty)
    }
}
