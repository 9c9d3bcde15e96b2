/// A subject as a store lists it.
public struct StoredSubject: Hashable, Sendable {
    /// The subject's id.
    public var subject: String
    /// When it was last committed (Unix ms, the host's clock at that commit).
    public var lastActive: Int64

    /// Creates a listed subject.
    public init(subject: String, lastActive: Int64) {
        self.subject = subject
        self.lastActive = lastActive
    }

    /// The order stores list subjects in: by their ids' UTF-8 bytes, as SQLite's `BINARY`
    /// collation and PostgreSQL's `bytea` compare them (Swift's own `<` on strings does not).
    public static func precedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }
}

/// Everything a store keeps for one subject, read consistently: what a subject's data export
/// holds and an import or a copy writes back.
public struct SubjectSnapshot: Hashable, Sendable {
    /// The record.
    public var record: SubjectRecord
    /// The version the record was stored at (1 or more).
    public var version: Int64
    /// Each event's logged donations, oldest first; an event without donations is absent.
    public var logs: [String: [Donation]]

    /// Creates a snapshot.
    public init(record: SubjectRecord, version: Int64, logs: [String: [Donation]] = [:]) {
        self.record = record
        self.version = version
        self.logs = logs
    }
}

extension Store {
    /// The subject's whole state, nil when it was never stored. The record and its logs are
    /// read apart, so they are read again while a commit lands between them: the snapshot is
    /// one version's (after `attempts` tries, the last read is refused as `.unavailable`).
    public func snapshot(subject: String, attempts: Int = 16) throws(StoreError) -> SubjectSnapshot? {
        var stored = try load(subject: subject)
        for _ in 0..<max(attempts, 1) {
            guard stored.version > 0 else { return nil }
            var logs: [String: [Donation]] = [:]
            // Every logged event has counters in the record: a donation counts before it logs.
            for event in stored.record.events.keys {
                let donations = try self.donations(subject: subject, event: event, since: nil)
                if !donations.isEmpty { logs[event] = donations }
            }
            let again = try load(subject: subject)
            if again.version == stored.version {
                return SubjectSnapshot(record: stored.record, version: stored.version, logs: logs)
            }
            stored = again
        }
        throw StoreError(.unavailable, "subject '\(subject)' changed during each of \(attempts) reads; try again")
    }
}
