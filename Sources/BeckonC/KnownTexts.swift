import Glibc
import Synchronization

/// Texts a host sent and what each was read as (app versions, locales), each read once and then
/// found by its bytes with no lock: the first `capacity` distinct texts of up to `textCapacity`
/// bytes, each written once and never changed while the engine lives (hosts send one version and
/// one locale call after call; a host that sends more is served by `EmbeddedEngine`'s
/// last-version cache and by reading the text again).
final class KnownTexts<Value: Sendable>: @unchecked Sendable {
    // Unchecked: entry `i` is written once, under `adding`, before `count` is raised past it with a
    // releasing store; readers read only the entries below a `count` they loaded acquiring.
    static var capacity: Int { 8 }
    static var textCapacity: Int { 32 }

    private let texts = UnsafeMutableRawPointer.allocate(byteCount: capacity * textCapacity, alignment: 8)
    private let lengths = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
    private let values = UnsafeMutablePointer<Value>.allocate(capacity: capacity)
    private let count = Atomic<Int>(0)
    private let adding = Mutex<Void>(())

    deinit {
        values.deinitialize(count: count.load(ordering: .acquiring))
        values.deallocate()
        lengths.deallocate()
        texts.deallocate()
    }

    /// What the text whose UTF-8 is `bytes` (not empty) was read as, when it is one of those kept.
    @inline(__always)
    func value(utf8 bytes: UnsafeRawBufferPointer) -> Value? {
        let known = count.load(ordering: .acquiring)
        guard known > 0, let base = bytes.baseAddress else { return nil }
        for index in 0..<known where lengths[index] == bytes.count && memcmp(texts + index * Self.textCapacity, base, bytes.count) == 0 {
            return values[index]
        }
        return nil
    }

    /// Keeps `value` as the reading of `bytes`, while there is room and the text fits.
    func add(utf8 bytes: UnsafeRawBufferPointer, _ value: Value) {
        guard !bytes.isEmpty, bytes.count <= Self.textCapacity, let base = bytes.baseAddress,
              count.load(ordering: .relaxed) < Self.capacity else { return }
        adding.withLock { _ in
            let known = count.load(ordering: .relaxed)
            guard known < Self.capacity, self.value(utf8: bytes) == nil else { return }
            (texts + known * Self.textCapacity).copyMemory(from: base, byteCount: bytes.count)
            lengths[known] = bytes.count
            (values + known).initialize(to: value)
            count.store(known + 1, ordering: .releasing)
        }
    }
}
