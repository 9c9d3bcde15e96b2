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

    @Test func sortsByGivenFileOrderThenOtherFilesByName() {
        var list = DiagnosticList()
        list.error("x", "z", at: at("z.yaml", 1, 1))
        list.error("x", "c", at: at("c.yaml", 1, 1))
        list.error("x", "a", at: at("a.yaml", 1, 1))
        list.error("x", "b", at: at("b.yaml", 1, 1))
        list.error("x", "main", at: at("main.yaml", 9, 9))
        #expect(messages(list.sorted(fileOrder: ["main.yaml", "c.yaml"])) == ["main", "c", "a", "b", "z"])
        #expect(messages(list.sorted()) == ["a", "b", "c", "main", "z"])
    }

    @Test func repeatedFileInTheOrderKeepsItsFirstRank() {
        var list = DiagnosticList()
        list.error("x", "b", at: at("b.yaml", 1, 1))
        list.error("x", "a", at: at("a.yaml", 1, 1))
        #expect(messages(list.sorted(fileOrder: ["a.yaml", "b.yaml", "a.yaml"])) == ["a", "b"])
    }

    @Test func sortsByLineThenColumnWithinAFile() {
        var list = DiagnosticList()
        list.error("x", "3:1", at: at("a.yaml", 3, 1))
        list.error("x", "1:10", at: at("a.yaml", 1, 10))
        list.error("x", "1:2", at: at("a.yaml", 1, 2))
        list.error("x", "2:5", at: at("a.yaml", 2, 5))
        list.error("x", "10:1", at: at("a.yaml", 10, 1))
        #expect(messages(list.sorted()) == ["1:2", "1:10", "2:5", "3:1", "10:1"])
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
