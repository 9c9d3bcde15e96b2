import BeckonDiagnostics
import Testing

private func loc(_ line: Int, _ column: Int) -> SourcePosition {
    SourcePosition(line: line, column: column)
}

@Suite("SourcePosition and SourceSpan")
struct SourcePositionTests {
    @Test func locationsOrderByLineThenColumn() {
        #expect(loc(1, 10) < loc(2, 1))
        #expect(loc(2, 1) < loc(2, 2))
        #expect(!(loc(2, 2) < loc(2, 2)))
        #expect([loc(3, 1), loc(1, 5), loc(1, 2)].sorted() == [loc(1, 2), loc(1, 5), loc(3, 1)])
        #expect(SourcePosition.start == loc(1, 1))
        #expect(loc(12, 3).description == "12:3")
    }

    @Test func spanDescriptionAndBounds() {
        let span = SourceSpan(file: "dir/a.yaml", start: loc(3, 4), end: loc(3, 9))
        #expect(span.description == "dir/a.yaml:3:4")
        #expect(SourceSpan(file: "a.yaml", at: loc(2, 2)).end == loc(2, 2))
        #expect(SourceSpan.wholeFile("b.yaml") == SourceSpan(file: "b.yaml", start: loc(1, 1), end: loc(1, 1)))
        // An end before the start is raised to the start.
        #expect(SourceSpan(file: "a.yaml", start: loc(3, 4), end: loc(1, 1)).end == loc(3, 4))
    }
}
