#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes answers are written into, one buffer per thread, kept from call to call: a host
/// asking for an answer a million times a second allocates nothing once its thread has answered
/// once. A sink that calls back into the library on the same thread, while its answer's bytes are
/// still lent to it, gets a buffer of its own for the inner answer.
enum JSONScratch {
    /// One thread's buffer, and whether an answer is being written in it.
    private struct Slot {
        var base: UnsafeMutablePointer<UInt8>?
        var capacity = 0
        var inUse = false
        var recentSeconds = RecentSeconds()
    }

    /// The largest buffer kept after use: a longer answer (an explanation, a large status) frees
    /// its bytes rather than holding them for the thread's life.
    static let keptCapacity = 64 * 1024

    /// The thread-specific key of each thread's slot, freed with the thread.
    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        let status = pthread_key_create(&key) { raw in
            guard let slot = raw?.assumingMemoryBound(to: Slot.self) else { return }
            slot.pointee.base?.deallocate()
            slot.deinitialize(count: 1)
            slot.deallocate()
        }
        precondition(status == 0, "pthread_key_create failed (\(status))")
        return key
    }()

    /// Calls `body` with an empty output on this thread's buffer (a new one when it is in use).
    @inline(__always)
    static func withOutput<R>(_ body: (inout ByteOutput) throws -> R) rethrows -> R {
        let slot = current()
        guard !slot.pointee.inUse else {
            var output = ByteOutput()
            return try body(&output)
        }
        slot.pointee.inUse = true
        let recentSeconds = slot.pointer(to: \.recentSeconds)
        var output = if let base = slot.pointee.base {
            ByteOutput(reusing: base, capacity: slot.pointee.capacity, recentSeconds: recentSeconds)
        } else {
            ByteOutput(reusing: .allocate(capacity: 1024), capacity: 1024, recentSeconds: recentSeconds)
        }
        let result: R
        do {
            result = try body(&output)
        } catch {
            keep(output.release(), in: slot)
            throw error
        }
        keep(output.release(), in: slot)
        return result
    }

    /// This thread's slot, made on its first answer.
    @inline(__always)
    private static func current() -> UnsafeMutablePointer<Slot> {
        if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: Slot.self) }
        let slot = UnsafeMutablePointer<Slot>.allocate(capacity: 1)
        slot.initialize(to: Slot())
        pthread_setspecific(key, slot)
        return slot
    }

    /// Puts a buffer back in its slot (freed when it grew past `keptCapacity`).
    @inline(__always)
    private static func keep(_ buffer: (base: UnsafeMutablePointer<UInt8>, capacity: Int), in slot: UnsafeMutablePointer<Slot>) {
        if buffer.capacity > keptCapacity {
            buffer.base.deallocate()
            slot.pointee.base = nil
            slot.pointee.capacity = 0
        } else {
            slot.pointee.base = buffer.base
            slot.pointee.capacity = buffer.capacity
        }
        slot.pointee.inUse = false
    }
}
