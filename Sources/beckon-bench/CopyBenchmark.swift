import ArgumentParser
import BeckonCore
import BeckonRules
import BeckonRuntime
import BeckonSQLite
import Foundation

/// Moving a store from SQLite to PostgreSQL (issue 27): a SQLite file of `--subjects` subjects,
/// each with parameters, two events' counters and logs, a tip's record and what's new, copied
/// into `postgres.store` by `SubjectData.copy` (what `beckon data copy --to` runs: every subject
/// read consistently, restored at its version, then both stores listed and compared), timed, in
/// subjects per second. `Benchmarks/postgres/run.sh copy` starts a server of its own and runs this.
struct CopyBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "copy",
        abstract: "Subjects per second copied from a SQLite store into postgres.store, with the check at the end."
    )

    @OptionGroup var postgres: PostgresStoreArguments
    @Option(help: "Subjects in the SQLite store.") var subjects = 100_000

    static let now: Int64 = 1_800_000_000_000

    /// A subject's state: what a few weeks of use leave.
    static func snapshot(_ index: Int) -> SubjectSnapshot {
        var record = SubjectRecord()
        record.parameters["plan"] = .string(index % 3 == 0 ? "pro" : "free")
        record.parameters["favoritesCount"] = .int(Int64(index % 17))
        let times = (0..<5).map { now - Int64(5 - $0) * 86_400_000 - Int64(index % 1000) }
        record.events["opened"] = EventCounters(count: 12, first: times[0] - 30 * 86_400_000, last: times[4])
        record.events["viewed"] = EventCounters(count: 3, first: times[2], last: times[4])
        record.tips["welcome"] = TipRecord(displayCount: 2, firstDisplay: times[1], lastDisplay: times[3], displayDuration: 4_000)
        record.whatsNew = WhatsNewRecord(presented: [Version(major: 2, minor: 3)], lastSeenAppVersion: Version(major: 2, minor: 3, patch: 1))
        let logs: [String: [Donation]] = [
            "opened": times.map { Donation(time: $0) },
            "viewed": times.suffix(3).map { Donation(time: $0, info: [.string("landmark-\(index % 97)"), .bool(index % 2 == 0)]) },
        ]
        return SubjectSnapshot(record: record, version: Int64(1 + index % 9), logs: logs)
    }

    func run() throws {
        guard subjects > 0 else { throw ValidationError("--subjects must be positive") }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-bench-copy-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let source = try SQLiteStore(path: folder.appendingPathComponent("source.db").path)
        let run = "\(getpid())-\(Int(Date().timeIntervalSince1970))"
        var started = Date()
        for index in 0..<subjects {
            guard try source.restore(subject: "user-\(run)-\(index)", expectedVersion: 0, snapshot: Self.snapshot(index)) else {
                throw ValidationError("subject \(index) was already in a new file")
            }
        }
        print("copy: \(subjects) subjects written to SQLite in \(Self.seconds(since: started)) s")

        let target = try postgres.openStore(poolSize: SubjectData.copyWorkers)
        started = Date()
        let summary = try SubjectData.copy(from: source, to: target)
        let elapsed = Date().timeIntervalSince(started)
        guard summary.copied == subjects, summary.checked == subjects, summary.mismatchCount == 0 else {
            throw ValidationError("the copy is not whole: \(summary)")
        }
        print("copy: SQLite -> postgres.store, \(subjects) subjects copied and checked in \(String(format: "%.1f", elapsed)) s: \(Int((Double(subjects) / elapsed).rounded())) subjects/s")
    }

    static func seconds(since start: Date) -> String { String(format: "%.1f", Date().timeIntervalSince(start)) }
}
