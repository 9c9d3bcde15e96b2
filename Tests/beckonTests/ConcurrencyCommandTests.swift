import BeckonTestSupport
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// Many `beckon` processes on one SQLite store: racing tries and donations, and processes killed
/// with SIGKILL mid-write. Bounded here; `BECKON_RACE_FULL=1` runs the full sizes of the issue
/// (8 × 200 tries in 20 repetitions, 8 × 500 donations, 30 rounds of kills).
/// Runs many processes at once, so it is serialized.
@Suite("beckon races and crashes", .serialized)
struct ConcurrencyCommandTests {
    static let full = ProcessInfo.processInfo.environment["BECKON_RACE_FULL"] == "1"

    static func folder(retention: Int = 1000) throws -> URL {
        return try BeckonProcess.folder(configuration: """
            version: 1
            store: {backend: sqlite, path: state/beckon.db, busyTimeout: 30s}
            events: {opened: {retention: {maxCount: \(retention)}}}
            scenarios: {once: {maxExecutionsPermitted: 1}}

            """)
    }

    /// Starts `count` shell loops running `script` (with `$0` the beckon binary and `$1` the
    /// worker's number).
    static func startWorkers(_ count: Int, in folder: URL, _ script: String) throws -> [RunningProcess] {
        try (0..<count).map { worker in
            try ProcessRunner.start("/bin/bash", ["-c", script, BuiltProducts.beckon.path, String(worker)], in: folder.path)
        }
    }

    /// Waits for every worker (off the concurrency pool: `RunningProcess.finish()`) and returns
    /// the lines each printed.
    static func lines(of workers: [RunningProcess]) async -> [String] {
        var lines: [String] = []
        for worker in workers { lines += await worker.finish().output.split(separator: "\n").map(String.init) }
        return lines
    }

    /// Kills a shell loop and the `beckon` it is running, mid-write: the loop is stopped first
    /// so that it cannot start another child in between.
    static func killTree(_ shell: Int32) {
        kill(shell, SIGSTOP)
        for child in children(of: shell) { kill(child, SIGKILL) }
        kill(shell, SIGKILL)
    }

    /// The processes whose parent is `parent`, from /proc.
    static func children(of parent: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap { entry in
            guard let pid = Int32(entry),
                  let stat = try? String(contentsOfFile: "/proc/\(entry)/stat", encoding: .utf8),
                  let close = stat.lastIndex(of: ")") else { return nil }
            // After "pid (name) " come the state and the parent pid.
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            return fields.count > 1 && Int32(fields[1]) == parent ? pid : nil
        }
    }

    @Test func racingTriesExecuteExactlyOnce() async throws {
        let tries = Self.full ? 200 : 12, repetitions = Self.full ? 20 : 2
        for _ in 0..<repetitions {
            let folder = try Self.folder()
            #expect(try BeckonProcess.run(["scenario", "status", "once", "--now", "0"], in: folder).status == 0)
            let workers = try Self.startWorkers(8, in: folder, """
                for i in $(seq \(tries)); do "$0" scenario try once --now 1000 > /dev/null && echo executed; done
                """)
            #expect(await Self.lines(of: workers).count == 1)
            let status = try BeckonProcess.run(["scenario", "status", "once", "--now", "2000", "--json"], in: folder)
            #expect(status.standardOutput.contains("\"executions\":1"))
        }
    }

    @Test func racingDonationsAreAllCounted() async throws {
        let donations = Self.full ? 500 : 25
        let folder = try Self.folder()
        let workers = try Self.startWorkers(8, in: folder, """
            for i in $(seq \(donations)); do "$0" event donate opened --now $(( $1 * 100000 + i )) > /dev/null && echo ok; done
            """)
        #expect(await Self.lines(of: workers).count == 8 * donations)
        let last = try BeckonProcess.run(["event", "donate", "opened", "--now", "9999999"], in: folder)
        #expect(last.standardOutput == "donate opened → count \(8 * donations + 1)\n")
    }

    @Test func donationsAcknowledgedBeforeAKillSurviveIt() async throws {
        let rounds = Self.full ? 30 : 4
        let folder = try Self.folder(retention: 1_000_000)
        var acknowledged: Set<Int64> = []
        var generator = SystemRandomNumberGenerator()
        // Each worker touches this file after each donation it was told of: the kill waits for the
        // first, as a loaded machine can take longer than the random pause to start `beckon` once.
        let first = folder.appendingPathComponent("acknowledged")
        for round in 0..<rounds {
            let workers = try Self.startWorkers(4, in: folder, """
                for i in $(seq 1000); do t=$(( (\(round) * 10 + $1) * 100000 + i )); "$0" event donate opened --now $t > /dev/null && echo $t && : > acknowledged; done
                """)
            let deadline = ContinuousClock.now + .seconds(120)
            while !FileManager.default.fileExists(atPath: first.path) && ContinuousClock.now < deadline { try await Task.sleep(for: .milliseconds(10)) }
            try await Task.sleep(for: .milliseconds(Int.random(in: 50...400, using: &generator)))
            for worker in workers { Self.killTree(worker.processIdentifier) }
            try? FileManager.default.removeItem(at: first)
            acknowledged.formUnion(await Self.lines(of: workers).compactMap { Int64($0) })
        }
        #expect(!acknowledged.isEmpty)
        let check = try BeckonProcess.run([], in: folder, python: """
            import sqlite3
            connection = sqlite3.connect("state/beckon.db")
            print(connection.execute("PRAGMA integrity_check").fetchone()[0])
            for (time,) in connection.execute("SELECT time FROM donations WHERE event = 'opened'"):
                print(time)
            """)
        let lines = check.standardOutput.split(separator: "\n").map(String.init)
        #expect(lines.first == "ok")
        let stored = Set(lines.dropFirst().compactMap { Int64($0) })
        #expect(acknowledged.subtracting(stored).isEmpty, "acknowledged but lost: \(acknowledged.subtracting(stored).sorted().prefix(10))")
    }
}
