import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonRules
@_spi(Benchmarks) import BeckonSQLite
import Foundation

/// How the SQLite store's cost grows (issue 14): decisions and donations per second with 10^3,
/// 10^5 (and, on request, 10^6) subjects in one file, and with donation logs of 10, 1,000 and
/// 100,000 donations. Each file is generated into a temporary folder
/// (subjects in one transaction per 10,000, logs in one commit) and deleted afterwards.
struct SQLiteScaleBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sqlite-scale",
        abstract: "Decisions and donations per second as the SQLite file grows: more subjects, longer logs."
    )

    @Option(help: ArgumentHelp("Subjects per file, comma-separated (1000000 takes about a minute more).", valueName: "list"))
    var subjects = "1000,100000"
    @Option(help: ArgumentHelp("Donations in the measured subject's log, comma-separated (up to 1000000).", valueName: "list"))
    var logs = "10,1000,100000"
    @Option(help: "Decisions per measured run.") var decisions = 50_000
    @Option(help: "Donations per measured run.") var donations = 5_000

    static let now: Int64 = 1_800_000_000_000
    static let day: Int64 = 86_400_000

    private func sizes(_ list: String, _ name: String) throws -> [Int] {
        let sizes = list.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard !sizes.isEmpty, let valid = sizes as? [Int], valid.allSatisfy({ $0 > 0 }) else {
            throw ValidationError("--\(name) must be positive integers separated by commas")
        }
        return valid
    }

    func validate() throws {
        _ = try sizes(subjects, "subjects")
        guard try sizes(logs, "logs").allSatisfy({ $0 <= 1_000_000 }) else { throw ValidationError("--logs allows at most 1000000") }
    }

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-bench-sqlite-scale-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        print("sqlite-scale: synchronous normal, WAL; \(decisions) decisions and \(donations) donations per run, medians of 5 runs")

        var first: (hot: Double, spread: Double, uncached: Double)?
        for count in try sizes(subjects, "subjects") {
            let file = folder.appendingPathComponent("subjects-\(count).db").path
            let rates = try measureSubjects(count, file: file)
            first = first ?? rates
            if let first {
                let ratio = { (value: Double, base: Double) in String(format: "%.2f", value / base) }
                print("sqlite-scale: \(count) subjects vs the first size: hot \(ratio(rates.hot, first.hot))×, spread \(ratio(rates.spread, first.spread))×, spread with the record cache off \(ratio(rates.uncached, first.uncached))×")
            }
            Self.remove(file)
        }
        for size in try sizes(logs, "logs") {
            let file = folder.appendingPathComponent("log-\(size).db").path
            try measureLog(size, file: file)
            Self.remove(file)
        }
    }

    // MARK: Subjects

    /// Decisions on 1,000 subjects spread over the file (hot: they stay cached), on every
    /// subject in turn (spread: each decision reads its record from the file once the file
    /// holds more subjects than the cache; then the same with the record cache off, so from the
    /// file at every size), and donations spread over every subject.
    func measureSubjects(_ count: Int, file: String) throws -> (hot: Double, spread: Double, uncached: Double) {
        let loaded = try ConfigurationLoader().load(yaml: Self.yaml(maxCount: 1000), path: "bench.yaml")
        let clock = ContinuousClock()
        let generation = try clock.measure {
            let store = try SQLiteStore(path: file)
            var record = SubjectRecord()
            record.parameters = ["isLoggedIn": .bool(true), "plan": .string("free")]
            record.events["appLaunched"] = EventCounters(count: 5, first: Self.now - 5 * Self.day, last: Self.now - Self.day)
            for start in stride(from: 0, to: count, by: 10_000) {
                let batch = (start..<min(start + 10_000, count)).map { (subject: Self.subject($0), record: record) }
                _ = try store.insertNewSubjects(batch)
            }
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        print("sqlite-scale: \(count) subjects generated in \(Self.seconds(generation)) (\(size / 1_048_576) MiB)")

        let store = try SQLiteStore(path: file)
        let engine = Engine(configuration: loaded.configuration, rules: loaded.rules, store: store)
        let hotStride = max(1, count / 1000)
        var available = 0
        var index = 0
        let hot = try Measurement.run(runs: 5) {
            for _ in 0..<decisions {
                index = (index + hotStride) % (hotStride * min(1000, count))
                let request = DecisionRequest(subject: Self.subject(index), now: Self.now, appVersion: Version(major: 2))
                if try engine.tipStatus("favorites", request).status == .available { available += 1 }
            }
        }
        print("sqlite-scale: \(count) subjects, tip status on 1,000 hot subjects: \(SQLiteBenchmark.rate(hot, decisions))")
        // A stride coprime with the count visits every subject, in no order the file keeps.
        let spreadStride = Self.coprimeStride(count)
        let spread = try Measurement.run(runs: 5) {
            for _ in 0..<decisions {
                index = (index + spreadStride) % count
                let request = DecisionRequest(subject: Self.subject(index), now: Self.now, appVersion: Version(major: 2))
                if try engine.tipStatus("favorites", request).status == .available { available += 1 }
            }
        }
        print("sqlite-scale: \(count) subjects, tip status spread over every subject: \(SQLiteBenchmark.rate(spread, decisions))")
        // The same with the store's record cache off: every decision reads its record from the
        // file at any size, so the ratio is the file's own growth.
        store.cachesRecords = false
        let uncached = try Measurement.run(runs: 5) {
            for _ in 0..<decisions {
                index = (index + spreadStride) % count
                let request = DecisionRequest(subject: Self.subject(index), now: Self.now, appVersion: Version(major: 2))
                if try engine.tipStatus("favorites", request).status == .available { available += 1 }
            }
        }
        store.cachesRecords = true
        print("sqlite-scale: \(count) subjects, tip status spread, record cache off: \(SQLiteBenchmark.rate(uncached, decisions))")
        var instant = Self.now
        let donate = try Measurement.run(runs: 5) {
            for _ in 0..<donations {
                index = (index + spreadStride) % count
                instant += 1
                _ = try engine.donate("viewed", info: ["kind": .string("k\(instant % 3)")], DecisionRequest(subject: Self.subject(index), now: instant))
            }
        }
        print("sqlite-scale: \(count) subjects, donate spread over every subject: \(SQLiteBenchmark.rate(donate, donations)) (available: \(available > 0))")
        return (1 / hot.median, 1 / spread.median, 1 / uncached.median)
    }

    // MARK: Logs

    /// One subject whose `viewed` log holds `size` donations, all inside the tip's 7-day window
    /// and at the log's bound: decisions count the whole window, and each donation prunes one.
    func measureLog(_ size: Int, file: String) throws {
        let loaded = try ConfigurationLoader().load(yaml: Self.yaml(maxCount: size), path: "bench.yaml")
        let clock = ContinuousClock()
        let request = DecisionRequest(subject: "bench", now: Self.now, appVersion: Version(major: 2))
        let generation = try clock.measure {
            let store = try SQLiteStore(path: file)
            let engine = Engine(configuration: loaded.configuration, rules: loaded.rules, store: store)
            try engine.setParameter("isLoggedIn", to: .bool(true), request)
            for launch in 0..<5 { _ = try engine.donate("appLaunched", DecisionRequest(subject: "bench", now: Self.now - Int64(launch) * Self.day)) }
            // The whole log in one commit: the engine's record says how many were donated.
            var stored = try store.load(subject: "bench")
            let step = 6 * Self.day / Int64(size)
            let retention = Retention(maxCount: size)
            let appends = (0..<size).map { index in
                (event: "viewed", donation: Donation(time: Self.now - Int64(size - index) * step, info: [.string("k\(index % 3)")]), retention: retention)
            }
            stored.record.events["viewed"] = EventCounters(count: Int64(size), first: appends.first?.donation.time, last: appends.last?.donation.time)
            guard try store.commit(subject: "bench", expectedVersion: stored.version, record: stored.record, donations: DonationChanges(appends: appends)) else {
                throw ValidationError("the generated log could not be stored")
            }
        }
        print("sqlite-scale: log of \(size) generated in \(Self.seconds(generation))")

        let store = try SQLiteStore(path: file)
        let engine = Engine(configuration: loaded.configuration, rules: loaded.rules, store: store)
        var available = 0
        // Fewer decisions over long logs: each counts every donation of the window.
        let decisions = max(100, min(self.decisions, self.decisions * 1000 / size))
        let status = try Measurement.run(runs: 5) {
            for _ in 0..<decisions where try engine.tipStatus("favorites", request).status == .available { available += 1 }
        }
        print("sqlite-scale: log of \(size), tip status counting the window: \(SQLiteBenchmark.rate(status, decisions)) (available: \(available > 0))")
        var instant = Self.now
        let donate = try Measurement.run(runs: 5) {
            for _ in 0..<donations {
                instant += 1
                _ = try engine.donate("viewed", info: ["kind": .string("k\(instant % 3)")], DecisionRequest(subject: "bench", now: instant))
            }
        }
        let logged = try store.donationLog(subject: "bench", event: "viewed", since: nil).times.count
        print("sqlite-scale: log of \(size), donate at the bound (prunes the oldest): \(SQLiteBenchmark.rate(donate, donations)) (logged \(logged))")
    }

    // MARK: Helpers

    static func subject(_ index: Int) -> String { "user-\(index)" }

    /// A stride near a third of `count` that shares no factor with it.
    static func coprimeStride(_ count: Int) -> Int {
        func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
        var stride = max(1, count / 3 + 1)
        while gcd(stride, count) != 1 { stride += 1 }
        return stride
    }

    static func seconds(_ duration: Duration) -> String {
        let seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
        return String(format: "%.2f s", seconds)
    }

    static func remove(_ file: String) {
        for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file + suffix) }
    }

    static func yaml(maxCount: Int) -> String {
        """
        version: 1
        app: {version: 2.0.0}
        parameters:
          isLoggedIn: {type: bool, default: false}
          plan: {type: string, default: free}
        events:
          appLaunched: {}
          viewed: {info: {kind: string}, retention: {maxCount: \(maxCount)}}
        tips:
          favorites:
            title: Try favorites
            rules:
              - params.isLoggedIn
              - params.plan == "free"
              - events.appLaunched.count >= 3
              - events.viewed.within(7d).count >= 0
        """
    }
}
