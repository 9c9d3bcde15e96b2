import Glibc
public import Synchronization  // public: `read` is inlinable and reads atomics

/// One object that many threads read with no lock and no retain, and that a writer replaces now
/// and then (read-copy-update): a read borrows the object serving when it begins, to the end of
/// the read; a replacement swaps in the next object, then waits until no read that may have
/// begun on the old one is still running, then releases the old one.
///
/// Readers register in the count of the current epoch's parity; a replacement moves the epoch
/// on, so later readers count under the other parity, and waits for the old parity's count to
/// drain. Reads are meant to be short (a replacement spins while they run): hold a reference of
/// your own, read with `read { $0 }`, for a long call.
///
/// Not copyable: it owns one retain of the serving object, released on replacement and in
/// `deinit`.
@usableFromInline
struct ReadCopyUpdate<Value: AnyObject & Sendable>: ~Copyable, Sendable {
    /// The serving object, retained once, as an `Unmanaged` reference's pointer.
    @usableFromInline let word: Atomic<UInt>
    @usableFromInline let epoch = Atomic<UInt64>(0)
    @usableFromInline let evenReaders = Atomic<Int>(0)
    @usableFromInline let oddReaders = Atomic<Int>(0)

    /// Serves `value`.
    init(_ value: Value) {
        word = Atomic(Self.word(value))
    }

    deinit {
        Self.reference(word.load(ordering: .acquiring)).release()
    }

    /// Runs `body` on the object serving now, borrowed: no lock and no retain (a replacement
    /// waits for `body` to return before it lets that object go). `body` must not replace it.
    @inlinable @inline(__always)
    func read<T>(_ body: (Value) -> T) -> T {
        let entered = enter()
        defer { leave(entered) }
        // `_withUnsafeGuaranteedRef` is an underscored (unstable) standard-library API: it lends
        // the object without a retain and release, which the epoch makes safe (the object stays
        // retained by this cell until every read that may hold it has left). With the borrowed
        // handle table and version texts, it took the typed C call from 2,647 to 1,799
        // instructions ("the serving runtime's lock and retain", ~0.09 k: Docs/benchmarks.md).
        return Self.reference(word.load(ordering: .acquiring))._withUnsafeGuaranteedRef(body)
    }

    /// Serves `next`, then releases the object it replaces once no read may still hold it.
    /// Callers replace one at a time (epochs move one replacement at a time).
    func replace(with next: Value) {
        let old = word.exchange(Self.word(next), ordering: .sequentiallyConsistent)
        let before = epoch.load(ordering: .sequentiallyConsistent)
        epoch.store(before &+ 1, ordering: .sequentiallyConsistent)
        // Readers registered under the old epoch may hold `old`; later ones read `next`.
        while (before & 1 == 0 ? evenReaders.load(ordering: .sequentiallyConsistent)
                               : oddReaders.load(ordering: .sequentiallyConsistent)) != 0 {
            sched_yield()
        }
        Self.reference(old).release()
    }

    /// The word `word` holds for `value`, retained once.
    private static func word(_ value: Value) -> UInt {
        UInt(bitPattern: Unmanaged.passRetained(value).toOpaque())
    }

    /// The reference a word holds.
    @inlinable @inline(__always)
    static func reference(_ word: UInt) -> Unmanaged<Value> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: word)!)
    }

    /// Registers a reader in the count of the epoch's parity, once the epoch is seen unchanged
    /// after registering (so a replacement that moved the epoch on waits for it, or it reads the
    /// new object); returns the epoch to `leave`.
    @inlinable @inline(__always)
    func enter() -> UInt64 {
        while true {
            let seen = epoch.load(ordering: .sequentiallyConsistent)
            if seen & 1 == 0 {
                evenReaders.wrappingAdd(1, ordering: .sequentiallyConsistent)
            } else {
                oddReaders.wrappingAdd(1, ordering: .sequentiallyConsistent)
            }
            if epoch.load(ordering: .sequentiallyConsistent) == seen { return seen }
            leave(seen)
        }
    }

    @inlinable @inline(__always)
    func leave(_ entered: UInt64) {
        if entered & 1 == 0 {
            evenReaders.wrappingSubtract(1, ordering: .releasing)
        } else {
            oddReaders.wrappingSubtract(1, ordering: .releasing)
        }
    }
}
