import BeckonTestSupport
import Foundation

/// Runs the built `beckon` binary and captures what it prints and its exit code.
struct BeckonProcess {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String
    }

    /// The `beckon` executable next to the test bundle.
    static var executable: URL {
        guard let path = BuiltProducts.locate("beckon") else { fatalError("the beckon executable was not built next to the tests") }
        return URL(fileURLWithPath: path)
    }

    /// The repository root (for `Config/`).
    static var repositoryRoot: URL { Repository.root }

    /// The example configuration's plugin, built once per test run with the script the demo uses
    /// (plain `cc` against the plugin header), into `Config/plugins/`.
    static let examplePlugin: Void = {
        _ = try? CPlugin.buildCalendar(into: Repository.path("Config/plugins/libbeckon-calendar.so"))
    }()

    /// Runs `beckon ARGUMENTS` in `directory` with extra environment variables; with `python`,
    /// runs that Python script there instead with the suite's interpreter (`TestTools.python`: the
    /// standard library and the pinned tools), e.g. to read a store file.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], python: String? = nil) throws -> Result {
        _ = examplePlugin
        let (program, programArguments) = python.map { (TestTools.python, ["-c", $0] + arguments) } ?? (executable.path, arguments)
        let (status, output, error) = try ProcessRunner.run(program, programArguments, in: (directory ?? repositoryRoot).path,
                                                            environment: environment, unset: ["BECKON_CONFIG"])
        return Result(status: status, standardOutput: output, standardError: error)
    }

    /// A new empty temporary folder.
    static func temporaryFolder() throws -> URL {
        let folder = try TestRunFolder.newFolder("tests")
        return folder
    }

    /// A new temporary folder whose `beckon.yaml` holds `configuration`.
    static func folder(configuration: String) throws -> URL {
        let folder = try temporaryFolder()
        try configuration.write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        return folder
    }
}
