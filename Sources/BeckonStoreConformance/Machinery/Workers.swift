#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// Runs work on threads of its own that start together.
///
/// Dedicated threads, not Dispatch: `concurrentPerform` may run every iteration on the calling
/// thread when the pool is busy (a test runner running suites in parallel), and then writers
/// never actually race and a store that loses updates would pass.
enum Workers {
    /// Runs `body(index)` on `count` threads at once and returns when all have finished. Falls
    /// back to running on the calling thread, one after another, if a thread cannot be created.
    static func run(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let gate = StartGate(parties: count)
        var threads: [pthread_t] = []
        for index in 0..<count {
            let task = Unmanaged.passRetained(Job { gate.arrive(); body(index) })
            #if canImport(Darwin)
            var thread: pthread_t?
            #else
            var thread = pthread_t()
            #endif
            let created = pthread_create(&thread, nil, { context in
                Unmanaged<Job>.fromOpaque(context!).takeRetainedValue().run()
                return nil
            }, task.toOpaque())
            #if canImport(Darwin)
            if created == 0, let thread { threads.append(thread); continue }
            #else
            if created == 0 { threads.append(thread); continue }
            #endif
            task.release()
            gate.leave()
            body(index)
        }
        for thread in threads { pthread_join(thread, nil) }
    }

    private final class Job {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    /// Holds every thread until all have started, so that they race from the same moment.
    private final class StartGate: Sendable {
        private let waiting: Mutex<Int>

        init(parties: Int) { waiting = Mutex(parties) }

        func arrive() {
            waiting.withLock { $0 -= 1 }
            while waiting.withLock({ $0 }) > 0 { sched_yield() }
        }

        /// A party that will not arrive (its thread could not be created).
        func leave() { waiting.withLock { $0 -= 1 } }
    }
}
