public import BeckonRules
import Synchronization

/// A store in process memory: fast, shared by every engine in the process, gone when it exits.
public final class MemoryStore: Store {
    /// Each subject's record and logs, under one key: one lookup finds both. Logs are kept in
    /// the shape rules read them.
    private struct Contents {
        var subjects: [String: Subject] = [:]
    }

    private struct Subject {
        var stored: StoredRecord?
        var logs: [String: DonationLog] = [:]
    }

    private let contents = Mutex(Contents())

    /// Creates an empty store.
    public init() {}

    public func load(subject: String) throws(StoreError) -> StoredRecord {
        contents.withLock { $0.subjects[subject]?.stored } ?? StoredRecord(record: SubjectRecord(), version: 0)
    }

    public func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        contents.withLock { contents in
            guard (contents.subjects[subject]?.stored?.version ?? 0) == expectedVersion else { return false }
            // Modified in place, so that no stored log is copied.
            contents.subjects[subject, default: Subject()].stored = StoredRecord(record: record.indexingSlots(), version: expectedVersion + 1)
            guard !donations.isEmpty else { return true }
            if donations.clearsAll { contents.subjects[subject]!.logs = [:] }
            for event in donations.clearedEvents { contents.subjects[subject]!.logs[event] = nil }
            for append in donations.appends {
                Self.append(append.donation, to: &contents.subjects[subject]!.logs[append.event, default: DonationLog()], retention: append.retention)
            }
            return true
        }
    }

    public func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        try donationLog(subject: subject, event: event, since: since).donations
    }

    public func donationLog(subject: String, event: String, since: Int64?) throws(StoreError) -> DonationLog {
        let log = contents.withLock { $0.subjects[subject]?.logs[event] } ?? DonationLog()
        return since.map(log.since) ?? log
    }

    /// Runs `body` on the subject's stored record (nil: never stored) and logs by event id (nil:
    /// none), read on one lookup, under the store's lock: `body` must not call the store.
    func withSubject<T: Sendable>(_ subject: String, _ body: (StoredRecord?, [String: DonationLog]?) -> T) -> T {
        contents.withLock { contents in
            guard let index = contents.subjects.index(forKey: subject) else { return body(nil, nil) }
            let entry = contents.subjects.values[index]
            return body(entry.stored, entry.logs)
        }
    }

    /// Appends, keeps the log sorted by time, and applies the retention.
    static func append(_ donation: Donation, to log: inout DonationLog, retention: Retention) {
        var position = log.times.count
        while position > 0, log.times[position - 1] > donation.time { position -= 1 }  // an earlier instant than the last
        log.times.insert(donation.time, at: position)
        log.infos.insert(donation.info, at: position)
        // A cutoff below Int64.min (an instant near the start of time) expires nothing; it must not trap.
        if let maxAge = retention.maxAge, maxAge > 0, let newest = log.times.last,
           case (let cutoff, false) = newest.subtractingReportingOverflow(maxAge) {
            let expired = log.firstIndex(atOrAfter: cutoff)
            log.times.removeFirst(expired)
            log.infos.removeFirst(expired)
        }
        let maxCount = max(retention.maxCount, 0)  // 0 or less keeps nothing
        if log.times.count > maxCount {
            let excess = log.times.count - maxCount
            log.times.removeFirst(excess)
            log.infos.removeFirst(excess)
        }
    }

}
