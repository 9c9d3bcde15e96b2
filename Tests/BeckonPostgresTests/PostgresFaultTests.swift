import BeckonTestSupport
import Foundation
import Testing

/// `postgres.store` against a server that misbehaves: commits whose answer or request is lost
/// (a proxy cuts the connection), the server restarted mid-run, pooled connections terminated,
/// a statement timeout, no server at all, a schema from a newer plugin, and many first opens at
/// once. Every output of every run is checked for the password.
@Suite("postgres.store: faults on a real server")
struct PostgresFaultTests {
    // MARK: Unknown outcomes

    /// Every 3rd commit goes through a proxy that cuts the connection after the server committed
    /// it (the client never hears) or before the server saw it. Every call is acknowledged, and
    /// the counts read back from the server directly are exact: nothing applied twice or lost.
    @Test(arguments: [FaultProxy.Mode.loseAnswer, .loseRequest])
    func aCommitWhoseConnectionIsCutCountsOnce(mode: FaultProxy.Mode) throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("proxy")
        let direct = try BuiltProducts.configuration(options: server.options(database: database))
        let schema = try Self.beckon(direct, ["tip", "status", "welcome"]) // the schema, made without the proxy
        let proxy = try FaultProxy(serverPort: server.port, mode: mode, every: 3)
        defer { proxy.stop() }
        // The suite's connect timeout (10 s) is the window to learn a cut commit's outcome: on a
        // loaded machine a new connection through the proxy can take more than 2 s.
        let proxied = try BuiltProducts.configuration(options: Self.options(server, database: database, port: proxy.port))
        let host = try PostgresHosts.fault.get()

        let run = try ProcessRunner.run(host, ["serial", proxied, "60", "20"], environment: PostgresServer.environment)
        #expect(run.status == 0, "\(mode): \(run.output)\(run.error)")
        #expect(run.output.contains("acknowledged 60 ran 20"), "\(mode): \(run.output)")
        #expect(proxy.dropped > 0, "\(mode): the proxy saw \(proxy.commits) commits and cut none")

