import Foundation

/// The Python tools the suite drives (schemathesis, jsonschema and PyYAML, the OpenFeature SDK,
/// Playwright), pinned in `Scripts/test-tools.txt` and installed by the test command
/// (`bash Scripts/test.sh`) in a virtual environment under `.build/test-tools/`.
public enum TestTools {
    /// The environment's folder, relative to the repository.
    static let folder = ".build/test-tools"

    /// The environment's interpreter, which has every pinned tool and Python's standard library.
    public static var python: String { executable("python") }

    /// An executable the environment installed (`schemathesis`).
    public static func executable(_ name: String) -> String { Repository.path("\(folder)/bin/\(name)") }

    /// What a test that lacks `tool` says.
    public static func missing(_ tool: String) -> String {
        "\(tool) is missing from \(folder)/: run bash Scripts/test.sh, which installs the suite's tools (Scripts/test-tools.txt)"
    }

    /// Whether the environment's python imports `module`.
    public static func has(module: String) -> Bool {
        (try? ProcessRunner.run(python, ["-c", "import \(module)"]))?.status == 0
    }
}
