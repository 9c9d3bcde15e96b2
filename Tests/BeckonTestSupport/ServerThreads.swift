import Foundation

/// A task executor with threads of its own, for the servers the suites run in-process: tasks
/// started with it as their preference (and every child task they start, as Hummingbird does
/// for each connection and request) run here, not on Swift's concurrency pool.
///
/// The pool has one thread per core, two on the CI machines, and every test running at once
/// shares it. A synchronous test holds a pool thread for as long as it runs (and several wait
/// seconds for the programs they start); two at once held both, and a server on the pool then
/// answered nothing for that long: its clients' requests timed out, its timers' answers came
/// too late (`OwnThread` says the same of the waits the suites make themselves).
public final class ServerThreads: TaskExecutor, @unchecked Sendable {
    // @unchecked: `jobs` is only touched under `condition`'s lock.
    /// The executor every in-process server of the suites shares.
    public static let shared = ServerThreads(count: 4)

    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []

    /// Starts `count` threads, which run jobs in the order they are enqueued.
    public init(count: Int) {
        for _ in 0..<count {
            Thread.detachNewThread { [self] in work() }
        }
    }

    public func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs jobs as they come, forever (the executor lives as long as the test process).
    private func work() {
        while true {
            condition.lock()
            while jobs.isEmpty { condition.wait() }
            let job = jobs.removeFirst()  // the queue is short: a few jobs per connection
            condition.unlock()
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