        // Read back on the server itself, then through an engine that does not use the proxy.
        let rows = try server.admin("SELECT count(*) FROM beckon.donations WHERE subject = convert_to('proxy-shared', 'UTF8')", database: database)
        #expect(rows == "60", "\(mode): \(rows) donations stored for 60 acknowledged")
        let version = try server.admin("SELECT version FROM beckon.records WHERE subject = convert_to('proxy-shared', 'UTF8')", database: database)
        #expect(version == "60", "\(mode): the record was written \(version) times for 60 donations")
        let readBack = try ProcessRunner.run(try PostgresHosts.race.get(), ["readback", direct, "proxy-", "20", "proxy-shared"],
                                             environment: PostgresServer.environment)
        #expect(readBack.status == 0, "\(readBack.output)\(readBack.error)")
        let executions = readBack.output.split(separator: "\n").filter { $0.hasPrefix("proxy-") }.map { $0.split(separator: " ")[2] }
        #expect(executions == [Substring](repeating: "1", count: 20), "\(mode): \(readBack.output)")
        #expect(readBack.output.contains("count 61\n"), "\(mode): \(readBack.output)")
        #expect(!(schema.error + run.output + run.error + readBack.output + readBack.error).contains(PostgresServer.password))
    }

    // MARK: The server restarted, connections terminated

    /// A host donating from 4 threads while the server is stopped (fast) and started again:
    /// calls during the outage fail cleanly (unavailable), the pool reconnects by itself, and
    /// nothing acknowledged is lost (acknowledged <= read back <= attempted).
    @Test func theServerRestartedMidRun() throws {
        let server = try PostgresServer()
        defer { server.stop() }
        let database = try server.createDatabase("restart")
        try loopThroughAFault(server, database: database) {
            try server.halt()
            Thread.sleep(forTimeInterval: 0.5)
            try server.start()
        }
    }

    /// The store's pooled connections terminated by the server, three times: the same bounds,
    /// and the host recovers by itself.
    @Test func pooledConnectionsTerminated() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("terminate")
        var terminated = 0
        try loopThroughAFault(server, database: database) {
            for _ in 0..<3 {
                terminated += Int(try server.admin("""
                    SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity WHERE application_name = 'beckon' AND datname = '\(database)'
                    """)) ?? 0
                Thread.sleep(forTimeInterval: 0.3)
            }
        }
        #expect(terminated > 0, "no pooled connection was there to terminate")
    }

    private func loopThroughAFault(_ server: PostgresServer, database: String, _ fault: () throws -> Void) throws {
        let config = try BuiltProducts.configuration(options: server.options(database: database))
        let host = try PostgresHosts.fault.get()
        let stopFile = URL(fileURLWithPath: config).deletingLastPathComponent().appendingPathComponent("stop").path
        let running = try ProcessRunner.start(host, ["loop", config, "4", "looped", stopFile], environment: PostgresServer.environment)
        Thread.sleep(forTimeInterval: 1.5)
        try fault()
        Thread.sleep(forTimeInterval: 2.0) // time to recover and go on
        _ = FileManager.default.createFile(atPath: stopFile, contents: nil)
        let run = running.finish()
        try #require(run.status == 0, "\(run.output)\(run.error)")
        let numbers = Self.numbers(run.output)
        let attempted = try #require(numbers["attempted"]), acknowledged = try #require(numbers["acknowledged"])
        // Failures are clean: unavailable (4) or timeout (5), with a message; never internal.
        let statuses = run.output.split(separator: "\n").first { $0.hasPrefix("statuses") }.map { $0.split(separator: " ").dropFirst().compactMap { Int($0) } } ?? []
        #expect(statuses.count == 8 && statuses.enumerated().allSatisfy { $0.offset == 4 || $0.offset == 5 || $0.element == 0 }, "\(run.output)")
        #expect(try #require(numbers["tail"]) >= 5, "each thread's last calls acknowledged again: \(run.output)")
        #expect(acknowledged > 0)

        let readBack = try ProcessRunner.run(try PostgresHosts.race.get(), ["readback", config, "none-", "0", "looped"],
                                             environment: PostgresServer.environment)
        try #require(readBack.status == 0, "\(readBack.output)\(readBack.error)")
        let stored = try #require(Self.numbers(readBack.output)["count"]) - 1
        #expect(acknowledged <= stored && stored <= attempted, "acknowledged \(acknowledged), read back \(stored), attempted \(attempted)")
        #expect(!(run.output + run.error + readBack.output + readBack.error).contains(PostgresServer.password))
    }

    // MARK: A statement timeout

    /// A commit blocked by a row lock the test holds runs into `statementTimeout` (500 ms): the
    /// call fails cleanly (exit 69, the message names the timeout) and changes nothing; once the
    /// lock is released the same call succeeds.
    @Test func aBlockedCommitTimesOutAndChangesNothing() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("timeout")
        let config = try BuiltProducts.configuration(options: server.options(database: database, statementTimeout: "500ms"))
        let donate = ["event", "donate", "opened", "--info", "screen=home", "--subject", "locked"]
        let first = try Self.beckon(config, donate)
        #expect(first.status == 0, "\(first.output)\(first.error)")

        let holder = try RowLockHolder(server, database: database, subject: "locked")
        let blocked = try Self.beckon(config, donate)
        let rows = try server.admin("SELECT count(*) FROM beckon.donations WHERE subject = convert_to('locked', 'UTF8')", database: database)
        holder.release()
        #expect(blocked.status == 69, "\(blocked.output)\(blocked.error)")
        #expect(blocked.error.contains("statement timeout"), "\(blocked.error)")
        #expect(rows == "1", "the timed-out commit changed nothing")

        let again = try Self.beckon(config, donate)
        #expect(again.status == 0, "\(again.output)\(again.error)")
        #expect(again.output.contains("\"count\":2"), "\(again.output)")
        #expect(![first, blocked, again].contains { ($0.output + $0.error).contains(PostgresServer.password) })
    }

    // MARK: Opening

    /// No server at the port (nothing listens, or a listener that never answers): the CLI exits
    /// 69 saying it cannot connect to the store (from a silent listener, once the connect timeout
    /// of 2 s ran out; without one it would wait for good), and the C API's open returns
    /// BECKON_UNAVAILABLE (4).
    @Test(arguments: [false, true])
    func theServerDownAtStart(silentListener: Bool) throws {
        let server = try PostgresServer.shared.get()
        let silent = silentListener ? try SilentListener() : nil
        defer { silent?.close() }
        let port = try silent?.port ?? PostgresServer.freePort()
        let config = try BuiltProducts.configuration(options: Self.options(server, database: "nowhere", port: port, connectTimeout: "2s"))
        let run = try Self.beckon(config, ["tip", "status", "welcome"])
        #expect(run.status == 69, "\(run.output)\(run.error)")
        #expect(run.error.contains("postgres.store") && run.error.contains("cannot connect"), "\(run.error)")
        let host = try ProcessRunner.run(try PostgresHosts.fault.get(), ["open", config, "0"], environment: PostgresServer.environment)
        #expect(host.output.hasPrefix("open 4 call -1\n"), "\(host.output)\(host.error)")
        #expect(!(run.output + run.error + host.output + host.error).contains(PostgresServer.password))
    }

    /// A schema written by a newer plugin (version 99) is refused: exit 69, saying so.
    @Test func aSchemaFromANewerPluginIsRefused() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("newer")
        let config = try BuiltProducts.configuration(options: server.options(database: database))
        let first = try Self.beckon(config, ["tip", "status", "welcome"])
        #expect(first.status == 1, "\(first.output)\(first.error)") // not available: no events yet
        try server.admin("UPDATE beckon.meta SET value = '99' WHERE key = 'schema_version'", database: database)
        let refused = try Self.beckon(config, ["tip", "status", "welcome"])
        #expect(refused.status == 69, "\(refused.output)\(refused.error)")
        #expect(refused.error.contains("version 99") && refused.error.contains("newer"), "\(refused.error)")
        let host = try ProcessRunner.run(try PostgresHosts.fault.get(), ["open", config, "0"], environment: PostgresServer.environment)
        #expect(host.output.hasPrefix("open 4 call -1\n"), "\(host.output)\(host.error)")
        #expect(![first, refused].contains { ($0.output + $0.error).contains(PostgresServer.password) })
    }

    /// 8 processes open a fresh database at the same instant: all succeed, and the schema exists
    /// once, at version 2.
    @Test func concurrentFirstOpens() throws {
        let server = try PostgresServer.shared.get()
        let database = try server.createDatabase("firstopen")
        let config = try BuiltProducts.configuration(options: server.options(database: database))
        let host = try PostgresHosts.fault.get()
        let start = Int64(Date().timeIntervalSince1970 * 1_000) + 2_000
        let openers = try (0..<8).map { _ in try ProcessRunner.start(host, ["open", config, String(start)], environment: PostgresServer.environment) }
        let results = openers.map { $0.finish() }
        for result in results {
            #expect(result.status == 0 && result.output == "open 0 call 0\n", "\(result.output)\(result.error)")
            #expect(!(result.output + result.error).contains(PostgresServer.password))
        }
        #expect(try server.admin("SELECT count(*) FROM pg_namespace WHERE nspname = 'beckon'", database: database) == "1")
        #expect(try server.admin("SELECT string_agg(key || '=' || value, ',') FROM beckon.meta", database: database) == "schema_version=2")
        #expect(try server.admin("SELECT string_agg(table_name, ',' ORDER BY table_name) FROM information_schema.tables WHERE table_schema = 'beckon'",
                                 database: database) == "donations,meta,records")
        #expect(try server.admin("SELECT count(*) FROM pg_proc WHERE proname = 'commit' AND pronamespace = 'beckon'::regnamespace", database: database) == "1")
    }

    // MARK: Helpers

    /// `store.options` for `database` on 127.0.0.1:`port` (a proxy, or nothing).
    static func options(_ server: PostgresServer, database: String, port: Int, connectTimeout: String = PostgresServer.connectTimeout) -> String {
        server.options(database: database, connectTimeout: connectTimeout).replacing("\"port\":\(server.port)", with: "\"port\":\(port)")
    }

    /// Runs the CLI on `config` (JSON answers); its status, output and error.
    static func beckon(_ config: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        try ProcessRunner.run(try BuiltProducts.beckon.path, arguments + ["--config", config, "--json"], environment: PostgresServer.environment)
    }

    /// "word N" pairs of a host's output, by word.
    static func numbers(_ output: String) -> [String: Int] {
        var found: [String: Int] = [:]
        for line in output.split(separator: "\n") {
            let words = line.split(separator: " ")
            for index in stride(from: 0, to: words.count - 1, by: 2) {
                if let value = Int(words[index + 1]) { found[String(words[index])] = value }
            }
        }
        return found
    }
}

