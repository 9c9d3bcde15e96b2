import Foundation

/// Runs programs for the suite: output and error read at once (neither pipe can fill up and
/// stall the program), with the environment given on top of the suite's own.
enum ProcessRunner {
    /// Runs `program` to its end; its exit status, standard output and standard error.
    static func run(_ program: String, _ arguments: [String], in directory: String? = nil,
                    environment: [String: String] = [:]) throws -> (status: Int32, output: String, error: String) {
        let process = try start(program, arguments, in: directory, environment: environment)
        return process.finish()
    }

    /// Runs `program` to its end with its output and error discarded, through posix_spawn and
    /// waitpid: for `pg_ctl start`, which leaves a daemon behind, and whose end `Process` was
    /// seen to miss (the child left a zombie, the wait never returned).
    static func runDetached(_ program: String, _ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([program] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, program, &actions, nil, argv, environ)
        guard spawned == 0 else { throw PostgresServer.Failure(description: "cannot start \(program): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw PostgresServer.Failure(description: "waitpid: \(String(cString: strerror(errno)))") }
        }
        // WIFEXITED / WEXITSTATUS, which Swift does not import.
        return status & 0x7F == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
    }

    /// Starts `program` and returns at once.
    static func start(_ program: String, _ arguments: [String], in directory: String? = nil,
                      environment: [String: String] = [:]) throws -> RunningProcess {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        return try RunningProcess(process)
    }
}

/// A started program whose output and error are collected as they come.
final class RunningProcess: @unchecked Sendable {
    private let process: Process
    private let output = Pipe()
    private let error = Pipe()
    private var collected = (output: Data(), error: Data())
    private let readers = DispatchGroup()
    private let lock = NSLock()

    init(_ process: Process) throws {
        self.process = process
        process.standardOutput = output
        process.standardError = error
        try process.run()
        for (pipe, isOutput) in [(output, true), (error, false)] {
            readers.enter()
            Thread.detachNewThread { [self] in
                let data = pipe.fileHandleForReading.readDataToEndOfFile()
                lock.lock()
                if isOutput { collected.output = data } else { collected.error = data }
                lock.unlock()
                readers.leave()
            }
        }
    }

    /// Waits for the program to end; its exit status, output and error.
    func finish() -> (status: Int32, output: String, error: String) {
        process.waitUntilExit()
        readers.wait()
        lock.lock()
        defer { lock.unlock() }
        return (process.terminationStatus, String(decoding: collected.output, as: UTF8.self), String(decoding: collected.error, as: UTF8.self))
    }
}
