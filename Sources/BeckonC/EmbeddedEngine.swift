internal import CBeckon
import BeckonCore
import BeckonRuntime
import BeckonRules
import Glibc
import Synchronization

/// What a `beckon_engine *` points at: an open runtime, reloadable, and the engine's clock.
/// Shared by every thread the host calls from; each call reads the runtime serving it once
/// (`runtimes.current`), and the clock is atomic.
final class EmbeddedEngine: Sendable {
    let runtimes: ReloadableRuntime
    /// The instant set with `beckon_set_clock`, or `Int64.min` for the wall clock.
    private let clock = Atomic<Int64>(Int64.min)
    /// The app version a host last sent and its parse: hosts send the same one call after call.
    private let lastVersion = Mutex<(text: String, version: Version)?>(nil)
    /// The first versions hosts sent, found by their bytes without a lock (the common case).
    private let knownVersions = KnownTexts<Version>()
    /// The first locales hosts sent (`request.locale`) and their language ranges, found by their bytes.
    private let knownLocales = KnownTexts<[String]>()
    /// The handles of the typed path (`beckon_resolve_tip`, `_group`, `_scenario`, `_parameter`).
    let tipHandles = HandleTable(cachedSlots: 4096)
    let groupHandles = HandleTable()
    let scenarioHandles = HandleTable()
    let parameterHandles = HandleTable(cachedSlots: 256)

    /// With `keepingStore`, the store was not opened from the configuration (BECKON_STORE_MEMORY)
    /// and reloads keep it.
    init(runtime: Runtime, keepingStore: Bool) {
        runtimes = ReloadableRuntime(runtime, keepingStore: keepingStore)
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

    /// The app version a request's `app_version` names (nil when it is empty), found by its
    /// bytes as `version(utf8:)` finds it; a failure naming the problem when it is not UTF-8 or
    /// not a version.
    func version(_ view: beckon_string) throws(CallFailure) -> Version? {
        guard view.len > 0 else { return nil }
        if let pointer = view.ptr, let version = version(utf8: UnsafeRawBufferPointer(start: pointer, count: view.len)) { return version }
        guard let text = CBridge.string(view) else { throw CallFailure(BECKON_INVALID_ARGUMENT, "request.app_version is not UTF-8") }
        throw CallFailure(BECKON_INVALID_ARGUMENT, "request.app_version: \(Version.problem(with: text))")
    }

    /// The version `text` names, or nil when it is not a version.
    private func version(_ text: String) -> Version? {
        if let last = lastVersion.withLock({ $0 }), last.text == text { return last.version }
        guard let version = Version(text) else { return nil }
        lastVersion.withLock { $0 = (text, version) }
        return version
    }

    /// The version the UTF-8 `bytes` name, as `version(_:)` gives it; the bytes are compared with
    /// the first versions sent, then the last one, before any `String` is made (hosts send the
    /// same one call after call).
    func version(utf8 bytes: UnsafeRawBufferPointer) -> Version? {
        if let known = knownVersions.value(utf8: bytes) { return known }
        let known = lastVersion.withLock { last -> Version? in
            guard let last, Self.same(last.text, bytes) else { return nil }
            return last.version
        }
        if let known {
            knownVersions.add(utf8: bytes, known)
            return known
        }
        guard let text = String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self), let version = version(text) else { return nil }
        knownVersions.add(utf8: bytes, version)
        return version
    }

    /// The language ranges of a request's `locale` (empty for an empty one), read as every host
    /// reads one; the first locales sent are found by their bytes, without a `String` (hosts send
    /// the same one call after call). Not UTF-8, or no language range: the failure to report.
    func locales(_ view: beckon_string) throws(CallFailure) -> [String] {
        guard view.len > 0 else { return [] }
        guard let pointer = view.ptr else { throw CallFailure(BECKON_INVALID_ARGUMENT, "request.locale is not UTF-8") }
        let bytes = UnsafeRawBufferPointer(start: pointer, count: view.len)
        if let known = knownLocales.value(utf8: bytes) { return known }
        guard let text = String(validating: bytes.bindMemory(to: UInt8.self), as: UTF8.self) else {
            throw CallFailure(BECKON_INVALID_ARGUMENT, "request.locale is not UTF-8")
        }
        guard let ranges = LocaleLookup.requestRanges(text) else {
            throw CallFailure(BECKON_INVALID_ARGUMENT, "request.locale: \(LocaleLookup.problem(with: text))")
        }
        knownLocales.add(utf8: bytes, ranges)
        return ranges
    }

    /// Whether `text`'s UTF-8 is `bytes`, compared with `memcmp` (a byte-by-byte comparison of
    /// the views cost ~300 instructions per call).
    private static func same(_ text: String, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let utf8 = text.utf8
        guard utf8.count == bytes.count else { return false }
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return true }
        return utf8.withContiguousStorageIfAvailable { stored in memcmp(stored.baseAddress!, base, bytes.count) == 0 }
            ?? utf8.elementsEqual(bytes)
    }

    /// Runs `body` on the engine behind a handle the host passed (nil for NULL), borrowed: the
    /// host keeps it open while it calls, so it is not retained.
    // `_withUnsafeGuaranteedRef` is an underscored (unstable) standard-library API: it lends the
    // object without the retain and release `takeUnretainedValue()` costs. With the engine's and
    // slot index's, those retains were ~0.1 k of the typed call's 2,647 -> 1,799 instructions
    // (Docs/benchmarks.md).
    @inline(__always)
    static func borrowing<T>(_ handle: OpaquePointer?, _ body: (EmbeddedEngine?) -> T) -> T {
        guard let handle else { return body(nil) }
        return Unmanaged<EmbeddedEngine>.fromOpaque(UnsafeRawPointer(handle))._withUnsafeGuaranteedRef { body($0) }
    }

    /// The engine behind a handle the host passed (nil for NULL).
    static func from(_ handle: OpaquePointer?) -> EmbeddedEngine? {
        guard let handle else { return nil }
        return Unmanaged<EmbeddedEngine>.fromOpaque(UnsafeRawPointer(handle)).takeUnretainedValue()
    }
}
