import Foundation
import BeckonCore
import BeckonRuntime
import Testing

/// Expiry as a state machine over pages, and one pass of it over a store.
@Suite("Subject expiry")
struct SubjectExpiryTests {
    @Test func passGoesPageByPageAndNamesTheInactiveOnes() {
        var expiry = SubjectExpiry(inactivity: 100, pageSize: 2)
        #expect(expiry.nextPage?.after == nil && expiry.nextPage?.limit == 2)
        #expect(expiry.received([StoredSubject(subject: "a", lastActive: 899), StoredSubject(subject: "b", lastActive: 900)], now: 1000) == ["a"])
        #expect(expiry.nextPage?.after == "b")
        #expect(expiry.received([StoredSubject(subject: "c", lastActive: 0)], now: 1000) == ["c"])
        #expect(expiry.nextPage == nil && expiry.isFinished && expiry.listed == 3 && expiry.expired == 2)
        #expect(expiry.received([StoredSubject(subject: "d", lastActive: 0)], now: 1000) == [], "a finished pass takes nothing")
        expiry.restart()
        #expect(expiry.nextPage?.after == nil && !expiry.isFinished && expiry.listed == 0)
    }

    @Test func anEmptyPageEndsThePass() {
        var expiry = SubjectExpiry(inactivity: 1, pageSize: 2)
        #expect(expiry.received([], now: 0) == [])
        #expect(expiry.isFinished)
    }

    @Test func expireErasesOnlyTheInactiveAndDryRunErasesNothing() throws {
        let store = StoreOfKnownActivity(["old": 1_000, "new": 5_000])
        let dry = try SubjectData.expire(store: store, inactivity: 2_000, now: 6_000, dryRun: true)
        #expect(dry.listed == 2 && dry.expired == ["old"] && dry.erased == 0)
        #expect(try store.subjects(after: nil, limit: 10).map(\.subject) == ["new", "old"])
        let run = try SubjectData.expire(store: store, inactivity: 2_000, now: 6_000, dryRun: false)
        #expect(run.expired == ["old"] && run.erased == 1)
        #expect(try store.subjects(after: nil, limit: 10).map(\.subject) == ["new"])
    }
}

/// Subjects last active at given instants (a memory store records the wall clock's).
final class StoreOfKnownActivity: Store, @unchecked Sendable {
    private var lastActive: [String: Int64]

    init(_ lastActive: [String: Int64]) { self.lastActive = lastActive }

    func load(subject: String) throws(StoreError) -> StoredRecord { StoredRecord(record: SubjectRecord(), version: lastActive[subject] == nil ? 0 : 1) }
    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool { false }
    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] { [] }

    func subjects(after: String?, limit: Int) throws(StoreError) -> [StoredSubject] {
        Array(lastActive.keys.sorted(by: StoredSubject.precedes).filter { after == nil || StoredSubject.precedes(after!, $0) }
            .prefix(limit).map { StoredSubject(subject: $0, lastActive: lastActive[$0]!) })
    }

    func erase(subject: String, activeBefore: Int64?) throws(StoreError) -> Bool {
        guard let last = lastActive[subject], last < activeBefore ?? .max else { return false }
        lastActive[subject] = nil
        return true
    }
}
