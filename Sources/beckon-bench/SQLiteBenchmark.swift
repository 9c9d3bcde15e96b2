import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonSQLite
import Foundation

/// Decision speed of the engine over the SQLite store, in-process, from a warm file (issue 5:
/// tip status at least 100,000 per second and donations at least 30,000 per second, one core).
struct SQLiteBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sqlite",
        abstract: "Time tip status (five rules incl. a 7-day window), donations, and scenario try through the engine over the SQLite store."
    )

    @Option(help: "Tip statuses per measured run.") var operations = 100_000
    @Option(help: "Donations per measured run.") var donations = 20_000
    @Option(help: "Donations inside the tip's 7-day window when tip status is measured.") var window = 50
    @Option(help: "normal or full (an fsync per commit).") var synchronous = "normal"
    @Option(help: ArgumentHelp("Use (and keep) the store at this path instead of a temporary one.", valueName: "path"))
    var path: String?
    @Option(help: ArgumentHelp("Measure only these, for profiling: open, parts, status, scenario, donate (comma-separated).", valueName: "list"))
    var only: String?

    private func measures(_ part: String) -> Bool {
        only.map { $0.split(separator: ",").contains(Substring(part)) } ?? true
    }

    func validate() throws {
        guard SQLiteSynchronous(rawValue: synchronous) != nil else { throw ValidationError("--synchronous must be normal or full") }
    }

    func run() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-bench-sqlite-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = path ?? folder.appendingPathComponent("bench.db").path
        let mode = SQLiteSynchronous(rawValue: synchronous)!
        let loaded = try ConfigurationLoader().load(yaml: Self.yaml, path: "bench.yaml")
        let now: Int64 = 1_800_000_000_000
        let request = DecisionRequest(subject: "bench", now: now, appVersion: Version(major: 2))

        // Set up the subject, then start again from the file: what a host process finds.
        do {
            let engine = Engine(configuration: loaded.configuration, rules: loaded.rules, store: try SQLiteStore(path: file, synchronous: mode))
            try engine.resetSubject(request)
            try engine.setParameter("isLoggedIn", to: .bool(true), request)
            try engine.setParameter("plan", to: .string("free"), request)
            for launch in 0..<5 { _ = try engine.donate("appLaunched", DecisionRequest(subject: "bench", now: now - Int64(launch) * 86_400_000)) }
            for index in 0..<window {
                let info: [String: Value] = ["kind": .string("k\(index % 3)")]
                _ = try engine.donate("viewed", info: info, DecisionRequest(subject: "bench", now: now - Int64(index) * 3_000_000))
            }
        }
        let store = try SQLiteStore(path: file, synchronous: mode)
        let engine = Engine(configuration: loaded.configuration, rules: loaded.rules, store: store)
        print("sqlite: \(file), synchronous \(synchronous), WAL")

        if measures("open") {
            let open = try Measurement.run(runs: 5) {
                for _ in 0..<100 { _ = try SQLiteStore(path: file, synchronous: mode) }
            }
            print("sqlite: open the store (what each CLI process does): \(open.summary(scale: 1e6 / 100, unit: "µs"))")
        }
        if measures("parts") { try measureParts(store, subject: "bench", since: now - 7 * 86_400_000) }

        if measures("status") {
            var available = 0
            let status = try Measurement.run(runs: 7) {
                for _ in 0..<operations where try engine.tipStatus("favorites", request).status == .available { available += 1 }
            }
            print("sqlite: tip status, 5 rules, \(window) donations in the window: \(Self.rate(status, operations)) (available: \(available > 0))")
        }

        if measures("scenario") {
            var executed = 0
            let scenario = try Measurement.run(runs: 5) {
                for _ in 0..<(operations / 5) where try engine.tryScenario("unlimited", request).executed { executed += 1 }
            }
            print("sqlite: scenario try (executes and commits): \(Self.rate(scenario, operations / 5)) (executed: \(executed))")
        }

        if measures("donate") {
            // Another subject, whose log reaches its bound of 1,000 in the warm-up: then each
            // append also prunes the oldest.
            var instant = now
            let donor = try Measurement.run(runs: 5) {
                for _ in 0..<donations {
                    instant += 1_000
                    let info: [String: Value] = ["kind": .string("k\(instant % 3)")]
                    _ = try engine.donate("viewed", info: info, DecisionRequest(subject: "donor", now: instant))
                }
            }
            let logged = try store.donations(subject: "donor", event: "viewed", since: nil).count
            let count = try store.load(subject: "donor").record.events["viewed"]?.count ?? 0
            print("sqlite: donate with info, log at its bound: \(Self.rate(donor, donations)) (count \(count), logged \(logged))")
        }
        let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        print("sqlite: file \(size / 1024) KiB")
    }

    /// What a tip status costs the store, piece by piece: decoding the record alone, reading
    /// it, and reading the window's donations.
    func measureParts(_ store: SQLiteStore, subject: String, since: Int64) throws {
        let bytes = SubjectRecordCodec.encode(try store.load(subject: subject).record)
        var decoded = 0
        let decode = try Measurement.run(runs: 5) {
            for _ in 0..<operations { decoded += try SubjectRecordCodec.decode(bytes).parameters.count }
        }
        print("sqlite: decode a record of \(bytes.count) bytes (no SQLite): \(Self.rate(decode, operations))")
        var versions = 0
        let load = try Measurement.run(runs: 5) {
            for _ in 0..<operations { versions += Int(try store.load(subject: subject).version) }
        }
        print("sqlite: store load: \(Self.rate(load, operations))")
        var read = 0
        let log = try Measurement.run(runs: 5) {
            for _ in 0..<operations { read += try store.donationLog(subject: subject, event: "viewed", since: since).times.count }
        }
        let count = try store.donationLog(subject: subject, event: "viewed", since: since).times.count
        print("sqlite: store log read (\(count) donations with info): \(Self.rate(log, operations))")
    }

    /// `1234.5 ns per operation, 810,000 per second (median of 7 runs of 100000)`.
    static func rate(_ measurement: Measurement, _ operations: Int) -> String {
        let seconds = measurement.median / Double(operations)
        let nanoseconds = (seconds * 1e10).rounded() / 10
        let perSecond = Int((1 / seconds).rounded())
        return "\(nanoseconds) ns per operation, \(perSecond) per second (median of \(measurement.samples.count) runs of \(operations))"
    }

    static let yaml = """
        version: 1
        app: {version: 2.0.0}
        display: {frequency: daily}
        parameters:
          isLoggedIn: {type: bool, default: false}
          plan: {type: string, default: free}
        events:
          appLaunched: {}
          viewed: {info: {kind: string}, retention: {maxCount: 1000}}
        scenarios:
          unlimited: {conditions: [params.isLoggedIn]}
        tips:
          welcome: {title: Welcome, rules: [params.isLoggedIn]}
          favorites:
            title: Try favorites
            message: Keep the places you like at hand.
            rules:
              - params.isLoggedIn
              - params.plan == "free"
              - events.appLaunched.count >= 3
              - events.viewed.within(7d).count >= 3
              - events.viewed.within(7d).where(info.kind == "k1").count >= 1
        """
}
