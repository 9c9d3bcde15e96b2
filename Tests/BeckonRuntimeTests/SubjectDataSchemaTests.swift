import BeckonCore
import BeckonRuntime
import BeckonTestSupport
import Foundation
import Testing

/// The committed JSON Schema of a line (`Docs/subject-data.schema.json`) accepts what export
/// writes, checked with the PyPI `jsonschema` package the suite's environment has.
@Suite("Subject data schema")
struct SubjectDataSchemaTests {
    @Test func exportedLinesAreValid() throws {
        var sparse = SubjectDataFixture.snapshot
        sparse.record = SubjectRecord()
        sparse.logs = [:]
        let lines = [SubjectDataFixture.line(), SubjectDataFixture.line("ü \"quoted\"", snapshot: sparse)].joined(separator: "\n") + "\n"
        let folder = try TestRunFolder.newFolder("schema")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("data.jsonl")
        try lines.write(to: file, atomically: true, encoding: .utf8)
        let result = try SubjectDataValidator.validate(file: file.path)
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output == "2 valid\n")
    }
}
