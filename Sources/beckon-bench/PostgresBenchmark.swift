import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonTestSupport
import Foundation

/// Decisions and donations per second through the engine over `postgres.store`, with 1, 4 and
/// 16 concurrent clients (threads, each deciding for random subjects), and the store calls a
/// decision makes: each call is one statement, so one round trip (issue 15: at least 15,000
/// decisions and 5,000 donations per second at 16 clients, a decision in at most 2 round trips).
/// `Benchmarks/postgres/run.sh` starts a server of its own and runs this against it.
struct PostgresBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "postgres",
        abstract: "Decisions and donations per second over postgres.store with 1, 4 and 16 concurrent clients."
    )

    @OptionGroup var postgres: PostgresStoreArguments
    @Option(help: ArgumentHelp("Concurrent clients, comma-separated.", valueName: "list")) var clients = "1,4,16"
    @Option(help: "Seconds per measured run.") var seconds = 3.0
    @Option(help: "Subjects the clients choose from at random.") var subjects = 1_000

    static let yaml = """
        version: 1
        events:
          opened: {}
        tips:
          welcome:
            title: Welcome
            rules: [events.opened.within(7d).count >= 3]
        """

    func run() throws {
        let counts = clients.split(separator: ",").compactMap { Int($0) }
        guard !counts.isEmpty, counts.allSatisfy({ $0 > 0 }) else { throw ValidationError("--clients must list positive numbers") }
        let store = CountingStore(try postgres.openStore(poolSize: counts.max()!))
        let loaded = try ConfigurationLoader().load(yaml: Self.yaml, path: "bench.yaml")
        let engine = Engine(configuration: loaded.configuration, rules: loaded.rules, store: store)
        let now: Int64 = 1_800_000_000_000
        let run = "\(getpid())-\(Int(Date().timeIntervalSince1970))"
        let names = (0..<subjects).map { "bench-\(run)-\($0)" }

        // Every subject with 5 donations in the window: a decision reads its record and its log.
        for index in 0..<subjects {
            for donation in 0..<5 { _ = try engine.donate("opened", DecisionRequest(subject: names[index], now: now - Int64(donation) * 3_600_000)) }
        }
        store.counting = true
        _ = try engine.tipStatus("welcome", DecisionRequest(subject: names[0], now: now))
        store.counting = false
        let calls = store.reset()
        print("postgres: \(subjects) subjects; one decision (tip status, a 7-day window) = \(calls.loads) load + \(calls.logs) log read + \(calls.commits) commit = \(calls.total) store calls, one statement (one round trip) each")

        for count in counts {
            let decisions = try Self.measure(clients: count, seconds: seconds) { random in
                _ = try engine.tipStatus("welcome", DecisionRequest(subject: names[random.below(names.count)], now: now))
            }
            // Donations go to subjects of their own, so that the next decisions still count 5.
            let donors = (0..<subjects).map { "donor-\(run)-\(count)-\($0)" }
            let donations = try Self.measure(clients: count, seconds: seconds) { random in
                _ = try engine.donate("opened", DecisionRequest(subject: donors[random.below(donors.count)], now: now))
            }
            print("postgres: \(count) client\(count == 1 ? "" : "s"): \(Self.rate(decisions)) decisions/s, \(Self.rate(donations)) donations/s")
        }
    }

    /// Operations per second: `clients` threads each running `body` until `seconds` pass.
    static func measure(clients: Int, seconds: Double, _ body: @escaping @Sendable (inout SplitMix64) throws -> Void) throws -> Double {
        let done = DispatchGroup()
        let totals = OperationTotals()
        let deadline = Date().addingTimeInterval(seconds)
        for client in 0..<clients {
            done.enter()
            Thread.detachNewThread {
                var random = SplitMix64(seed: UInt64(client + 1))
                var operations = 0
                do {
                    while Date() < deadline {
                        try body(&random)
                        operations += 1
                    }
                } catch {
                    totals.fail(error)
                }
                totals.add(operations)
                done.leave()
            }
        }
        done.wait()
        if let failure = totals.failure { throw ValidationError("a client failed: \(failure)") }
        return Double(totals.operations) / seconds
    }

    static func rate(_ value: Double) -> String { String(Int(value.rounded())) }
}

/// Operations and the first failure, summed over the clients.
private final class OperationTotals: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var operations = 0
    private(set) var failure: (any Error)?

    func add(_ count: Int) { lock.withLock { operations += count } }
    func fail(_ error: any Error) { lock.withLock { if failure == nil { failure = error } } }
}

/// A store that counts the calls the engine makes into another (each is one round trip to a
/// server store) while `counting` is on: only on one thread, so no lock is taken in the measured
/// runs.
final class CountingStore: Store, @unchecked Sendable {
    private let inner: any Store
    private var counts = Calls()
    /// Set on one thread while no other uses the store.
    var counting = false

    struct Calls {
        var loads = 0, logs = 0, commits = 0
        var total: Int { loads + logs + commits }
    }

    init(_ inner: any Store) { self.inner = inner }

    /// The calls since the last reset, and starts counting again.
    @discardableResult
    func reset() -> Calls {
        defer { counts = Calls() }
        return counts
    }

    func load(subject: String) throws(StoreError) -> StoredRecord {
        if counting { counts.loads += 1 }
        return try inner.load(subject: subject)
    }

    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        if counting { counts.commits += 1 }
        return try inner.commit(subject: subject, expectedVersion: expectedVersion, record: record, donations: donations)
    }

    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        if counting { counts.logs += 1 }
        return try inner.donations(subject: subject, event: event, since: since)
    }

    func donationLog(subject: String, event: String, since: Int64?) throws(StoreError) -> DonationLog {
        if counting { counts.logs += 1 }
        return try inner.donationLog(subject: subject, event: event, since: since)
    }
}
