import Foundation
import Glibc
import Synchronization

/// A `beckon serve` process on an ephemeral loopback port, its standard error collected.
final class ServeProcess: @unchecked Sendable {  // its state is immutable or behind a lock
    let process: Process
    let port: Int
    private let errorText = CollectedText()
    private let errorDone = DispatchSemaphore(value: 0)

    /// Starts `beckon serve --config FOLDER/beckon.yaml --listen 127.0.0.1:0 ARGUMENTS` in
    /// `folder` and waits for the line that names its port.
    init(_ folder: URL, _ arguments: [String] = []) throws {
        let process = Process()
        process.executableURL = try ServedBeckon.executable()
        process.arguments = ["serve", "--config", folder.appendingPathComponent("beckon.yaml").path, "--listen", "127.0.0.1:0"] + arguments
        process.currentDirectoryURL = folder
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        self.process = process
        var printed = ""
        var port: Int?
        while port == nil {
            let data = error.fileHandleForReading.availableData
            if data.isEmpty { break }  // the process ended without listening
            printed += String(decoding: data, as: UTF8.self)
            if let line = printed.split(separator: "\n").first(where: { $0.hasPrefix("beckon: serving ") }),
               let colon = line.lastIndex(of: ":") {
                port = Int(line[line.index(after: colon)...])
            }
        }
        guard let port else {
            process.terminate()
            throw DidNotListen(printed: printed)
        }
        self.port = port
        errorText.append(printed)
        // Keep reading, so that the log never fills the pipe.
        let handle = error.fileHandleForReading
        Thread.detachNewThread { [errorText, errorDone] in
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                errorText.append(String(decoding: data, as: UTF8.self))
            }
            errorDone.signal()
        }
    }

    struct DidNotListen: Error {
        var printed: String
    }

    var client: ServedBeckon.Client { ServedBeckon.Client(port: port) }

    /// What the process printed to standard error so far.
    var standardError: String { errorText.text }

    /// Sends `signal` to the process.
    func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end; returns its exit status (nil when a signal ended it), once
    /// all it printed is read.
    func waitForExit() -> Int32? {
        process.waitUntilExit()
        errorDone.wait()
        errorDone.signal()  // for the next caller
        return process.terminationReason == .exit ? process.terminationStatus : nil
    }

    /// SIGTERM (unless it ended already), then `waitForExit`.
    @discardableResult
    func stop() -> Int32? {
        if process.isRunning { send(SIGTERM) }
        return waitForExit()
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

/// Text appended by one thread and read by others.
final class CollectedText: Sendable {
    private let collected = Mutex("")

    func append(_ text: String) {
        collected.withLock { $0 += text }
    }

    var text: String { collected.withLock { $0 } }
}
