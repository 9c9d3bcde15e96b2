import Foundation
import Testing

/// The built embedding library as a host sees it: `libbeckon.so` (the SwiftPM product
/// `libBeckonC.so`, whose SONAME is `libbeckon.so`) in a folder of its own, next to `beckon.h`.
enum EmbeddingLibrary {
    static var repositoryRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent()
    }

    /// The folder holding `beckon.h`.
    static var headerFolder: String { repositoryRoot.appendingPathComponent("Sources/CBeckon/include").path }

    /// A folder with `libbeckon.so` (a link to the built product), made once per test run.
    static let folder: Result<String, Failure> = {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var search = testBinary.deletingLastPathComponent()
        var built: String?
        while search.path != "/" {
            let candidate = search.appendingPathComponent("libBeckonC.so")
            if FileManager.default.fileExists(atPath: candidate.path) { built = candidate.path; break }
            search = search.deletingLastPathComponent()
        }
        guard let built else { return .failure(Failure(description: "libBeckonC.so was not built next to the tests")) }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-embedding-\(UUID().uuidString)")
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("libbeckon.so").path, withDestinationPath: built)
        } catch {
            return .failure(Failure(description: "cannot prepare \(folder.path): \(error)"))
        }
        return .success(folder.path)
    }()

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Compiles a C host program with plain `cc` against `beckon.h`, linked to `libbeckon.so`.
    static func compileHost(_ source: String, named name: String, extraFlags: [String] = []) throws -> String {
        let library = try folder.get()
        let output = (library as NSString).appendingPathComponent(name)
        let (status, log) = try run("cc", ["-std=c11", "-O2", "-Wall", "-Wextra", "-Werror", "-I", headerFolder, source,
                                          "-L", library, "-lbeckon", "-Wl,-rpath," + library, "-o", output] + extraFlags)
        try #require(status == 0, "cc failed:\n\(log)")
        return output
    }

    /// Runs a program; returns its exit status, standard output and standard error.
    static func run(_ program: String, _ arguments: [String], in directory: String? = nil,
                    environment: [String: String] = [:]) throws -> (Int32, String, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program.hasPrefix("/") ? program : "/usr/bin/env")
        process.arguments = program.hasPrefix("/") ? arguments : [program] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outputData, as: UTF8.self), String(decoding: errorData, as: UTF8.self))
    }

    /// Runs a program, returning stdout and stderr together as a single string.
    static func run(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
        let (status, output, error) = try run(program, arguments, in: nil, environment: [:])
        return (status, output + error)
    }
}
