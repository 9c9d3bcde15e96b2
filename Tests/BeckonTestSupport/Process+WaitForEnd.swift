public import Foundation
import Glibc

/// How a program ended.
public enum ProcessEnd: Equatable, Sendable {
    /// It exited with this status.
    case exit(Int32)
    /// This signal ended it.
    case signal(Int32)
}

extension Process {
    /// Waits for the program (started, and not waited for before) to end, and reaps it: how it
    /// ended.
    ///
    /// Not `waitUntilExit`: Foundation reaps a child when a socket only that child holds closes,
    /// and once in CI it was never told (three `psql` children stayed zombies, and the wait for
    /// them never returned). The child is reaped here with `waitpid`; when Foundation reaped it
    /// first, its reading is taken. After this, `isRunning` and `terminationStatus` may never
    /// change: read the answer.
    public func waitForEnd() -> ProcessEnd {
        var status: Int32 = 0
        var reaped: pid_t
        repeat {
            reaped = waitpid(processIdentifier, &status, 0)
        } while reaped == -1 && errno == EINTR
        guard reaped == processIdentifier else {
            // Reaped by Foundation: its reading is set, or about to be.
            waitUntilExit()
            return terminationReason == .exit ? .exit(terminationStatus) : .signal(terminationStatus)
        }
        let signal = status & 0x7f
        return signal == 0 ? .exit((status >> 8) & 0xff) : .signal(signal)
    }
}
