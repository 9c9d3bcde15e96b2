import BeckonCore
import NIOPosix
import Synchronization

/// Threads of their own for the decisions of a store whose calls may wait (`Store.callsMayWait`:
/// a plugin's store over a database server). Swift's concurrency runs requests on one thread
/// per core; a decision that waits on a network round trip there holds that thread, so that at
/// most as many decisions as cores would be under way, however many connections the store's
/// pool keeps. Here up to `count` decisions wait at once. A store that answers at once (memory,
/// SQLite) decides where the request runs, saving two thread switches, and starts no thread.
///
/// `count` is best equal to the connections the store keeps (the PostgreSQL store's
/// `poolSize`): fewer leaves connections idle, more only makes threads queue for a connection.
public final class WaitingStoreThreads: Sendable {
    /// The default `count`.
    public static let defaultCount = 8

    /// How many decisions may wait on the store at once.
    public let count: Int
    /// Started when the first decision over a store that waits comes.
    private let pool: Mutex<NIOThreadPool?> = Mutex(nil)

    public init(count: Int = WaitingStoreThreads.defaultCount) {
        precondition(count > 0, "a pool of \(count) threads")
        self.count = count
    }

    deinit {
        pool.withLock { $0 }?.shutdownGracefully { _ in }
    }

    /// `work`'s result, run on one of these threads when `store`'s calls may wait, else here.
    func run<Result: Sendable>(for store: any Store, _ work: @escaping @Sendable () -> Result) async -> Result {
        guard store.callsMayWait else { return work() }
        let pool = pool.withLock { pool in
            if let pool { return pool }
            let started = NIOThreadPool(numberOfThreads: count)
            started.start()
            pool = started
            return started
        }
        do {
            return try await pool.runIfActive(work)
        } catch {
            // Only a pool being shut down refuses work, and a server's lives as long as it does.
            return work()
        }
    }
}
