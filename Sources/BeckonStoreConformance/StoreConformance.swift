public import BeckonCore

/// The `Store` contract as runnable checks: every backend (memory, SQLite, a plugin's store) is
/// run through the same list, by the test suites and by the command-line conformance tool.
///
/// ```swift
/// for check in StoreConformance.checks {
///     let result = StoreConformance.run(check) { MemoryStore() }
///     print(result)
/// }
/// ```
///
/// The kit imports no test framework: a failed expectation is recorded in the result, never
/// reported to XCTest or Swift Testing directly, so any runner can present it.
public enum StoreConformance {
    /// Every check of the contract, in a stable order; names are unique.
    public static let checks: [StoreConformanceCheck] =
        BasicChecks.all + DonationChecks.all + RoundTripChecks.all + ConcurrencyChecks.all + SubjectDataChecks.all

    /// The check with this name, if any.
    public static func check(named name: String) -> StoreConformanceCheck? {
        checks.first { $0.name == name }
    }

    /// Runs one check against a fresh store.
    ///
    /// - Parameters:
    ///   - makeStore: returns a new, empty store each time it is called (a check may call it
    ///     more than once).
    ///   - reopen: optionally, opens another handle on the same data as the given store (a new
    ///     connection to the same SQLite file, say). Checks then read through fresh handles and
    ///     race writers on separate handles; without it they use the one store.
    public static func run(_ check: StoreConformanceCheck, makeStore: () throws -> any Store,
                           reopen: ((any Store) throws -> any Store)? = nil) -> StoreConformanceResult {
        let store: any Store
        do {
            store = try makeStore()
        } catch {
            return StoreConformanceResult(check: check.name, failures: ["could not create the store: \(error)"])
        }
        let probe = Probe(store: store, reopen: reopen)
        do {
            try check.body(probe)
        } catch is Probe.Stop {
            // The failure that stopped the check is already recorded.
        } catch {
            probe.fail("unexpected error: \(error)")
        }
        return StoreConformanceResult(check: check.name, failures: probe.failures, skipped: probe.skipped)
    }

    /// Runs one check against a store that `open` opens (a new handle each call), on subjects
    /// under `prefix` (empty: none), so that a durable or shared store, which shows each run the
    /// data of the runs before, starts empty for the check; a store that `sharesData` (durable,
    /// shared) is read back through second handles unless `reopens` is false.
    public static func run(_ check: StoreConformanceCheck, opening open: () throws -> any Store, prefix: String,
                           sharesData: Bool, reopens: Bool = true) -> StoreConformanceResult {
        func prefixed() throws -> any Store {
            let store = try open()
            return prefix.isEmpty ? store : PrefixedStore(store, prefix: prefix)
        }
        return withoutActuallyEscaping(prefixed) { prefixed in
            run(check, makeStore: prefixed, reopen: sharesData && reopens ? { _ in try prefixed() } : nil)
        }
    }

    /// Every check against a store that `open` opens, each on subjects under `runPrefix`, its
    /// name and `/`: the failures, one line each (`check-name: what failed`), none when it passes.
    public static func failures(opening open: () throws -> any Store, sharesData: Bool, runPrefix: String) -> [String] {
        checks.flatMap { check in
            run(check, opening: open, prefix: runPrefix + check.name + "/", sharesData: sharesData).failures.map { "\(check.name): \($0)" }
        }
    }

    /// A prefix no earlier run used: `TOOL/RANDOM/`, to which each check's name and `/` are added.
    public static func runPrefix(_ tool: String) -> String {
        tool + "/" + String(UInt64.random(in: 0...UInt64.max), radix: 16) + "/"
    }

    /// Runs every check, each against its own fresh store.
    public static func runAll(makeStore: () throws -> any Store,
                              reopen: ((any Store) throws -> any Store)? = nil) -> [StoreConformanceResult] {
        checks.map { run($0, makeStore: makeStore, reopen: reopen) }
    }
}

/// One named clause of the `Store` contract.
public struct StoreConformanceCheck: Sendable, Hashable, CustomStringConvertible {
    /// A stable id, e.g. `stale-commit-changes-nothing`: what tools and tests select checks by.
    public let name: String
    /// What the clause promises, in one sentence.
    public let summary: String
    let body: @Sendable (Probe) throws -> Void

    init(_ name: String, _ summary: String, _ body: @escaping @Sendable (Probe) throws -> Void) {
        self.name = name
        self.summary = summary
        self.body = body
    }

    public static func == (lhs: StoreConformanceCheck, rhs: StoreConformanceCheck) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    public var description: String { name }
}

/// The outcome of one check: passed, or every failed expectation with what was found.
public struct StoreConformanceResult: Sendable, Hashable, CustomStringConvertible {
    /// The check's name.
    public var check: String
    /// What went wrong, one line each; empty when the check passed.
    public var failures: [String]
    /// Why the check did not apply, when the store lacks what it checks (an optional operation):
    /// not a failure.
    public var skipped: String?

    /// Creates a result.
    public init(check: String, failures: [String], skipped: String? = nil) {
        self.check = check
        self.failures = failures
        self.skipped = skipped
    }

    /// Whether every expectation held (a skipped check has none that failed).
    public var passed: Bool { failures.isEmpty }

    /// `ok`, `skipped: why`, or the failures, one per line.
    public var message: String { passed ? skipped.map { "skipped: \($0)" } ?? "ok" : failures.joined(separator: "\n") }

    /// `PASS name`, `SKIP name: why`, or `FAIL name` followed by the indented failures.
    public var description: String {
        guard passed else { return (["FAIL \(check)"] + failures.map { "  " + $0 }).joined(separator: "\n") }
        return skipped.map { "SKIP \(check): \($0)" } ?? "PASS \(check)"
    }
}
