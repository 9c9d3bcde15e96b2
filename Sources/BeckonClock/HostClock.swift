import Glibc
import Synchronization

/// The host's clock: the instant the host decides at when it was given one (`--now`), else the
/// wall clock. Plugins read it through `beckon_host.now`; stores record a subject's last commit by it.
public enum HostClock {
    private static let fixed = Atomic<Int64>(Int64.min)

    /// Makes `now` answer `instant` (Unix ms); nil returns it to the wall clock.
    public static func set(_ instant: Int64?) {
        fixed.store(instant ?? Int64.min, ordering: .relaxed)
    }

    /// The host's current instant (Unix ms).
    public static func now() -> Int64 {
        let instant = fixed.load(ordering: .relaxed)
        if instant != Int64.min { return instant }
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }
}
