import BeckonClock
import BeckonCore
import BeckonStoreConformance
import Foundation
import Synchronization
import Testing

/// `MemoryStore` against every clause of the `Store` contract, one test case per check.
@Suite struct StoreContractTests {
    @Test(arguments: StoreConformance.checks.map(\.name))
    func memoryStore(check name: String) throws {
        let check = try #require(StoreConformance.check(named: name))
        let result = StoreConformance.run(check) { MemoryStore(clock: HostClock.now) }
        #expect(result.passed, "\(check.summary)\n\(result.message)")
    }

    /// With a "reopen" that hands back the same store, every check still passes: the kit's
    /// second-handle paths are exercised too.
    @Test func memoryStoreThroughReopenedHandles() {
        let results = StoreConformance.runAll(makeStore: { MemoryStore(clock: HostClock.now) }, reopen: { $0 })
        for result in results {
            #expect(result.passed, "\(result)")
        }
    }

    @Test func checkNamesAreUniqueAndDescribed() {
        let names = StoreConformance.checks.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(StoreConformance.checks.allSatisfy { !$0.summary.isEmpty && $0.name.allSatisfy { $0.isLowercase || $0 == "-" } })
        #expect(names.count >= 15)
    }

    /// The kit must catch a broken store: one that ignores the version, one that forgets logs.
    @Test func kitCatchesBrokenStores() {
        let blind = StoreConformance.run(StoreConformance.check(named: "stale-commit-changes-nothing")!) { VersionBlindStore() }
        #expect(!blind.passed)
        let lossy = StoreConformance.run(StoreConformance.check(named: "concurrent-commits-lose-nothing")!) { VersionBlindStore() }
        #expect(!lossy.passed)
        let unsorted = StoreConformance.run(StoreConformance.check(named: "backdated-donation-stays-sorted")!) { VersionBlindStore() }
        #expect(!unsorted.passed)
        let failing = StoreConformance.run(StoreConformance.check(named: "new-subject-is-empty")!) { () throws -> any Store in
            throw StoreError(.unavailable, "no database")
        }
        #expect(failing.failures == ["could not create the store: no database"])
    }
}

/// A store that commits whatever the version and appends without sorting or pruning: wrong on
/// purpose, to prove the kit notices. (Locked, so that it is wrong without crashing.)
final class VersionBlindStore: Store {
    private struct State {
        var records: [String: StoredRecord] = [:]
        var logs: [String: [Donation]] = [:]
    }

    private let state = Mutex(State())

    func load(subject: String) throws(StoreError) -> StoredRecord {
        let stored = state.withLock { $0.records[subject] } ?? StoredRecord(record: SubjectRecord(), version: 0)
        usleep(200)  // widens the read-modify-commit window, so that racing writers overlap
        return stored
    }

    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        state.withLock { state in
            let version = (state.records[subject]?.version ?? 0) + 1
            state.records[subject] = StoredRecord(record: record, version: version)
            for append in donations.appends { state.logs[subject + "/" + append.event, default: []].append(append.donation) }
            return true
        }
    }

    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        state.withLock { $0.logs[subject + "/" + event] } ?? []
    }
}
