import BeckonClock
import BeckonCore
import BeckonStoreConformance
import Testing

/// The subject-data clauses of the store contract catch a store that gets them subtly wrong, each
/// failing its own check and no other; `MemoryStore` keeps them all.
@Suite struct SubjectDataContractTests {
    @Test(arguments: [
        (Flaw.swiftStringOrder, "subjects-listed-in-byte-order"),
        (Flaw.ignoresActiveBefore, "erase-only-when-inactive"),
        (Flaw.restoresAtNextVersion, "restore-keeps-version-and-logs"),
    ])
    func kitCatches(_ flaw: Flaw, in failing: String) throws {
        for check in StoreConformance.checks {
            let result = StoreConformance.run(check) { FlawedStore(flaw) }
            #expect(result.passed == (check.name != failing), "\(flaw): \(result)")
            #expect(result.skipped == nil)
            #expect(StoreConformance.run(check) { MemoryStore(clock: HostClock.now) }.passed)
        }
    }
}

enum Flaw: Sendable {
    /// Lists in Swift's order of strings (canonical equivalence), not by bytes.
    case swiftStringOrder
    /// Erases whatever `activeBefore` says.
    case ignoresActiveBefore
    /// Restores like a commit: at the next version, not the snapshot's.
    case restoresAtNextVersion
}

/// A memory store with one flaw, otherwise faithful.
final class FlawedStore: Store {
    let flaw: Flaw
    let base = MemoryStore(clock: HostClock.now)

    init(_ flaw: Flaw) { self.flaw = flaw }

    func load(subject: String) throws(StoreError) -> StoredRecord { try base.load(subject: subject) }

    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        try base.commit(subject: subject, expectedVersion: expectedVersion, record: record, donations: donations)
    }

    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        try base.donations(subject: subject, event: event, since: since)
    }

    func subjects(after: String?, limit: Int) throws(StoreError) -> [StoredSubject] {
        guard flaw == .swiftStringOrder else { return try base.subjects(after: after, limit: limit) }
        let all = try base.subjects(after: nil, limit: Int.max).sorted { $0.subject < $1.subject }
        return Array(all.filter { listed in after.map { $0 < listed.subject } ?? true }.prefix(limit))
    }

    func erase(subject: String, activeBefore: Int64?) throws(StoreError) -> Bool {
        try base.erase(subject: subject, activeBefore: flaw == .ignoresActiveBefore ? nil : activeBefore)
    }

    func restore(subject: String, expectedVersion: Int64, snapshot: SubjectSnapshot) throws(StoreError) -> Bool {
        guard flaw == .restoresAtNextVersion else { return try base.restore(subject: subject, expectedVersion: expectedVersion, snapshot: snapshot) }
        let keepAll = Retention(maxCount: Int.max)
        let appends = snapshot.logs.flatMap { event, log in log.map { (event: event, donation: $0, retention: keepAll) } }
        return try base.commit(subject: subject, expectedVersion: expectedVersion, record: snapshot.record,
                               donations: DonationChanges(appends: appends, clearsAll: true))
    }
}
