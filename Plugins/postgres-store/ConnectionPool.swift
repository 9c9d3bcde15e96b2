#if canImport(Glibc)
import Glibc
#endif

/// At most `size` connections, opened when first needed and shared by every thread of the host:
/// a call borrows one, uses it alone and gives it back. A connection found broken is closed, and
/// so are the idle ones (after a server restart they are all dead); the next borrow opens a new
/// one, so the pool heals by itself once the server is back.
final class ConnectionPool: @unchecked Sendable {
    // @unchecked: every member is guarded by `mutex`; connections are used by one thread at a time.
    private let settings: ConnectionSettings
    private let size: Int
    /// How long a borrow waits for a connection when all are in use (milliseconds).
    private let waitMilliseconds: Int64
    private var idle: [PostgresConnection] = []
    private var open = 0
    private var mutex = pthread_mutex_t()
    private var returned = pthread_cond_t()

    init(settings: ConnectionSettings, size: Int, waitMilliseconds: Int64) {
        self.settings = settings
        self.size = size
        self.waitMilliseconds = waitMilliseconds
        pthread_mutex_init(&mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        pthread_cond_init(&returned, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    deinit {
        idle.removeAll()
        pthread_cond_destroy(&returned)
        pthread_mutex_destroy(&mutex)
    }

    /// Runs `body` on a borrowed connection. A connection that broke during `body` is closed
    /// instead of returned. `fresh` borrows a newly opened connection, not an idle one.
    func with<Result>(fresh: Bool = false, _ body: (PostgresConnection) throws(PostgresFailure) -> Result) throws(PostgresFailure) -> Result {
        let connection = try borrow(fresh: fresh)
        do {
            let result = try body(connection)
            giveBack(connection)
            return result
        } catch {
            giveBack(connection)
            throw error
        }
    }

    private func borrow(fresh: Bool) throws(PostgresFailure) -> PostgresConnection {
        pthread_mutex_lock(&mutex)
        var deadline = timespec()
        clock_gettime(CLOCK_MONOTONIC, &deadline)
        deadline.tv_sec += Int(waitMilliseconds / 1_000)
        deadline.tv_nsec += Int(waitMilliseconds % 1_000) * 1_000_000
        if deadline.tv_nsec >= 1_000_000_000 { deadline.tv_sec += 1; deadline.tv_nsec -= 1_000_000_000 }
        while true {
            if fresh, open >= size, !idle.isEmpty {
                // Make room for the new connection: an idle one is the one to drop.
                idle.removeLast()
                open -= 1
            }
            if !fresh, let connection = idle.popLast() {
                pthread_mutex_unlock(&mutex)
                return connection
            }
            if open < size {
                open += 1
                pthread_mutex_unlock(&mutex)
                do {
                    return try PostgresConnection(settings)
                } catch {
                    pthread_mutex_lock(&mutex)
                    open -= 1
                    pthread_cond_signal(&returned)
                    pthread_mutex_unlock(&mutex)
                    throw error
                }
            }
            if pthread_cond_timedwait(&returned, &mutex, &deadline) == ETIMEDOUT {
                pthread_mutex_unlock(&mutex)
                throw PostgresFailure(kind: .unavailable, sqlState: nil,
                                      message: "all \(size) connections of the pool stayed busy for \(waitMilliseconds) ms (store.options.poolSize)")
            }
        }
    }

    private func giveBack(_ connection: PostgresConnection) {
        pthread_mutex_lock(&mutex)
        if connection.isBroken {
            open -= 1 + idle.count
            idle.removeAll()
        } else {
            idle.append(connection)
        }
        pthread_cond_signal(&returned)
        pthread_mutex_unlock(&mutex)
    }
}
