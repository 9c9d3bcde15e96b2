import Foundation

/// Runs programs for the suites: standard output and standard error read at once (neither
/// pipe can fill up and stall the program), with the environment given on top of the suite's
/// own.
public enum ProcessRunner {
    /// Runs `program` (a path, or a name looked up on PATH) to its end in `directory`, with
    /// `environment` set and the variables in `unset` removed; its exit status, standard output
    /// and standard error.
    public static func run(_ program: String, _ arguments: [String], in directory: String? = nil,
                           environment: [String: String] = [:], unset: [String] = []) throws -> (status: Int32, output: String, error: String) {
        try start(program, arguments, in: directory, environment: environment, unset: unset).finish()
    }

    /// `run` for async callers: the program waited for on a thread of its own (`OwnThread`).
    public static func run(_ program: String, _ arguments: [String], in directory: String? = nil,
                           environment: [String: String] = [:], unset: [String] = []) async throws -> (status: Int32, output: String, error: String) {
        try await start(program, arguments, in: directory, environment: environment, unset: unset).finish()
    }

    /// `run`, with both streams in one pipe: what the program printed, in the order it wrote.
    public static func combined(_ program: String, _ arguments: [String], in directory: String? = nil) throws -> (status: Int32, output: String) {
        let (status, output, _) = try start(program, arguments, in: directory, mergingError: true).finish()
        return (status, output)
    }

    /// `combined` for async callers: the program waited for on a thread of its own (`OwnThread`).
    public static func combined(_ program: String, _ arguments: [String], in directory: String? = nil) async throws -> (status: Int32, output: String) {
        let (status, output, _) = try await start(program, arguments, in: directory, mergingError: true).finish()
        return (status, output)
    }

    /// Starts `program` and returns at once.
    public static func start(_ program: String, _ arguments: [String], in directory: String? = nil,
                             environment: [String: String] = [:], unset: [String] = [], mergingError: Bool = false) throws -> RunningProcess {
        let process = Process()
        // A bare name is looked up on PATH by env, as a shell would.
        process.executableURL = URL(fileURLWithPath: program.contains("/") ? program : "/usr/bin/env")
        process.arguments = program.contains("/") ? arguments : [program] + arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var merged = ProcessInfo.processInfo.environment
        for name in unset { merged.removeValue(forKey: name) }
        process.environment = merged.merging(environment) { _, new in new }
        return try RunningProcess(process, mergingError: mergingError)
    }
}

/// What a program run to its end printed, and its exit status: `ProcessRunner.run`'s answer as a
/// value for the suites' helpers to return.
public struct ProcessResult: Sendable {
    public var status: Int32
    public var standardOutput: String
    public var standardError: String

    public init(_ run: (status: Int32, output: String, error: String)) {
        (status, standardOutput, standardError) = run
    }
}
