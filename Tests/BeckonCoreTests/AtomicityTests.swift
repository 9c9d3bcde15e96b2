import BeckonCore
import BeckonRules
import Foundation
import Synchronization
import Testing

/// SEMANTICS §9: every operation on one subject is atomic with its check, also when many threads
/// (or many engines over one store, as processes would be) race.
@Suite struct AtomicityTests {
    static let threads = 16

    /// The stores raced on: the memory store as is, and behind a delay between each read and
    /// what follows, so that racing read-decide-commit cycles surely overlap.
    enum StoreKind: String, CaseIterable, Sendable {
        case memory, slowReads
        func make() -> any Store { self == .memory ? MemoryStore() : SlowStore() }
    }

    /// Runs `body` on `count` threads that start together, and waits for all of them.
    static func race(_ count: Int = threads, _ body: @escaping @Sendable (Int) -> Void) {
        let ready = DispatchGroup(), done = DispatchGroup()
        let start = DispatchSemaphore(value: 0)
        for index in 0..<count {
            ready.enter()
            done.enter()
            Thread {
                ready.leave()
                start.wait()
                body(index)
                done.leave()
            }.start()
        }
        ready.wait()
        for _ in 0..<count { start.signal() }
        done.wait()
    }

    @Test(arguments: StoreKind.allCases)
    func racingTriesTakeTheLastExecutionOnce(store: StoreKind) throws {
        let harness = try Harness("scenarios: {review: {maxExecutionsPermitted: 1}}", store: store.make())
        let engines = (0..<Self.threads).map { _ in harness.sibling() }
        let executed = Tally(), failed = Tally()
        Self.race { index in
            do {
                if try engines[index].tryScenario("review", at(t0)).executed { executed.add() }
            } catch {
                failed.add()
            }
        }
        #expect(failed.count == 0)
        #expect(executed.count == 1)
        #expect(try harness.record().scenarios["review"]?.executions == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func racingTriesTakeExactlyThePermittedExecutions(store: StoreKind) throws {
        let harness = try Harness("scenarios: {review: {maxExecutionsPermitted: 5}}", store: store.make())
        let executed = Tally()
        Self.race { _ in
            for _ in 0..<3 {
                if (try? harness.engine.tryScenario("review", at(t0)).executed) == true { executed.add() }
            }
        }
        #expect(executed.count == 5)
        #expect(try harness.record().scenarios["review"]?.executions == 5)
    }

    @Test(arguments: StoreKind.allCases)
    func racingDisplaysOfAOneTimeTipRecordOne(store: StoreKind) throws {
        let harness = try Harness("tips: {once: {title: Once, maxDisplayCount: 1}}", store: store.make())
        let engines = (0..<Self.threads).map { _ in harness.sibling() }
        let displayed = Tally()
        Self.race { index in
            if (try? engines[index].displayTip("once", at(t0 + Int64(index))).changed) == true { displayed.add() }
        }
        #expect(displayed.count == 1)
        let record = try #require(try harness.record().tips["once"])
        #expect(record.displayCount == 1)
        #expect(record.invalidation == .displayCountExceeded)
    }

    @Test(arguments: StoreKind.allCases)
    func racingFirstDisplaysRespectTheCooldown(store: StoreKind) throws {
        let harness = try Harness("""
            display: {frequency: daily}
            tips: {a: {title: A}, b: {title: B}, c: {title: C}, d: {title: D}}
            """, store: store.make())
        let displayed = Collected<String>()
        Self.race { index in
            let tip = ["a", "b", "c", "d"][index % 4]
            if (try? harness.engine.displayTip(tip, at(t0)).changed) == true { displayed.add(tip) }
        }
        // One tip won the first display; only it could be displayed again within the day.
        let winners = Set(displayed.items)
        #expect(winners.count == 1)
        let record = try harness.record()
        #expect(record.tips.count == 1)
        #expect(record.tips.values.first?.displayCount == Int64(displayed.count))
    }

    @Test(arguments: StoreKind.allCases)
    func racingDonationsCountExactly(store: StoreKind) throws {
        let harness = try Harness("""
            events: {e: {retention: {maxCount: 25}}}
            scenarios: {s: {event: e}}
            """, store: store.make())
        _ = try harness.engine.resetScenario("s", at(t0))
        let perThread = 20
        Self.race { index in
            for step in 0..<perThread {
                _ = try? harness.engine.donate("e", at(t0 + Int64(step * Self.threads + index)))
            }
        }
        let total = Int64(Self.threads * perThread)
        let record = try harness.record()
        #expect(record.events["e"]?.count == total)
        #expect(try harness.engine.scenarioStatus("s", at(t0 + total)).events == total)
        #expect(try harness.logTimes("e") == (total - 25..<total).map { t0 + $0 })
    }

