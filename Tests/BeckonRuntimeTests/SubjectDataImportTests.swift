import Foundation
import BeckonCore
import BeckonRules
import BeckonRuntime
import Testing

/// Import: all or nothing for a bad file, idempotent, refusing to overwrite other data unless
/// asked, and skipping bad lines when asked.
@Suite("Subject data import")
struct SubjectDataImportTests {
    typealias F = SubjectDataFixture

    /// A store holding one subject, "kept", that no bad file may change.
    static func storeWithOneSubject() throws -> MemoryStore {
        let store = MemoryStore()
        var snapshot = F.snapshot
        snapshot.version = 2
        #expect(try store.restore(subject: "kept", expectedVersion: 0, snapshot: snapshot))
        return store
    }

    static func file(_ lines: [String]) -> SubjectDataSource {
        .bytes(Array(lines.map { $0 + "\n" }.joined().utf8))
    }

    struct BadFile: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let expected: String
        var testDescription: String { name }
    }

    static let badFiles: [BadFile] = {
        let good = F.line("a"), other = F.line("b")
        func file(_ lines: String...) -> [UInt8] { Array(lines.joined(separator: "\n").utf8) }
        var notUTF8 = file(good, other, F.line("c"))
        notUTF8[notUTF8.count - 20] = 0xC3  // a lead byte followed by ASCII
        return [
            BadFile(name: "truncated last line", bytes: file(good, String(other.prefix(other.count / 2))), expected: "line 2: not valid JSON at byte"),
            BadFile(name: "wrong format version", bytes: file(good, other.replacingOccurrences(of: #""format":1"#, with: #""format":9"#)),
                    expected: "line 2: /format: format 9 is not known"),
            BadFile(name: "unknown event", bytes: file(good, good.replacingOccurrences(of: #""saved":[{"#, with: #""sent":[{"#).replacingOccurrences(of: #""subject":"a""#, with: #""subject":"x""#)),
                    expected: "line 2: /logs/sent: no event 'sent' is declared"),
            BadFile(name: "wrong type", bytes: file(good, other.replacingOccurrences(of: #""ratio":0.1"#, with: #""ratio":"0.1""#)),
                    expected: #"line 2: /parameters/ratio: expected a double, got "0.1""#),
            BadFile(name: "duplicate subject", bytes: file(good, other, good), expected: "line 3: /subject: subject 'a' is already on line 1"),
            BadFile(name: "not UTF-8", bytes: notUTF8, expected: "line 3: not UTF-8 text"),
        ]
    }()

    @Test(arguments: badFiles)
    func aBadFileIsRefusedWholeWithItsLineNumber(_ bad: BadFile) throws {
        let store = try Self.storeWithOneSubject()
        let before = try F.exported(store)
        do {
            let summary = try SubjectData.importData(from: .bytes(bad.bytes), into: store, configuration: F.configuration)
            Issue.record("imported: \(summary)")
        } catch let error as SubjectDataError {
            #expect(error.description.contains(bad.expected), "\(error)")
            #expect(error.exitCode == 65)
        }
        #expect(try F.exported(store) == before, "nothing written")
    }

    @Test func theSameFileTwiceChangesNothing() throws {
        let store = try Self.storeWithOneSubject()
        let file = Self.file([F.line("a"), F.line("kept"), F.line("b")])
        let first = try SubjectData.importData(from: file, into: store, configuration: F.configuration)
        #expect(first.imported == 2 && first.unchanged == 1 && first.replaced == 0)
        let exported = try F.exported(store)
        let second = try SubjectData.importData(from: file, into: store, configuration: F.configuration)
        #expect(second.imported == 0 && second.unchanged == 3)
        #expect(try F.exported(store) == exported)
        #expect(try store.load(subject: "a").version == F.snapshot.version, "written at the line's version")
    }

    @Test func otherDataIsRefusedUnlessReplaced() throws {
        let store = try Self.storeWithOneSubject()
        var changed = F.snapshot
        changed.record.parameters["level"] = .int(1)
        changed.version = 1
        let file = Self.file([F.line("a"), F.line("kept", snapshot: changed)])
        let before = try F.exported(store)
        #expect(throws: (any Error).self) { try SubjectData.importData(from: file, into: store, configuration: F.configuration) }
        do { _ = try SubjectData.importData(from: file, into: store, configuration: F.configuration) } catch let error as SubjectDataError {
            #expect(error.description.contains("1 subject already stored with other data") && error.description.contains("'kept'"), "\(error)")
        }
        #expect(try F.exported(store) == before, "nothing written")

        let replaced = try SubjectData.importData(from: file, into: store, configuration: F.configuration, options: .init(replace: true))
        #expect(replaced.imported == 1 && replaced.replaced == 1)
        let stored = try #require(try store.snapshot(subject: "kept"))
        #expect(stored.record == changed.record && stored.logs == changed.logs)
        #expect(stored.version == 3, "above the stored version 2, as the line's 1 is below it")
    }

    @Test func skipBadImportsTheGoodLinesAndNamesTheOthers() throws {
        let store = try Self.storeWithOneSubject()
        var changed = F.snapshot
        changed.record.lastNewTipDisplay = nil
        let file = Self.file([F.line("a"), "{\"format\":1", F.line("kept", snapshot: changed), F.line("b"), F.line("a")])
        let summary = try SubjectData.importData(from: file, into: store, configuration: F.configuration, options: .init(skipBad: true))
        #expect(summary.imported == 2 && summary.refused == ["kept"] && summary.replaced == 0)
        #expect(summary.skipped.map(\.line) == [2, 5])
        #expect(try store.snapshot(subject: "kept")?.record.lastNewTipDisplay == F.t0)
    }
}
