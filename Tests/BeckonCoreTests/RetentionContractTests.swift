import BeckonClock
import BeckonCore
import BeckonStoreConformance
import Synchronization
import Testing

/// The retention clauses of the store contract catch a store that gets them subtly wrong, and
/// `MemoryStore` keeps them.
@Suite struct RetentionContractTests {
    /// A store that counts `maxAge` back from the donation just appended passes every other check,
    /// but not the one with backdated donations.
    @Test func kitCatchesMaxAgeCountedFromTheAppendedDonation() throws {
        let check = try #require(StoreConformance.check(named: "retention-max-age-counts-from-the-newest"))
        let wrong = StoreConformance.run(check) { AppendedInstantRetentionStore() }
        #expect(wrong.failures == [
            "log with maxAge 30 after a backdated 60 (40 before the newest, 100): expected [80, 100], got [60, 80, 100]",
            "log with maxAge 30 after a backdated 175 over 130, 150, 200: expected [175, 200], got [150, 175, 200]",
        ])
        let others = StoreConformance.checks.filter { $0 != check }
        for other in others {
            let result = StoreConformance.run(other) { AppendedInstantRetentionStore() }
            #expect(result.passed, "\(result)")
        }
        #expect(StoreConformance.run(check) { MemoryStore(clock: HostClock.now) }.passed)
    }

    /// What `maxCount` <= 0 and `maxAge` <= 0 mean, straight on `MemoryStore`: no donation kept,
    /// and no age limit.
    @Test(arguments: [(0, Int64?.none), (-1, nil), (Int.min, nil), (5, 0), (5, -1), (5, Int64.min)] as [(Int, Int64?)])
    func limitsOfZeroOrLess(maxCount: Int, maxAge: Int64?) throws {
        let store = MemoryStore(clock: HostClock.now)
        let retention = Retention(maxCount: maxCount, maxAge: maxAge)
        let appends = [Int64(10), 20, 20].map { (event: "e", donation: Donation(time: $0), retention: retention) }
        #expect(try store.commit(subject: "s", expectedVersion: 0, record: SubjectRecord(), donations: DonationChanges(appends: appends)))
        let expected: [Int64] = maxCount <= 0 ? [] : [10, 20, 20]
        #expect(try store.donations(subject: "s", event: "e", since: nil).map(\.time) == expected)
    }
}

/// A store that applies `maxAge` from the appended donation's instant instead of the newest
/// donation in the log: wrong on purpose, and otherwise a faithful memory store.
final class AppendedInstantRetentionStore: Store {
    private struct State {
        var records: [String: StoredRecord] = [:]
        var logs: [String: [String: [Donation]]] = [:]
    }

    private let state = Mutex(State())

    func load(subject: String) throws(StoreError) -> StoredRecord {
        state.withLock { $0.records[subject] } ?? StoredRecord(record: SubjectRecord(), version: 0)
    }

    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        state.withLock { state in
            guard (state.records[subject]?.version ?? 0) == expectedVersion else { return false }
            state.records[subject] = StoredRecord(record: record, version: expectedVersion + 1)
            if donations.clearsAll { state.logs[subject] = nil }
            for event in donations.clearedEvents { state.logs[subject]?[event] = nil }
            for append in donations.appends {
                var log = state.logs[subject]?[append.event] ?? []
                log.insert(append.donation, at: log.lastIndex { $0.time <= append.donation.time }.map { $0 + 1 } ?? 0)
                if let maxAge = append.retention.maxAge, maxAge > 0,
                   case (let cutoff, false) = append.donation.time.subtractingReportingOverflow(maxAge) {
                    log.removeAll { $0.time < cutoff }  // the defect: the appended instant, not the newest
                }
                log.removeFirst(max(log.count - max(append.retention.maxCount, 0), 0))
                state.logs[subject, default: [:]][append.event] = log
            }
            return true
        }
    }

    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        let log = state.withLock { $0.logs[subject]?[event] } ?? []
        return since.map { since in log.filter { $0.time >= since } } ?? log
    }
}
