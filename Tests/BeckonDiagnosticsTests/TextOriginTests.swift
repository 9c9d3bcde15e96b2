import BeckonDiagnostics
import Testing

private func loc(_ line: Int, _ column: Int) -> SourcePosition {
    SourcePosition(line: line, column: column)
}

@Suite("TextOrigin")
struct TextOriginTests {
    /// A value `abcdefghi` read from a double-quoted scalar: `abc` at 2:8, an escape takes two
    /// columns, `def` at 2:13, then the scalar folds and `ghi` continues at 3:3.
    static let folded = TextOrigin(file: "r.yaml", runs: [
        .init(offset: 0, location: loc(2, 8)),
        .init(offset: 3, location: loc(2, 13)),
        .init(offset: 6, location: loc(3, 3)),
    ])

    @Test func oneRunCountsColumnsFromItsStart() {
        let origin = TextOrigin(file: "r.yaml", startingAt: loc(4, 10))
        #expect(origin.runs == [.init(offset: 0, location: loc(4, 10))])
        #expect(origin.location(atOffset: 0) == loc(4, 10))
        #expect(origin.location(atOffset: 5) == loc(4, 15))
        #expect(origin.span(ofOffsets: 0..<3) == SourceSpan(file: "r.yaml", start: loc(4, 10), end: loc(4, 13)))
    }

    static let foldedLocations: [(offset: Int, line: Int, column: Int)] = [
        (0, 2, 8), (1, 2, 9), (2, 2, 10),
        (3, 2, 13), (4, 2, 14), (5, 2, 15),
        (6, 3, 3), (7, 3, 4), (8, 3, 5),
        (100, 3, 97),
    ]

    @Test(arguments: foldedLocations)
    func locationInSeveralRuns(offset: Int, line: Int, column: Int) {
        #expect(Self.folded.location(atOffset: offset) == loc(line, column))
    }

    static let foldedSpans: [(range: Range<Int>, start: SourcePosition, end: SourcePosition)] = [
        // Inside one run.
        (0..<3, loc(2, 8), loc(2, 11)),
        (6..<9, loc(3, 3), loc(3, 6)),
        // Across runs on one line: the escape's columns are underlined too.
        (1..<5, loc(2, 9), loc(2, 15)),
        (0..<6, loc(2, 8), loc(2, 16)),
        // Across lines: a point at the start.
        (4..<8, loc(2, 14), loc(2, 14)),
        // Empty: one character wide.
        (2..<2, loc(2, 10), loc(2, 11)),
        (9..<9, loc(3, 6), loc(3, 7)),
    ]

    @Test(arguments: foldedSpans)
    func spanInSeveralRuns(range: Range<Int>, start: SourcePosition, end: SourcePosition) {
        #expect(Self.folded.span(ofOffsets: range) == SourceSpan(file: "r.yaml", start: start, end: end))
    }

    @Test func manyRunsAreSearchedCorrectly() {
        // Thirty-three runs of three characters, each on its own line at column 5.
        let origin = TextOrigin(file: "m.yaml", runs: (0..<33).map { .init(offset: $0 * 3, location: loc($0 + 1, 5)) })
        var found: [SourcePosition] = []
        var expected: [SourcePosition] = []
        for offset in 0..<99 {
            found.append(origin.location(atOffset: offset))
            expected.append(loc(offset / 3 + 1, 5 + offset % 3))
        }
        #expect(found == expected)
        #expect(origin.span(ofOffsets: 30..<33) == SourceSpan(file: "m.yaml", start: loc(11, 5), end: loc(11, 8)))
    }

    @Test func offsetBeforeTheFirstRunIsItsLocation() {
        let origin = TextOrigin(file: "r.yaml", runs: [.init(offset: 2, location: loc(1, 4))])
        #expect(origin.location(atOffset: 0) == loc(1, 4))
        #expect(origin.location(atOffset: 3) == loc(1, 5))
    }
}
