import Foundation

/// A started program whose output and error are collected as they come, each by a thread of
/// its own, so that a large output on one stream cannot block the program on the other.
public final class RunningProcess: @unchecked Sendable {
    // @unchecked: `collected` is only touched under `lock`; the rest is set in `init`.
    private let process: Process
    private let output = Pipe()
    private let error = Pipe()
    private var collected = (output: Data(), error: Data())
    private let readers = DispatchGroup()
    private let lock = NSLock()

    /// Runs `process`; with `mergingError`, its standard error goes to the output pipe, in the
    /// order the program wrote (the error then reads empty).
    init(_ process: Process, mergingError: Bool = false) throws {
        self.process = process
        process.standardOutput = output
        process.standardError = mergingError ? output : error
        try process.run()
        // An unused error pipe gets no reader: its write end stays open here, it would never end.
        for (pipe, isOutput) in mergingError ? [(output, true)] : [(output, true), (error, false)] {
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

    /// The program's process id.
    public var processIdentifier: Int32 { process.processIdentifier }

    /// Waits for the program to end; its exit status (a signal's number when a signal ended it,
    /// as `Process.terminationStatus` has it), output and error. Called once.
    public func finish() -> (status: Int32, output: String, error: String) {
        let status = switch process.waitForEnd() {
        case .exit(let status), .signal(let status): status
        }
        readers.wait()
        lock.lock()
        defer { lock.unlock() }
        return (status, String(decoding: collected.output, as: UTF8.self), String(decoding: collected.error, as: UTF8.self))
    }

    /// `finish()` for async callers, waited for on a thread of its own (`OwnThread`).
    public func finish() async -> (status: Int32, output: String, error: String) {
        await OwnThread.run { self.finish() }
    }
}
