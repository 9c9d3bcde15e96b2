import BeckonRuntime
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// Progress of a long data operation on standard error: a bar (or a count, when the total is
/// unknown) redrawn in place on a terminal, plain lines at most every 5 s otherwise, nothing
/// with `--quiet`.
final class ProgressDisplay {
    private let quiet: Bool
    private let terminal = isatty(2) != 0
    /// A run shorter than one interval shows nothing.
    private var lastShown = ProgressDisplay.monotonicMilliseconds()
    private var drawn = false
    /// Plain lines are for logs: one every few seconds says the run is alive without flooding them.
    private static let lineInterval: Int64 = 5_000
    private static let redrawInterval: Int64 = 100

    init(quiet: Bool) { self.quiet = quiet }

    /// Shows `progress` if it is time to.
    func report(_ progress: SubjectData.Progress) {
        guard !quiet else { return }
        let now = Self.monotonicMilliseconds()
        guard now - lastShown >= (terminal ? Self.redrawInterval : Self.lineInterval) else { return }
        lastShown = now
        if terminal {
            Output.standardError("\r\u{1B}[K" + Self.text(progress, bar: true))
            drawn = true
        } else {
            Output.standardError(Self.text(progress, bar: false) + "\n")
        }
    }

    /// Ends the bar's line, if one was drawn.
    func finish() {
        if drawn { Output.standardError("\r\u{1B}[K") }
        drawn = false
    }

    static func text(_ progress: SubjectData.Progress, bar: Bool) -> String {
        guard let total = progress.total, total > 0 else { return "\(progress.phase) \(progress.done) subjects" }
        let done = min(progress.done, total)
        guard bar else { return "\(progress.phase) \(done)/\(total) (\(done * 100 / total)%)" }
        let width = 30, filled = done * width / total
        return "[" + String(repeating: "#", count: filled) + String(repeating: " ", count: width - filled) + "] \(done)/\(total) \(progress.phase)"
    }

    private static func monotonicMilliseconds() -> Int64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
