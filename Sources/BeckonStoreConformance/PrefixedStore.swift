public import BeckonCore

/// A store seen through a subject prefix, so that each check starts on subjects nobody wrote:
/// the conformance checks need an empty store each, and a durable or shared store (a database,
/// a server) shows every run the data of the ones before. The prefix is unique per run and per
/// check; the data stays in the store afterwards.
public final class PrefixedStore: Store {
    /// The store seen through the prefix.
    public let base: any Store
    /// Prepended to every subject id.
    public let prefix: String

    /// `base`, every subject id under `prefix`.
    public init(_ base: any Store, prefix: String) {
        self.base = base
        self.prefix = prefix
    }

    public func load(subject: String) throws(StoreError) -> StoredRecord {
        try base.load(subject: prefix + subject)
    }

    public func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        try base.commit(subject: prefix + subject, expectedVersion: expectedVersion, record: record, donations: donations)
    }

    public func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        try base.donations(subject: prefix + subject, event: event, since: since)
    }

    /// The base's subjects that start with the prefix, without it. From the first, the listing
    /// starts after the prefix less its last byte ('/'), which every id under the prefix follows
    /// (the prefix itself, the empty id, included); ids of other checks sorting in between (a
    /// check whose name extends this one's) are read past, page by page.
    public func subjects(after: String?, limit: Int) throws(StoreError) -> [StoredSubject] {
        var cursor = after.map { prefix + $0 } ?? String(prefix.dropLast())
        var found: [StoredSubject] = []
        while found.count < limit {
            let page = try base.subjects(after: cursor, limit: limit)
            for listed in page {
                // Bytes, not characters: an id under the prefix may start with a combining mark.
                if listed.subject.utf8.starts(with: prefix.utf8) {
                    let id = String(decoding: listed.subject.utf8.dropFirst(prefix.utf8.count), as: UTF8.self)
                    found.append(StoredSubject(subject: id, lastActive: listed.lastActive))
                    if found.count == limit { return found }
                } else if StoredSubject.precedes(prefix, listed.subject) {
                    return found  // past every id under the prefix
                }
            }
            guard page.count == limit, let last = page.last else { return found }
            cursor = last.subject
        }
        return found
    }

    public func erase(subject: String, activeBefore: Int64?) throws(StoreError) -> Bool {
        try base.erase(subject: prefix + subject, activeBefore: activeBefore)
    }

    public func restore(subject: String, expectedVersion: Int64, snapshot: SubjectSnapshot) throws(StoreError) -> Bool {
        try base.restore(subject: prefix + subject, expectedVersion: expectedVersion, snapshot: snapshot)
    }
}
