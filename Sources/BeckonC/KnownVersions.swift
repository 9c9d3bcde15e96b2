import BeckonRules
import Glibc
import Synchronization

/// The app versions a host sent, each parsed once and then found by its bytes with no lock: the
/// first `capacity` distinct texts of up to `textCapacity` bytes, each written once and never
/// changed while the engine lives (hosts send one version call after call; a host that sends
/// more is served by `EmbeddedEngine`'s last-version cache and by parsing).
final class KnownVersions: @unchecked Sendable {
    // Unchecked: entry `i` is written once, under `adding`, before `count` is raised past it with a
    // releasing store; readers read only the entries below a `count` they loaded acquiring.
    static let capacity = 8
    static let textCapacity = 32

    private let texts = UnsafeMutableRawPointer.allocate(byteCount: capacity * textCapacity, alignment: 8)
    private let lengths = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
    private let versions = UnsafeMutablePointer<Version>.allocate(capacity: capacity)
    private let count = Atomic<Int>(0)
    private let adding = Mutex<Void>(())

    deinit {
        versions.deinitialize(count: count.load(ordering: .acquiring))
        versions.deallocate()
        lengths.deallocate()
        texts.deallocate()
    }

    /// The version whose text's UTF-8 is `bytes` (not empty), when it is one of those kept.
    @inline(__always)
    func version(utf8 bytes: UnsafeRawBufferPointer) -> Version? {
        let known = count.load(ordering: .acquiring)
        guard known > 0, let base = bytes.baseAddress else { return nil }
        for index in 0..<known where lengths[index] == bytes.count && memcmp(texts + index * Self.textCapacity, base, bytes.count) == 0 {
            return versions[index]
        }
        return nil
    }

    /// Keeps `version` as the parse of `bytes`, while there is room and the text fits.
    func add(utf8 bytes: UnsafeRawBufferPointer, _ version: Version) {
        guard !bytes.isEmpty, bytes.count <= Self.textCapacity, let base = bytes.baseAddress,
              count.load(ordering: .relaxed) < Self.capacity else { return }
        adding.withLock { _ in
            let known = count.load(ordering: .relaxed)
            guard known < Self.capacity, self.version(utf8: bytes) == nil else { return }
            (texts + known * Self.textCapacity).copyMemory(from: base, byteCount: bytes.count)
            lengths[known] = bytes.count
            (versions + known).initialize(to: version)
            count.store(known + 1, ordering: .releasing)
        }
    }
}
