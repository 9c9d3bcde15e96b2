import BeckonCore
import BeckonRuntime
import BeckonRules
import Glibc
import Synchronization

/// What a `beckon_engine *` points at: an open runtime and the engine's clock. Shared by every
/// thread the host calls from; the runtime is immutable and the clock atomic.
final class EmbeddedEngine: Sendable {
    let runtime: Runtime
    /// The runtime's engine, kept apart: reading it through `runtime` would copy the whole
    /// runtime (configuration, rules, plugins) on every call.
    let engine: Engine
    /// The instant set with `beckon_set_clock`, or `Int64.min` for the wall clock.
    private let clock = Atomic<Int64>(Int64.min)
    /// The app version a host last sent and its parse: hosts send the same one call after call.
    private let lastVersion = Mutex<(text: String, version: Version)?>(nil)

    init(runtime: Runtime) {
        self.runtime = runtime
        self.engine = runtime.engine
    }

    func setClock(_ instant: Int64) {
        clock.store(instant, ordering: .relaxed)
    }

    /// The instant of a request: its own, else the engine's clock, else the wall clock.
    func instant(_ requested: Int64) -> Int64 {
        if requested != Int64.min { return requested }
        let fixed = clock.load(ordering: .relaxed)
        if fixed != Int64.min { return fixed }
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        return Int64(time.tv_sec) * 1000 + Int64(time.tv_nsec) / 1_000_000
    }

    /// The version `text` names, or nil when it is not a version.
    func version(_ text: String) -> Version? {
        if let last = lastVersion.withLock({ $0 }), last.text == text { return last.version }
        guard let version = Version(text) else { return nil }
        lastVersion.withLock { $0 = (text, version) }
        return version
    }

    /// The engine behind a handle the host passed (nil for NULL).
    static func from(_ handle: OpaquePointer?) -> EmbeddedEngine? {
        guard let handle else { return nil }
        return Unmanaged<EmbeddedEngine>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }
}
