#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A bounded queue of batches from one producing thread to one consuming thread, so that a
/// large file's YAML is parsed on one processor while the tree is built on another.
///
/// The producer ends its stream with an item the consumer recognises as the last, so `pop` never
/// waits for an item that will not come; the consumer may stop early with `cancel`.
final class BatchPipe<Item>: @unchecked Sendable {
    private let mutex = UnsafeMutablePointer<pthread_mutex_t>.allocate(capacity: 1)
    private let condition = UnsafeMutablePointer<pthread_cond_t>.allocate(capacity: 1)
    /// Batches pushed and not yet taken, from `head` on (guarded by `mutex`).
    private var queue: [[Item]] = []
    private var head = 0
    private var cancelled = false
    /// The most batches waiting at once: bounds memory when the consumer is slower.
    private let capacity: Int
    /// The batch being consumed (consumer only).
    private var current: [Item] = []
    private var index = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        pthread_mutex_init(mutex, nil)
        pthread_cond_init(condition, nil)
    }

    deinit {
        pthread_cond_destroy(condition)
        pthread_mutex_destroy(mutex)
        condition.deallocate()
        mutex.deallocate()
    }

    /// Producer: queues a batch, waiting while the queue is full. False when the consumer has
    /// cancelled: the batch was not taken, and nothing more will be.
    func push(_ batch: [Item]) -> Bool {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        while queue.count - head >= capacity, !cancelled { pthread_cond_wait(condition, mutex) }
        if cancelled { return false }
        queue.append(batch)
        pthread_cond_broadcast(condition)
        return true
    }

    /// Consumer: the next item, waiting for the producer when none is queued.
    func pop() -> Item {
        while index == current.count {
            pthread_mutex_lock(mutex)
            while head == queue.count { pthread_cond_wait(condition, mutex) }
            current = queue[head]
            queue[head] = []
            head += 1
            if head == queue.count {
                queue.removeAll(keepingCapacity: true)
                head = 0
            }
            pthread_cond_broadcast(condition)
            pthread_mutex_unlock(mutex)
            index = 0
        }
        defer { index += 1 }
        return current[index]
    }

    /// Consumer: stops the producer (its next push fails) and returns the items queued but not
    /// consumed, for the caller to release.
    func cancel() -> [Item] {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        cancelled = true
        pthread_cond_broadcast(condition)
        var rest = Array(current[index...])
        for batch in queue[head...] { rest.append(contentsOf: batch) }
        current = []
        index = 0
        queue = []
        head = 0
        return rest
    }
}
