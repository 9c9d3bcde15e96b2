import BeckonDiagnostics
import Testing

private func at(_ file: String, _ line: Int, _ column: Int) -> SourceSpan {
    SourceSpan(file: file, at: SourcePosition(line: line, column: column))
}

/// The messages of diagnostics, in order, which is what the sorting tests compare.
private func messages(_ diagnostics: [Diagnostic]) -> [String] {
    diagnostics.map(\.message)
}

@Suite("DiagnosticList")
struct DiagnosticListTests {
    @Test func collectsInInsertionOrderAndCountsErrors() {
        var list = DiagnosticList()
        #expect(list.all.isEmpty)
        #expect(!list.hasErrors)
        #expect(list.errorCount == 0)

        list.warning("w.code", "w1", at: at("a.yaml", 1, 1))
        #expect(!list.hasErrors)
        list.error("e.code", "e1", at: at("a.yaml", 2, 1), notes: ["n"])
        list.append(.error("e.code", "e2", at: at("a.yaml", 3, 1)))
        list.append(contentsOf: [Diagnostic(code: "n.code", severity: .note, message: "n1", span: at("a.yaml", 4, 1))])

        #expect(messages(list.all) == ["w1", "e1", "e2", "n1"])
        #expect(list.all.map(\.severity) == [.warning, .error, .error, .note])
        #expect(list.all[1].notes == ["n"])
        #expect(list.all[1].code == "e.code")
        #expect(list.hasErrors)
        #expect(list.errorCount == 2)
        #expect(list.all.containsErrors)
        #expect(![list.all[0], list.all[3]].containsErrors)
    }

    /// Errors added in this order (message, file, line, column), the file order given to
    /// `sorted` (none: plain `sorted()`), and the messages it must return.
    struct SortCase: Sendable, CustomTestStringConvertible {
        var testDescription: String
        var errors: [(message: String, file: String, line: Int, column: Int)]
        var fileOrder: [String]?
        var sorted: [String]
    }

    static let fiveFiles: [(message: String, file: String, line: Int, column: Int)] = [
        ("z", "z.yaml", 1, 1), ("c", "c.yaml", 1, 1), ("a", "a.yaml", 1, 1), ("b", "b.yaml", 1, 1), ("main", "main.yaml", 9, 9),
    ]

    static let sortCases: [SortCase] = [
        SortCase(testDescription: "the given file order first, then other files by name", errors: fiveFiles,
                 fileOrder: ["main.yaml", "c.yaml"], sorted: ["main", "c", "a", "b", "z"]),
        SortCase(testDescription: "files by name without an order", errors: fiveFiles, fileOrder: nil, sorted: ["a", "b", "c", "main", "z"]),
        SortCase(testDescription: "a file repeated in the order keeps its first rank", errors: [("b", "b.yaml", 1, 1), ("a", "a.yaml", 1, 1)],
                 fileOrder: ["a.yaml", "b.yaml", "a.yaml"], sorted: ["a", "b"]),
        SortCase(testDescription: "by line, then column within a file",
                 errors: [("3:1", "a.yaml", 3, 1), ("1:10", "a.yaml", 1, 10), ("1:2", "a.yaml", 1, 2), ("2:5", "a.yaml", 2, 5), ("10:1", "a.yaml", 10, 1)],
                 fileOrder: nil, sorted: ["1:2", "1:10", "2:5", "3:1", "10:1"]),
    ]

    @Test(arguments: sortCases)
    func sortsByFileThenLineThenColumn(_ test: SortCase) {
        var list = DiagnosticList()
        for error in test.errors {
            list.error("x", error.message, at: at(error.file, error.line, error.column))
        }
        let sorted = test.fileOrder.map { list.sorted(fileOrder: $0) } ?? list.sorted()
        #expect(messages(sorted) == test.sorted)
    }

    @Test func equalPositionsKeepInsertionOrder() {
        var list = DiagnosticList()
        for index in 0..<20 {
            list.error("x", "same \(index)", at: at("a.yaml", 5, 5))
        }
        list.error("x", "earlier", at: at("a.yaml", 1, 1))
        #expect(messages(list.sorted()) == ["earlier"] + (0..<20).map { "same \($0)" })
    }

    @Test func identicalDuplicatesAreRemoved() {
        var list = DiagnosticList()
        let duplicate = Diagnostic.error("x", "dup", at: at("a.yaml", 2, 1))
        list.append(duplicate)
        list.error("x", "first", at: at("a.yaml", 1, 1))
        list.append(duplicate)
        // Differs only by notes, severity or code: kept.
        list.error("x", "dup", at: at("a.yaml", 2, 1), notes: ["other"])
        list.warning("x", "dup", at: at("a.yaml", 2, 1))
        list.error("y", "dup", at: at("a.yaml", 2, 1))
        list.append(duplicate)

        let sorted = list.sorted()
        #expect(sorted == [
            .error("x", "first", at: at("a.yaml", 1, 1)),
            duplicate,
            .error("x", "dup", at: at("a.yaml", 2, 1), notes: ["other"]),
            .warning("x", "dup", at: at("a.yaml", 2, 1)),
            .error("y", "dup", at: at("a.yaml", 2, 1)),
        ])
        #expect(list.all.count == 7)
    }
}
