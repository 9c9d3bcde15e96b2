import BeckonTestSupport
import Foundation
import Testing

/// `beckon serve` decides over a store whose calls wait on threads of their own
/// (`--store-threads`), not on Swift's concurrency threads (one per core): while more writes
/// than the machine has cores wait on a lock held in the database, a read of another subject is
/// still answered at once, and the waiting writes land once the lock is let go.
@Suite("postgres.store: beckon serve while store calls wait")
struct PostgresWaitingStoreServeTests {
    @Test func aReadIsAnsweredWhileMoreWritesThanCoresWaitOnALock() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("serve_wait")
        let config = try BuiltProducts.configuration(
            options: server.options(database: database, statementTimeout: "2m", extra: ",\"poolSize\":16"), body: """
                events:
                  opened: {}
                tips:
                  welcome: {title: Welcome}
                """)
        let waitingWrites = ProcessInfo.processInfo.activeProcessorCount + 2
        let folder = URL(fileURLWithPath: config).deletingLastPathComponent()
        let process = try ServeProcess(folder, ["--store-threads", "16"], environment: PostgresServer.environment)
        defer { process.stop() }

        // A transaction holding the records table against writes (reads go on) until it is ended.
        let locker = Process()
        locker.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        locker.arguments = ["psql", "-X", "-q", "-h", server.folder, "-p", String(server.port), "-U", "postgres", "-d", database,
                            "-c", "BEGIN; LOCK TABLE beckon.records IN EXCLUSIVE MODE; SELECT pg_sleep(120); COMMIT;"]
        locker.standardOutput = FileHandle.nullDevice
        locker.standardError = FileHandle.nullDevice
        try locker.run()
        defer { endLocker(server, database: database, locker) }
        try waitUntil("the lock is held") {
            try server.admin("SELECT count(*) FROM pg_locks WHERE relation = 'beckon.records'::regclass AND mode = 'ExclusiveLock' AND granted",
                             database: database) == "1"
        }

        // More writes than cores, each for a subject of its own, all waiting on the lock.
        let writesDone = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var writes: [LoopbackHTTP.Answer] = []
        Thread.detachNewThread {
            writes = LoopbackHTTP.allAtOnce((0..<waitingWrites).map { (port: process.port, method: "POST", path: "/v1/subjects/waiting-\($0)/events/opened/donate") })
            writesDone.signal()
        }
        try waitUntil("\(waitingWrites) writes wait on the lock") {
            try server.admin("SELECT count(*) FROM pg_stat_activity WHERE datname = '\(database)' AND wait_event_type = 'Lock'",
                             database: database) == String(waitingWrites)
        }

        // A read of another subject is answered while they wait.
        let readDone = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var read = LoopbackHTTP.Answer(status: 0, body: "no answer")
        Thread.detachNewThread {
            read = LoopbackHTTP.send(port: process.port, method: "GET", path: "/v1/subjects/reader/tips/welcome")
            readDone.signal()
        }
        let readInTime = readDone.wait(timeout: .now() + 20) == .success
        #expect(readInTime, "a read waited behind \(waitingWrites) writes waiting on the store")
        #expect(writesDone.wait(timeout: .now()) == .timedOut, "the writes did not wait for the lock")

        // Let the lock go: every write lands (and a read that waited is answered).
        endLocker(server, database: database, locker)
        #expect(writesDone.wait(timeout: .now() + 60) == .success)
        #expect(writes.map(\.status) == [Int](repeating: 200, count: waitingWrites), "\(writes)")
        if !readInTime { readDone.wait() }
        #expect(read.status == 200 && read.body.contains("\"status\":\"available\""), "\(read.body)")
        #expect(process.stop() == 0)
    }

    /// Ends the locking transaction (it aborts; nothing was written in it) and waits for psql.
    private func endLocker(_ server: PostgresServer, database: String, _ locker: Process) {
        _ = try? server.admin("SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(database)' AND query LIKE '%pg_sleep(120)%' AND pid <> pg_backend_pid()",
                              database: database)
        _ = locker.waitForEnd()
    }

    /// Polls `condition` every 50 ms for up to 30 s.
    private func waitUntil(_ what: String, _ condition: () throws -> Bool) throws {
        let deadline = Date().addingTimeInterval(30)
        while try !condition() {
            guard Date() < deadline else { throw PostgresServer.Failure(description: "timed out waiting until \(what)") }
            usleep(50_000)
        }
    }
}
