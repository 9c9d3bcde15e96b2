import BeckonTestSupport
import Foundation
import Testing

/// Validates YAML files against `Config/beckon.schema.json` with the PyPI `jsonschema` package
/// (and `PyYAML` to read them), two of the suite's tools (`TestTools`).
enum SchemaValidator {
    /// What one run found: its exit status (0 valid, 1 invalid, 3 validator missing) and output.
    struct Outcome {
        var status: Int32
        var output: String
        /// The files found valid (absolute, symlinks resolved).
        var validFiles: Set<String> {
            Set(output.split(separator: "\n").compactMap { $0.hasPrefix("valid: ") ? String($0.dropFirst(7)) : nil })
        }
    }

    /// Validates `files` against the committed schema; with `followIncludes`, also every file they
    /// include (`include:`), relative to the including file, as the loader reads them.
    /// Records a failure (never a skip) when the validator is not installed.
    static func validate(_ files: [URL], followIncludes: Bool = false) throws -> Outcome {
        let schema = Repository.url("Config/beckon.schema.json")
        let arguments = [followIncludes ? "follow" : "only", schema.path] + files.map(\.path)
        let result = try BeckonProcess.run(arguments, python: script)
        let outcome = Outcome(status: result.status, output: result.standardOutput + result.standardError)
        if outcome.status == 3 {
            Issue.record(Comment(rawValue: TestTools.missing("jsonschema or PyYAML") + "\n" + outcome.output))
        }
        return outcome
    }

    /// The validator: Draft 2020-12 with `jsonschema`; YAML read by `PyYAML`'s safe loader, with
    /// dates kept as text (JSON has no date type, and the YAML language server reads them so).
    static let script = """
        import json, os, sys
        try:
            import jsonschema, yaml
        except ImportError as error:
            print(f"missing Python package {error.name}")
            sys.exit(3)

        class Loader(yaml.SafeLoader):
            pass

        Loader.yaml_implicit_resolvers = {
            first: [(tag, pattern) for tag, pattern in resolvers if tag != "tag:yaml.org,2002:timestamp"]
            for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
        }

        mode, schema_path, files = sys.argv[1], sys.argv[2], sys.argv[3:]
        with open(schema_path, encoding="utf-8") as handle:
            schema = json.load(handle)
        jsonschema.Draft202012Validator.check_schema(schema)
        validator = jsonschema.Draft202012Validator(schema)
        status, seen, queue = 0, set(), [os.path.realpath(path) for path in files]
        while queue:
            path = queue.pop(0)
            if path in seen:
                continue
            seen.add(path)
            with open(path, encoding="utf-8") as handle:
                instance = yaml.load(handle, Loader=Loader)
            errors = sorted(validator.iter_errors(instance), key=lambda error: [str(part) for part in error.absolute_path])
            for error in errors:
                pointer = "/" + "/".join(str(part) for part in error.absolute_path)
                print(f"invalid: {path}: {pointer}: {error.message}")
            if errors:
                status = 1
            else:
                print(f"valid: {path}")
            if mode == "follow" and isinstance(instance, dict):
                included = instance.get("include") or []
                for name in [included] if isinstance(included, str) else included:
                    queue.append(os.path.realpath(os.path.join(os.path.dirname(path), name)))
        sys.exit(status)
        """
}
