/// Checks a JSON Lines file of subjects' data (what `beckon data export` writes) against the
/// committed JSON Schema of a line, `Docs/subject-data.schema.json`, with the suite's
/// `jsonschema` (`TestTools`): the schema itself, then each line.
public enum SubjectDataValidator {
    /// The check's exit status (0 every line valid, 1 a line is not, 3 `jsonschema` missing) and
    /// output: a line `line N: /POINTER: MESSAGE` per error, then `N valid`.
    public static func validate(file: String) throws -> (status: Int32, output: String, error: String) {
        try ProcessRunner.run(TestTools.python, ["-c", script, Repository.path("Docs/subject-data.schema.json"), file])
    }

    static let script = """
        import json, sys
        try:
            import jsonschema
        except ImportError:
            print("\(TestTools.missing("jsonschema"))")
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
