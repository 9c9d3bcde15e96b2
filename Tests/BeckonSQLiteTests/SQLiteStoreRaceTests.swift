import BeckonTestSupport
import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonSQLite
import Dispatch
import Foundation
import Synchronization
import Testing

/// Writers racing on one file, each with its own `SQLiteStore` (its own connection, as separate
/// processes would have), through the engine: compare-and-set in one transaction must give
/// exact answers. Bounded versions of issue 5's 8-process races.
@Suite struct SQLiteStoreRaceTests {
    static let yaml = """
        version: 1
        events:
          appLaunched: {}
          viewed: {info: {kind: string}}
        scenarios:
          once: {maxExecutionsPermitted: 1}
        """

    static let writers = 8
    static let now: Int64 = 1_767_225_600_000

    func engines(on path: String) throws -> [Engine] {
        let loaded = try ConfigurationLoader().load(yaml: Self.yaml, path: "race.yaml")
        return try (0..<Self.writers).map { _ in
            Engine(configuration: loaded.configuration, rules: loaded.rules, store: try SQLiteStore(path: path))
        }
    }

    /// Runs `body` for each engine on its own thread; returns the errors thrown.
    func race(_ engines: [Engine], _ body: @escaping @Sendable (Int, Engine) throws -> Void) -> [String] {
        let errors = Mutex<[String]>([])
        let shared = UncheckedEngines(engines)
        DispatchQueue.concurrentPerform(iterations: engines.count) { writer in
            do {
                try body(writer, shared.engines[writer])
            } catch {
                errors.withLock { $0.append("writer \(writer): \(error)") }
            }
        }
        return errors.withLock { $0 }
    }

    @Test func scenarioWithOneExecutionExecutesExactlyOnce() throws {
        for repetition in 0..<3 {
            let folder = try TemporaryFolder()
            let engines = try engines(on: folder.file("race.db"))
            let executed = Mutex(0)
            let errors = race(engines) { writer, engine in
                for attempt in 0..<25 {
                    let request = DecisionRequest(subject: "shared", now: Self.now + Int64(attempt))
                    if try engine.tryScenario("once", request).executed { executed.withLock { $0 += 1 } }
                }
            }
            #expect(errors == [])
            #expect(executed.withLock { $0 } == 1, "repetition \(repetition)")
            let record = try SQLiteStore(path: folder.file("race.db")).load(subject: "shared").record
            #expect(record.scenarios["once"]?.executions == 1)
        }
    }

    @Test func concurrentDonationsAreCountedExactly() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("donations.db")
        let engines = try engines(on: path)
        let perWriter = 60
        let errors = race(engines) { writer, engine in
            for index in 0..<perWriter {
                let request = DecisionRequest(subject: "shared", now: Self.now + Int64(index * Self.writers + writer))
                _ = try engine.donate("appLaunched", request)
                _ = try engine.donate("viewed", info: ["kind": .string("w\(writer)")], request)
            }
        }
        #expect(errors == [])
        let store = try SQLiteStore(path: path)
        let record = try store.load(subject: "shared").record
        let total = Self.writers * perWriter
        #expect(record.events["appLaunched"]?.count == Int64(total))
        #expect(record.events["viewed"]?.count == Int64(total))
        let launches = try store.donations(subject: "shared", event: "appLaunched", since: nil)
        #expect(launches.map(\.time) == (0..<Int64(total)).map { Self.now + $0 })
        let views = try store.donations(subject: "shared", event: "viewed", since: nil)
        #expect(views.count == total)
        #expect(views.allSatisfy { $0.info == [.string("w\(($0.time - Self.now) % Int64(Self.writers))")] })
    }

    /// Opening a new file from many threads at once creates the schema once; every opener
    /// gets a working store. Repeated, because the openers' interleavings differ run by run
    /// (one-by-one schema reads and a WAL switch racing a writer each failed one run in a few).
    @Test func openingANewFileAtOnceCreatesItOnce() throws {
        for _ in 0..<25 {
            let folder = try TemporaryFolder()
            let path = folder.file("new/fresh.db")
            let errors = Mutex<[String]>([])
            DispatchQueue.concurrentPerform(iterations: Self.writers) { writer in
                do {
                    let store = try SQLiteStore(path: path)
                    var committed = false
                    while !committed {
                        let stored = try store.load(subject: "s")
                        var record = stored.record
                        record.events["opened", default: EventCounters()].count += 1
                        committed = try store.commit(subject: "s", expectedVersion: stored.version, record: record, donations: .none)
                    }
                } catch {
                    errors.withLock { $0.append("opener \(writer): \(error)") }
                }
            }
            #expect(errors.withLock { $0 } == [])
            #expect(try SQLiteStore(path: path).load(subject: "s").record.events["opened"]?.count == Int64(Self.writers))
        }
    }

    /// Different subjects on separate connections never disturb each other.
    @Test func writersOnDifferentSubjectsEachKeepTheirOwnCounts() throws {
        let folder = try TemporaryFolder()
        let path = folder.file("subjects.db")
        let engines = try engines(on: path)
        let errors = race(engines) { writer, engine in
            for index in 0..<30 {
                _ = try engine.donate("appLaunched", DecisionRequest(subject: "subject-\(writer)", now: Self.now + Int64(index)))
            }
            _ = try engine.tryScenario("once", DecisionRequest(subject: "subject-\(writer)", now: Self.now + 100))
        }
        #expect(errors == [])
        let store = try SQLiteStore(path: path)
        for writer in 0..<Self.writers {
            let record = try store.load(subject: "subject-\(writer)").record
            #expect(record.events["appLaunched"]?.count == 30)
            #expect(record.scenarios["once"]?.executions == 1)
        }
    }
}

/// Engines are immutable and Sendable; the array is only read by the racing threads.
struct UncheckedEngines: @unchecked Sendable {
    let engines: [Engine]
    init(_ engines: [Engine]) { self.engines = engines }
}
