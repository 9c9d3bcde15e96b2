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
    /// first, its reading is taken. Then Foundation is let finish (`letFoundationFinish`). Read
    /// the answer, not `terminationStatus`.
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
        letFoundationFinish()
        let signal = status & 0x7f
        return signal == 0 ? .exit((status >> 8) & 0xff) : .signal(signal)
    }

    /// Waits (up to `patience`) for Foundation to notice the end of a child reaped here, then
    /// lets `waitUntilExit` drop the run-loop source that holds the process. Foundation's source
    /// and the process hold each other until `waitUntilExit` lets go: a process never waited for
    /// stays, and the pipes it was given stay open with it (after the CLI suites, 812 pipes where
    /// there were 6). When Foundation is never told (a descendant still holds the socket), the
    /// process is left rather than waited for.
    private func letFoundationFinish(patience: Duration = .seconds(5)) {
        let deadline = ContinuousClock.now + patience
        while isRunning, ContinuousClock.now < deadline { usleep(1_000) }
        if !isRunning { waitUntilExit() }
    }
}