/// A psql session that holds a row lock on a subject's record (`SELECT ... FOR UPDATE` in an
/// open transaction) until `release()`.
final class RowLockHolder {
    private let process = Process()
    private let input = Pipe()
    private let output = Pipe()

    init(_ server: PostgresServer, database: String, subject: String) throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["psql", "-X", "-q", "-A", "-t", "-h", server.folder, "-p", String(server.port), "-U", "postgres", "-d", database]
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let sql = "BEGIN;\nSELECT 'row-' || 'locked' FROM beckon.records WHERE subject = convert_to('\(subject)', 'UTF8') FOR UPDATE;\n"
        input.fileHandleForWriting.write(Data(sql.utf8))
        var seen = ""
        while !seen.contains("row-locked") {
            let data = output.fileHandleForReading.availableData
            guard !data.isEmpty else { throw PostgresServer.Failure(description: "psql ended before it held the lock: \(seen)") }
            seen += String(decoding: data, as: UTF8.self)
        }
    }

    /// Ends the transaction (the lock goes) and the session.
    func release() {
        input.fileHandleForWriting.write(Data("COMMIT;\n\\q\n".utf8))
        try? input.fileHandleForWriting.close()
        _ = process.waitForEnd()
    }
}

/// A loopback socket that listens and never accepts: a connection is made (the kernel completes
/// the handshake) and then nothing ever answers, as with a hung server.
final class SilentListener {
    let port: Int
    private let socket: Int32

    init() throws {
        (socket, port) = try LoopbackSocket.bound(listening: 16)
    }

    func close() { Glibc.close(socket) }
}
