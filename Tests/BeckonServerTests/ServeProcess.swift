import Foundation

/// One `beckon serve` process (the executable built next to the tests) on a loopback port the
/// system chooses, its standard error written to a file (a pipe left unread would fill and stop
/// the server); stopped with SIGTERM by `stop()`.
final class ServeProcess: @unchecked Sendable {
    // @unchecked: `process` is only started in `init` and stopped in `stop`/`deinit`.
    let process: Process
    /// The port it listens on.
    let port: Int
    /// Where its standard error goes.
    let errorFile: URL

    struct DidNotListen: Error, CustomStringConvertible {
        var description: String
    }

    /// Starts `beckon serve --config CONFIG --listen 127.0.0.1:0` in `folder` (where a relative
    /// store path lies) with `environment` added, and waits until it says which port it bound.
    init(config: String, in folder: URL, environment: [String: String] = [:], executable: URL) throws {
        errorFile = folder.appendingPathComponent("serve-\(UUID().uuidString.prefix(8)).log")
        FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        let errorHandle = try FileHandle(forWritingTo: errorFile)
        process = Process()
        process.executableURL = executable
        process.arguments = ["serve", "--config", config, "--listen", "127.0.0.1:0"]
        process.currentDirectoryURL = folder
        var inherited = ProcessInfo.processInfo.environment
        inherited.removeValue(forKey: "BECKON_CONFIG")
        process.environment = inherited.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = errorHandle
        try process.run()
        try? errorHandle.close()
        var found: Int?
        let deadline = Date().addingTimeInterval(120)
        while found == nil {
            let printed = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
            if let line = printed.split(separator: "\n").first(where: { $0.hasPrefix("beckon: serving ") }),
               let colon = line.lastIndex(of: ":") {
                found = Int(line[line.index(after: colon)...])
            } else if !process.isRunning || Date() > deadline {
                if process.isRunning { process.terminate() }
                throw DidNotListen(description: "beckon serve did not listen: \(printed)")
            } else {
                usleep(20_000)
            }
        }
        port = found!
    }

    /// What it wrote to standard error so far.
    var standardError: String {
        (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
    }

    /// SIGTERM, then waits for it to exit; its exit status.
    @discardableResult
    func stop() -> Int32 {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
        return process.terminationStatus
    }

    deinit {
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }
}
