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

/// A TCP connection to 127.0.0.1 written and read byte by byte, for requests sent in parts.
final class RawConnection {
    private let socket: Int32

    /// Connects to `port`, or returns nil when the connection is refused.
    init?(port: Int) {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else {
            close(socket)
            return nil
        }
        self.socket = socket
    }

    func write(_ text: String) {
        let bytes = Array(text.utf8)
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard count > 0 else { return }
            sent += count
        }
    }

    /// Everything the peer sends until it closes the connection.
    func readToEnd() -> String {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            bytes += buffer[..<count]
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    deinit {
        close(socket)
    }
}
