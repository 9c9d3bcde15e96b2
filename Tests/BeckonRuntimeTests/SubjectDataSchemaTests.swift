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
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-schema-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("data.jsonl")
        try lines.write(to: file, atomically: true, encoding: .utf8)
        let result = try ProcessRunner.run(TestTools.python, ["-c", Self.validator, Repository.path("Docs/subject-data.schema.json"), file.path])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output == "2 valid\n")
    }

    /// Checks the schema itself, then each line; exits 3 when `jsonschema` is missing.
    static let validator = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("the JSON Schema validator is missing: run bash Scripts/test.sh, which installs the suite's tools")
            sys.exit(3)
        schema = json.load(open(sys.argv[1], encoding="utf-8"))
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        status, count = 0, 0
        for number, line in enumerate(open(sys.argv[2], encoding="utf-8"), 1):
            errors = list(validator.iter_errors(json.loads(line)))
            for error in errors:
                print(f"line {number}: /{'/'.join(str(part) for part in error.absolute_path)}: {error.message}")
                status = 1
            count += 0 if errors else 1
        print(f"{count} valid")
        sys.exit(status)
        """
}
