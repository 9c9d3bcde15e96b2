import BeckonTestSupport
import Foundation

/// Runs the built `beckon` binary in the suite's folders (`BeckonCLI`), with the example's
/// plugin built.
enum BeckonProcess {
    /// The example configuration's plugin, built once per test run with the script the demo uses
    /// (plain `cc` against the plugin header), into `Config/plugins/`.
    static let examplePlugin: Void = {
        _ = try? CPlugin.buildCalendar(into: Repository.path("Config/plugins/libbeckon-calendar.so"))
    }()

    /// Runs `beckon ARGUMENTS` in `directory` with extra environment variables; with `python`,
    /// runs that Python script there instead with the suite's interpreter (`TestTools.python`: the
    /// standard library and the pinned tools), e.g. to read a store file.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], python: String? = nil) throws -> ProcessResult {
        _ = examplePlugin
        let directory = directory ?? Repository.root
        guard let python else { return try BeckonCLI.run(arguments, in: directory, environment: environment) }
        return try BeckonCLI.run(program: TestTools.python, ["-c", python] + arguments, in: directory, environment: environment)
    }

    /// A new empty temporary folder.
    static func temporaryFolder() throws -> URL {
        try TestRunFolder.newFolder("tests")
    }

    /// A new temporary folder whose `beckon.yaml` holds `configuration`.
    static func folder(configuration: String) throws -> URL {
        let folder = try temporaryFolder()
        try configuration.write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        return folder
    }
}
