import Synchronization

/// A counting semaphore for async callers: `acquire` waits (without holding a thread) until as
/// many permits are free, in the order callers came; `release` gives them back.
public final class Permits: Sendable {
    private struct State {
        var free: Int
        var waiting: [(count: Int, resume: CheckedContinuation<Void, Never>)] = []
    }

    private let capacity: Int
    private let state: Mutex<State>

    public init(_ capacity: Int) {
        self.capacity = capacity
        state = Mutex(State(free: capacity))
    }

    /// Waits until `count` permits (at most all of them) are free, and takes them.
    public func acquire(_ count: Int) async {
        let count = min(count, capacity)
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let now: Bool = state.withLock { state in
                if state.waiting.isEmpty && state.free >= count {
                    state.free -= count
                    return true
                }
                state.waiting.append((count, continuation))
                return false
            }
            if now { continuation.resume() }
        }
    }

    /// Gives back `count` permits (as many as `acquire` took), and lets waiting callers in.
    public func release(_ count: Int) {
        let count = min(count, capacity)
        let ready: [CheckedContinuation<Void, Never>] = state.withLock { state in
            state.free += count
            var ready: [CheckedContinuation<Void, Never>] = []
            while let first = state.waiting.first, first.count <= state.free {
                state.free -= first.count
                ready.append(first.resume)
                state.waiting.removeFirst()
            }
            return ready
        }
        for continuation in ready { continuation.resume() }
    }

    /// Runs `body` holding `count` permits, taken when free and given back when it returns or throws.
    public func holding<R>(_ count: Int, _ body: () async throws -> R) async rethrows -> R {
        await acquire(count)
        defer { release(count) }
        return try await body()
    }
}
