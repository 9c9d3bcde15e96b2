import Foundation
import Synchronization

/// Builds C plugins the way a third party does: plain `cc` against the plugin header alone.
enum CPluginBuilder {
    /// The one build line the README gives plugin authors (without `-I`, `-o` and sources).
    static let flags = ["-std=c11", "-shared", "-fPIC", "-fvisibility=hidden", "-Wl,--no-undefined", "-Wall", "-Wextra", "-Werror"]

    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The folder holding `beckon_plugin.h`.
    static var headerFolder: URL { repositoryRoot.appendingPathComponent("Sources/CBeckonPlugin/include") }

    /// This test process's build folder (fresh per run).
    static let outputFolder: URL = {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-plugins-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }()

    private static let built = Mutex<[String: String]>([:])

    struct BuildFailure: Error, CustomStringConvertible {
        var description: String
    }

    /// Compiles `sources` (paths relative to the repository root, or absolute) into
    /// `lib<name>.so` once per test run and returns its path; `defines` become `-D` flags, and
    /// `header` is the folder of the `beckon_plugin.h` to build against (this repository's).
    static func build(_ name: String, sources: [String], defines: [String] = [], header: URL = headerFolder) throws -> String {
        if let path = built.withLock({ $0[name] }) { return path }
        let output = outputFolder.appendingPathComponent("lib\(name).so").path
        let temporary = output + ".\(UUID().uuidString).tmp"
        let sourcePaths = sources.map { $0.hasPrefix("/") ? $0 : repositoryRoot.appendingPathComponent($0).path }
        let arguments = flags + defines.map { "-D" + $0 } + ["-I", header.path, "-o", temporary] + sourcePaths
        let (status, output_) = try run("cc", arguments)
        guard status == 0 else { throw BuildFailure(description: "cc \(arguments.joined(separator: " ")) failed:\n\(output_)") }
        // Renamed into place so that a concurrent test never loads a half-written file.
        guard rename(temporary, output) == 0 else { throw BuildFailure(description: "cannot move \(temporary) to \(output)") }
        built.withLock { $0[name] = output }
        return output
    }

    /// Runs a program found on PATH; returns its exit status and its combined output.
    static func run(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [program] + arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