    @Test(arguments: StoreKind.allCases)
    func racingPresentsShowEachEntryOnce(store: StoreKind) throws {
        let harness = try Harness("""
            app: {version: 1.0.0}
            whatsNew: {entries: [{version: 1.0.0, title: One}]}
            """, store: store.make())
        let shown = Tally()
        Self.race { _ in
            if let decision = try? harness.engine.whatsNewPresent(at(t0)), !decision.entries.isEmpty { shown.add() }
        }
        #expect(shown.count == 1)
    }

    @Test(arguments: StoreKind.allCases)
    func racingSubjectsKeepTheirOwnCounts(store: StoreKind) throws {
        let harness = try Harness("scenarios: {s: {}}", store: store.make())
        Self.race { index in
            for _ in 0..<10 { _ = try? harness.engine.triggerScenario("s", at(t0, "subject-\(index % 4)")) }
        }
        for subject in 0..<4 {
            #expect(try harness.record("subject-\(subject)").scenarios["s"]?.events == Int64(10 * Self.threads / 4))
        }
    }

    // MARK: Store failures and contention

    @Test func contentionGivesUpWithoutWriting() throws {
        let store = RefusingStore()
        let harness = try Harness("scenarios: {s: {}}", store: store)
        #expect(engineError { try harness.engine.tryScenario("s", at(t0)) } == .contention(subject: "default"))
        #expect(store.commits.count > 1, "retried before giving up")
        #expect(try harness.stored().version == 0)
    }

    /// A tip whose rule reads a donation log, so that its status needs the store.
    static let windowedTip = """
        events: {e: {}}
        tips: {t: {title: T, rules: ["events.e.within(1d).count == 0"]}}
        """

    @Test func storeErrorsFailTheOperation() throws {
        let harness = try Harness(Self.windowedTip, store: FailingStore())
        #expect(engineError { try harness.engine.tipStatus("t", at(t0)) } == .store(FailingStore.failure))
        #expect(engineError { try harness.engine.donate("e", at(t0)) } == .store(FailingStore.failure))
    }

    @Test func failingLogReadIsNotAnEmptyLog() throws {
        let harness = try Harness(Self.windowedTip, store: FailingStore(failLoads: false))
        // An unreadable log must not make "no donations" true.
        #expect(engineError { try harness.engine.tipStatus("t", at(t0)) } == .store(FailingStore.failure))
        #expect(engineError { try harness.engine.displayTip("t", at(t0)) } == .store(FailingStore.failure))
    }
}

/// A store where another writer always got there first.
final class RefusingStore: Store {
    let commits = Tally()
    func load(subject: String) throws(StoreError) -> StoredRecord { StoredRecord(record: SubjectRecord(), version: 0) }
    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        commits.add()
        return false
    }
    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] { [] }
}

/// A store that is unavailable (or whose logs are).
final class FailingStore: Store {
    static let failure = StoreError(.unavailable, "database is locked")
    let failLoads: Bool
    init(failLoads: Bool = true) { self.failLoads = failLoads }
    func load(subject: String) throws(StoreError) -> StoredRecord {
        if failLoads { throw Self.failure }
        return StoredRecord(record: SubjectRecord(), version: 0)
    }
    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        throw Self.failure
    }
    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] { throw Self.failure }
}

/// A count that racing threads add to.
final class Tally: Sendable {
    private let value = Mutex(0)
    func add() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// A list that racing threads append to.
final class Collected<Item: Sendable>: Sendable {
    private let list = Mutex<[Item]>([])
    func add(_ item: Item) { list.withLock { $0.append(item) } }
    var items: [Item] { list.withLock { $0 } }
    var count: Int { list.withLock { $0.count } }
}

/// A memory store that pauses after every read: writers that race read the same version, so a
/// decision that is not atomic with its commit would show.
final class SlowStore: Store {
    private let base = MemoryStore()
    func load(subject: String) throws(StoreError) -> StoredRecord {
        let stored = try base.load(subject: subject)
        usleep(300)
        return stored
    }
    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        try base.commit(subject: subject, expectedVersion: expectedVersion, record: record, donations: donations)
    }
    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        try base.donations(subject: subject, event: event, since: since)
    }
}
