import BeckonCore

/// A store seen through a subject prefix, so that each check starts on subjects nobody wrote:
/// the conformance checks need an empty store each, and a durable or shared store (a database,
/// a server) shows every run the data of the ones before. The prefix is unique per run and per
/// check; the data stays in the store afterwards.
final class PrefixedStore: Store {
    let base: any Store
    let prefix: String

    init(_ base: any Store, prefix: String) {
        self.base = base
        self.prefix = prefix
    }

    func load(subject: String) throws(StoreError) -> StoredRecord {
        try base.load(subject: prefix + subject)
    }

    func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        try base.commit(subject: prefix + subject, expectedVersion: expectedVersion, record: record, donations: donations)
    }

    func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        try base.donations(subject: prefix + subject, event: event, since: since)
    }
}
