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
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var folder = testBinary.deletingLastPathComponent()
        while folder.path != "/" {
            let candidate = folder.appendingPathComponent("beckon")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            folder = folder.deletingLastPathComponent()
        }
        fatalError("the beckon executable was not built next to the tests")
    }

    /// The repository root (for `Config/`).
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The example configuration's plugin, built once per test run with the script the demo uses
    /// (plain `cc` against the plugin header), into `Config/plugins/`.
    static let examplePlugin: Void = {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", repositoryRoot.appendingPathComponent("Plugins/calendar/build.sh").path]
        try? process.run()
        process.waitUntilExit()
    }()

    /// Runs `beckon ARGUMENTS` in `directory` with extra environment variables; with `python`,
    /// runs that Python script (standard library only) there instead, e.g. to read a store file.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:], python: String? = nil) throws -> Result {
        _ = examplePlugin
        let process = Process()
        if let python {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["python3", "-c", python] + arguments
        } else {
            process.executableURL = executable
            process.arguments = arguments
        }
        process.currentDirectoryURL = directory ?? repositoryRoot
        var env = ProcessInfo.processInfo.environment
        env.removeValue(forKey: "BECKON_CONFIG")
        env.merge(environment) { _, new in new }
        process.environment = env
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes before waiting so a large output cannot block the child.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outputData, as: UTF8.self),
                      standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// A new empty temporary folder.
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-tests-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }
}
