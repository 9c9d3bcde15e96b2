import Dispatch
import Glibc
import Synchronization

/// A file descriptor (standard error by default) written through a buffer: lines are kept until
/// `flushInterval` passes, 64 KiB are pending, or a line must go at once (`write(_:now:)`), then
/// written in one `write`. Lines keep their order. `flush()` writes what is pending (a server
/// calls it when it stops, so no line is lost on a graceful exit).
public final class LogOutput: Sendable {
    /// Standard error, flushed every 100 ms.
    public static let standardError = LogOutput(fileDescriptor: 2)

    private struct State {
        var pending: [UInt8] = []
        /// The second `stamp` was formatted for, and the formatted time.
        var second = -1
        var stamp = ""
    }

    private let fileDescriptor: Int32
    private let flushInterval: Duration
    private let state = Mutex(State())
    /// Pending bytes past which a line is written at once.
    private static let bufferLimit = 64 * 1024

    /// An output to `fileDescriptor`, flushed every `flushInterval`.
    public init(fileDescriptor: Int32, flushInterval: Duration = .milliseconds(100)) {
        self.fileDescriptor = fileDescriptor
        self.flushInterval = flushInterval
        scheduleFlush()
    }

    /// Adds `line`; writes what is pending when `now` or when the buffer is full.
    public func write(_ line: String, now: Bool = false) {
        write(utf8: line.utf8, now: now)
    }

    /// Writes a line given as its UTF-8, as `write(_:now:)` does.
    func write(utf8 line: some Collection<UInt8>, now: Bool = false) {
        state.withLock { state in
            state.pending.append(contentsOf: line)
            if now || state.pending.count >= Self.bufferLimit { writePending(&state) }
        }
    }

    /// Writes what is pending.
    public func flush() {
        state.withLock { writePending(&$0) }
    }

    /// The local time of this second as `StreamLogHandler` writes it (`2026-03-01T09:00:00+0000`),
    /// formatted once a second.
    public func timestamp() -> String {
        var now = time(nil)
        return state.withLock { state in
            if state.second != now {
                var local = tm()
                var buffer = [CChar](repeating: 0, count: 64)
                if localtime_r(&now, &local) != nil, strftime(&buffer, buffer.count, "%Y-%m-%dT%H:%M:%S%z", &local) > 0 {
                    state.stamp = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                } else {
                    state.stamp = "<unknown>"
                }
                state.second = now
            }
            return state.stamp
        }
    }

    private func writePending(_ state: inout State) {
        var written = 0
        state.pending.withUnsafeBytes { bytes in
            while written < bytes.count {
                let count = Glibc.write(fileDescriptor, bytes.baseAddress! + written, bytes.count - written)
                if count > 0 {
                    written += count
                } else if count < 0, errno == EINTR {
                    continue
                } else {
                    break  // nowhere to write: the lines are dropped rather than kept forever
                }
            }
        }
        state.pending.removeAll(keepingCapacity: true)
    }

    private func scheduleFlush() {
        let (seconds, attoseconds) = flushInterval.components
        let nanoseconds = Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)
        DispatchQueue.global().asyncAfter(deadline: .now() + .nanoseconds(nanoseconds)) { [weak self] in
            guard let self else { return }
            self.flush()
            self.scheduleFlush()
        }
    }
}
