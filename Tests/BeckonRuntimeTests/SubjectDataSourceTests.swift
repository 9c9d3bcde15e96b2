import BeckonRuntime
import BeckonTestSupport
import Foundation
import Testing

/// A file is read in blocks: lines that cross blocks, blank lines and a last line without its
/// `\n` come out as the same numbered lines as from memory.
@Suite("Subject data source")
struct SubjectDataSourceTests {
    static func lines(_ source: SubjectDataSource) throws -> [(Int, [UInt8])] {
        var lines: [(Int, [UInt8])] = []
        try source.forEachLine { lines.append(($0, $1)) }
        return lines
    }

    @Test(arguments: [true, false])
    func fileLinesAreTheBytesLines(endsWithNewline: Bool) throws {
        var random = SplitMix64(seed: endsWithNewline ? 1 : 2)
        var bytes: [UInt8] = []
        for index in 0..<40 {
            // Lengths around the 64 KiB block, and some blank lines.
            let length = index % 7 == 0 ? 0 : Int(random.next() % 150_000)
            bytes += [UInt8](repeating: UInt8(ascii: "a") + UInt8(index % 26), count: length) + [UInt8(ascii: "\n")]
        }
        if !endsWithNewline { bytes += Array("last".utf8) }
        let file = TestRunFolder.newPath("lines")
        try Data(bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let fromFile = try Self.lines(.file(file.path)), fromBytes = try Self.lines(.bytes(bytes))
        #expect(fromFile.map(\.0) == fromBytes.map(\.0))
        #expect(fromFile.map(\.1) == fromBytes.map(\.1))
        #expect(fromFile.count == 40 - 6 + (endsWithNewline ? 0 : 1), "blank lines skipped")
        #expect(fromFile.last?.0 == (endsWithNewline ? 40 : 41))
    }

    @Test func aMissingFileIsNamedAsMissing() {
        #expect(throws: SubjectDataError.self) { _ = try Self.lines(.file("/nonexistent/beckon.jsonl")) }
        do { _ = try Self.lines(.file("/nonexistent/beckon.jsonl")) } catch let error as SubjectDataError {
            #expect(error.exitCode == 66 && error.description.hasPrefix("/nonexistent/beckon.jsonl: "))
        } catch {
            Issue.record("\(error)")
        }
    }
}
