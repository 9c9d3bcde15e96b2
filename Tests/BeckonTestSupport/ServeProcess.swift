public import Foundation
import Glibc
import Synchronization

/// A `beckon serve` process on an ephemeral loopback port, what it prints collected.
public final class ServeProcess: @unchecked Sendable {  // its state is immutable or behind a lock
    public let process: Process
    public let port: Int
    private let errorText = CollectedText()
    private let outputText = CollectedText()
    /// Left by each stream's reader when its pipe is read to its end.
    private let readers = DispatchGroup()

    /// Starts `beckon serve --config FOLDER/CONFIG --listen 127.0.0.1:0 ARGUMENTS` in `folder`
    /// (with the built `beckon` unless `executable` is given, and `environment` on top of the
    /// suite's own) and waits for the line that names its port.
    public init(_ folder: URL, config: String = "beckon.yaml", _ arguments: [String] = [], environment: [String: String] = [:],
                executable: URL? = nil) throws {
        let process = Process()
        process.executableURL = try executable ?? BuiltProducts.beckon
        process.arguments = Self.arguments(folder, config: config, arguments)
        process.currentDirectoryURL = folder
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { _, new in new }
        let error = Pipe(), output = Pipe()
        process.standardError = error
        process.standardOutput = output
        try process.run()
        self.process = process
        let (port, printed) = Self.port(from: error)
        guard let port else {
            process.terminate()
            throw DidNotListen(printed: printed)
        }
        self.port = port
        errorText.append(printed)
        // Keep reading, so that neither pipe ever fills up.
        Self.collect(error, into: errorText, in: readers)
        Self.collect(output, into: outputText, in: readers)
    }

    /// Reads `pipe` to its end on a thread of its own, into `text`, a member of `group` until then.
    private static func collect(_ pipe: Pipe, into text: CollectedText, in group: DispatchGroup) {
        let handle = pipe.fileHandleForReading
        group.enter()
        Thread.detachNewThread {
            while true {
                let data = handle.availableData
                if data.isEmpty { break }
                text.append(String(decoding: data, as: UTF8.self))
            }
            group.leave()
        }
    }

    /// `serve --config FOLDER/CONFIG --listen 127.0.0.1:0 ARGUMENTS`: `beckon serve` on an
    /// ephemeral loopback port.
    public static func arguments(_ folder: URL, config: String = "beckon.yaml", _ arguments: [String]) -> [String] {
        ["serve", "--config", folder.appendingPathComponent(config).path, "--listen", "127.0.0.1:0"] + arguments
    }

    /// The process ended before it listened; what it printed.
    public struct DidNotListen: Error {
        public var printed: String
    }

    /// Reads `pipe` (a server's standard error) up to the line `beckon: serving … on
    /// http://HOST:PORT`; the port (nil when the process ended first) and what was read.
    public static func port(from pipe: Pipe) -> (port: Int?, printed: String) {
        var printed = ""
        while true {
            let data = pipe.fileHandleForReading.availableData
            if data.isEmpty { return (nil, printed) }  // the process ended without listening
            printed += String(decoding: data, as: UTF8.self)
            if let port = port(in: printed) { return (port, printed) }
        }
    }

    /// The port named by the line `beckon: serving … on http://HOST:PORT` in `printed`, if any.
    public static func port(in printed: String) -> Int? {
        guard let line = printed.split(separator: "\n").first(where: { $0.hasPrefix("beckon: serving ") }),
              let colon = line.lastIndex(of: ":") else { return nil }
        return Int(line[line.index(after: colon)...])
    }

    /// What the process printed to standard error so far.
    public var standardError: String { errorText.text }

    /// What the process printed to standard output so far.
    public var standardOutput: String { outputText.text }

    /// Sends `signal` to the process.
    public func send(_ signal: Int32) {
        kill(process.processIdentifier, signal)
    }

    /// Waits for the process to end; returns its exit status (nil when a signal ended it), once
    /// all it printed is read. Callers take turns: the first reaps the process, the others (and
    /// `stop` on another thread meanwhile) wait for it and read the end it found.
    public func waitForExit() -> Int32? {
        let end = ended.withLock { ended in
            if ended == nil { ended = process.waitForEnd() }
            return ended!
        }
        readers.wait()
        guard case .exit(let status) = end else { return nil }
        return status
    }

    /// SIGTERM (unless it was waited for), then `waitForExit`. Until it is reaped, an ended
    /// process keeps its id, so the signal reaches no other.
    @discardableResult
    public func stop() -> Int32? {
        if !hasEnded { send(SIGTERM) }
        return waitForExit()
    }

    /// How the process ended, once `waitForExit` reaped it (`Process.waitForEnd`: after it,
    /// `process.isRunning` may never change).
    private let ended = Mutex<ProcessEnd?>(nil)

    private var hasEnded: Bool { ended.withLock { $0 != nil } }

    deinit {
        if !hasEnded { send(SIGTERM) }
    }
}

/// Text appended by one thread and read by others.
public final class CollectedText: Sendable {
    private let collected = Mutex("")

    public init() {}

    /// Adds `text` at the end.
    public func append(_ text: String) {
        collected.withLock { $0 += text }
    }

    /// All appended so far.
    public var text: String { collected.withLock { $0 } }
}
