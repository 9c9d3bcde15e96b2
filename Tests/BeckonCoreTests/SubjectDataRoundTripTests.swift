import BeckonCore
import BeckonRules
import BeckonRuntime
import BeckonSQLite
import BeckonTestSupport
import Foundation
import Testing

/// Export → import into an empty store of each kind → export gives the same bytes, and a copy
/// from memory to SQLite keeps every answer, over the generated configurations and histories of
/// `FastPathPropertyTests` (several subjects each, by renaming its subject).
@Suite("Subject data round trip")
struct SubjectDataRoundTripTests {
    static let configurations = 40

    /// A generated configuration and a memory store holding the histories of a few subjects.
    static func history(_ random: inout SplitMix64, subjects: Int) throws -> (configuration: Configuration, rules: RuleBook, store: MemoryStore, now: Int64) {
        let yaml = FastPathPropertyTests.configuration(&random)
        let store = MemoryStore()
        var configuration: Configuration?, rules: RuleBook?, latest = t0
        for index in 0..<subjects {
            // Ids that sort differently by bytes and by Swift's `<`, and a few that need escapes.
            let subject = random.pick(["user-\(index)", "Ü-\(index)", "z\(index)", "q\"\\\(index)", "é\(index)"])
            let harness = try Harness(yaml, store: RenamedSubjectStore(store, as: subject))
            configuration = harness.configuration
            rules = harness.engine.rules
            var now = t0
            for _ in 0..<(1 + random.next() % 12) {
                now += 1 + Int64(random.next() % UInt64(8 * hour))
                try FastPathPropertyTests.step(&random, harness.engine, now)
            }
            latest = max(latest, now)
        }
        return (configuration!, rules!, store, latest)
    }

    static func exported(_ store: any Store, _ configuration: Configuration) throws -> [UInt8] {
        var bytes: [UInt8] = []
        _ = try SubjectData.export(from: store, configuration: configuration, subjects: nil) { bytes += $0 }
        return bytes
    }

    /// An empty store of the kind, and the folder to remove after (SQLite's). A PostgreSQL store
    /// is `postgres.store` (the plugin, as a configuration loads it) on a new database of the
    /// suite's server.
    static func emptyStore(_ kind: String) throws -> (any Store, URL?) {
        switch kind {
        case "memory":
            return (MemoryStore(), nil)
        case "sqlite":
            let folder = try TestRunFolder.newFolder("data")
            return (try SQLiteStore(path: folder.appendingPathComponent("beckon.db").path), folder)
        default:
            let server = try PostgresServer.shared.get()
            let yaml = "version: 1\n" + (try server.storeYAML(database: try server.createDatabase("data")))
            return (try Runtime.open(try Runtime.load(yaml: yaml, path: "postgres.yaml")).engine.store, nil)
        }
    }

    static let kinds = ["memory", "sqlite", "postgres"]

    @Test(arguments: kinds)
    func exportImportExportIsByteIdentical(into kind: String) throws {
        var random = SplitMix64(seed: 0xDA7A_0027)
        var lines = 0
        for _ in 0..<Self.configurations {
            let (configuration, _, store, _) = try Self.history(&random, subjects: 1 + Int(random.next() % 5))
            let exported = try Self.exported(store, configuration)
            lines += exported.filter { $0 == UInt8(ascii: "\n") }.count
            let (target, folder) = try Self.emptyStore(kind)
            defer { if let folder { try? FileManager.default.removeItem(at: folder) } }
            let summary = try SubjectData.importData(from: .bytes(exported), into: target, configuration: configuration)
            #expect(summary.unchanged == 0 && summary.replaced == 0)
            #expect(try Self.exported(target, configuration) == exported, "\(String(decoding: exported, as: UTF8.self))")
        }
        #expect(lines >= Self.configurations, "every configuration exported its subjects")
    }

    @Test(arguments: kinds)
    func copyFromMemoryKeepsEveryAnswer(to kind: String) throws {
        var random = SplitMix64(seed: 0xC0B1_0027)
        let (configuration, rules, source, now) = try Self.history(&random, subjects: 300)
        let (target, folder) = try Self.emptyStore(kind)
        defer { if let folder { try? FileManager.default.removeItem(at: folder) } }
        let summary = try SubjectData.copy(from: source, to: target)
        let subjects = try source.subjects(after: nil, limit: 1000).map(\.subject)
        #expect(summary.copied == subjects.count && summary.unchanged == 0 && summary.refusedCount == 0)
        #expect(summary.mismatchCount == 0 && summary.checked == subjects.count)
        let before = Engine(configuration: configuration, rules: rules, store: source)
        let after = Engine(configuration: configuration, rules: rules, store: target)
        for subject in subjects {
            for tip in configuration.tips.ids {
                let request = DecisionRequest(subject: subject, now: now + day)
                let expected = try before.tipStatus(tip, request), answer = try after.tipStatus(tip, request)
                #expect(answer.status == expected.status && answer.reason == expected.reason && answer.revisitAt == expected.revisitAt,
                        "\(subject) \(tip)")
            }
        }
        let again = try SubjectData.copy(from: source, to: target)
        #expect(again.copied == 0 && again.unchanged == subjects.count && again.mismatchCount == 0, "a rerun copies nothing")
    }
}

/// A store whose subject "default" (the one `FastPathPropertyTests.step` decides for) is kept
/// under another id.
final class RenamedSubjectStore: Store, @unchecked Sendable {
    let inner: any Store
    let subject: String

    init(_ inner: any Store, as subject: String) {
        self.inner = inner
        self.subject = subject
    }

    private func renamed(_ given: String) -> String { given == "default" ? subject : given }

    func load(subject: String) throws(StoreError) -> StoredRecord { try inner.load(subject: renamed(subject)) }

    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        try inner.commit(subject: renamed(subject), expectedVersion: expectedVersion, record: record, donations: donations)
    }

    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        try inner.donations(subject: renamed(subject), event: event, since: since)
    }
}
