import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
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

    @Option(name: .customLong("option"), help: ArgumentHelp("One of the store's options (store.options), as NAME=VALUE; repeatable. A value of digits is an integer.", valueName: "name=value"))
    var options: [String] = []
    @Option(help: ArgumentHelp("The plugin (default: libbeckon-postgres-store.so next to this program).", valueName: "path"))
    var plugin: String?
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
        let store = try openStore(poolSize: counts.max()!)
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

    private func openStore(poolSize: Int) throws -> CountingStore {
        CountingStore(try Self.openStore(plugin: plugin, options: options, poolSize: poolSize))
    }

    /// `postgres.store` from `plugin` (default: next to this program) with `options` (NAME=VALUE
    /// each, a value of digits an integer) and a pool of `poolSize` connections unless the
    /// options set one.
    static func openStore(plugin: String?, options: [String], poolSize: Int) throws -> any Store {
        let path = try plugin ?? pluginNextToThisProgram()
        let declaration = PluginDeclaration(path: path, writtenPath: path, namespace: nil, span: .wholeFile("bench.yaml"))
        let (host, diagnostics) = PluginHost.load([declaration])
        guard diagnostics.isEmpty else { throw ValidationError("the plugin did not load: \(diagnostics.map(\.message))") }
        var members: [(String, ConfigValue)] = try options.map { option in
            guard let equals = option.firstIndex(of: "=") else { throw ValidationError("--option \(option): write NAME=VALUE") }
            let value = String(option[option.index(after: equals)...])
            return (String(option[..<equals]), Int64(value).map(ConfigValue.int) ?? .string(value))
        }
        if !members.contains(where: { $0.0 == "poolSize" }) { members.append(("poolSize", .int(Int64(poolSize)))) }
        return try host.openStore(namespace: "postgres", name: "store", options: .map(members))
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

    private static func pluginNextToThisProgram() throws -> String {
        let folder = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let path = folder.appendingPathComponent("libbeckon-postgres-store.so").path
        guard FileManager.default.fileExists(atPath: path) else {
            throw ValidationError("no \(path): build it (swift build -c release --product beckon-postgres-store) or give --plugin")
        }
        return path
    }
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
