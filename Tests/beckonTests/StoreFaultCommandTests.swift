import BeckonTestSupport
import Foundation
import Testing

/// The store failing under the CLI: each gives exit 69 with a message naming the store, and
/// leaves the stored state (or the foreign file) as it was.
@Suite("beckon store faults")
struct StoreFaultCommandTests {
    /// A configuration whose SQLite store is `path` (relative to the folder) with a short lock wait.
    static func folder(storePath: String = "state/beckon.db") throws -> URL {
        return try BeckonProcess.folder(configuration: """
            version: 1
            store: {backend: sqlite, path: \(storePath), busyTimeout: 300ms}
            events: {opened: {}}
            tips: {hello: {title: Hello}}

            """)
    }

    static func donate(_ folder: URL) throws -> ProcessResult {
        try BeckonProcess.run(["event", "donate", "opened", "--now", "2026-03-01T09:00:00Z"], in: folder)
    }

    /// Runs a Python script (standard library only) against the store file.
    static func python(_ script: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-c", script] + arguments
        process.standardOutput = Pipe()
        try process.run()
        return process
    }

    @Test func aStoreLockedPastTheTimeoutIsUnavailable() throws {
        let folder = try Self.folder()
        #expect(try Self.donate(folder).status == 0)
        let database = folder.appendingPathComponent("state/beckon.db").path
        let holder = try Self.python("""
            import sqlite3, sys, time
            connection = sqlite3.connect(sys.argv[1], isolation_level=None)
            connection.execute("BEGIN EXCLUSIVE")
            print("locked", flush=True)
            time.sleep(3)
            """, [database])
        var waited = false
        defer { if !waited { holder.terminate(); _ = holder.waitForEnd() } }
        let ready = (holder.standardOutput as? Pipe)?.fileHandleForReading.availableData ?? Data()
        #expect(String(decoding: ready, as: UTF8.self).hasPrefix("locked"))
        let result = try Self.donate(folder)
        #expect(result.status == 69)
        #expect(result.standardError == "beckon: error: store unavailable: the store state/beckon.db is locked by another process (waited 300 ms)\n")
        waited = true
        _ = holder.waitForEnd()
        // The donation refused under the lock was not recorded; the first one was.
        let counted = try BeckonProcess.run(["explain", "tip", "hello", "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(counted.status == 0)
    }

    @Test func aCorruptStoreIsRefusedAndLeftUntouched() throws {
        let folder = try Self.folder()
        let state = folder.appendingPathComponent("state")
        try FileManager.default.createDirectory(at: state, withIntermediateDirectories: true)
        let garbage = Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        let database = state.appendingPathComponent("beckon.db")
        try garbage.write(to: database)
        let result = try Self.donate(folder)
        #expect(result.status == 69)
        #expect(result.standardError == "beckon: error: store unavailable: state/beckon.db is not a Beckon store or is corrupt (it is not an SQLite database)\n")
        #expect(try Data(contentsOf: database) == garbage)
        #expect(try FileManager.default.contentsOfDirectory(atPath: state.path) == ["beckon.db"])
    }

    @Test func aStoreThatCannotBeCreatedIsUnavailable() throws {
        let folder = try Self.folder(storePath: "blocker/beckon.db")
        try "a file, not a folder".write(to: folder.appendingPathComponent("blocker"), atomically: true, encoding: .utf8)
        let result = try Self.donate(folder)
        #expect(result.status == 69)
        #expect(result.standardError.contains("blocker"))
    }

    @Test func aStoreFromANewerBeckonIsRefused() throws {
        let folder = try Self.folder()
        #expect(try Self.donate(folder).status == 0)
        let database = folder.appendingPathComponent("state/beckon.db").path
        let bump = try Self.python("""
            import sqlite3, sys
            connection = sqlite3.connect(sys.argv[1])
            connection.execute("PRAGMA user_version = 999")
            connection.commit()
            """, [database])
        #expect(bump.waitForEnd() == .exit(0))
        let before = try Data(contentsOf: URL(fileURLWithPath: database))
        let result = try Self.donate(folder)
        #expect(result.status == 69)
        #expect(result.standardError.contains("newer"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: database)) == before)
    }
}
