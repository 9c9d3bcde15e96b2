import Synchronization

/// A store in process memory: fast, shared by every engine in the process, gone when it exits.
public final class MemoryStore: Store {
    private struct Subject {
        var stored = StoredRecord(record: SubjectRecord(), version: 0)
        var logs: [String: [Donation]] = [:]
    }

    private let subjects = Mutex<[String: Subject]>([:])

    /// Creates an empty store.
    public init() {}

    public func load(subject: String) throws(StoreError) -> StoredRecord {
        subjects.withLock { $0[subject]?.stored } ?? StoredRecord(record: SubjectRecord(), version: 0)
    }

    public func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        subjects.withLock { subjects in
            var state = subjects[subject] ?? Subject()
            guard state.stored.version == expectedVersion else { return false }
            state.stored = StoredRecord(record: record, version: expectedVersion + 1)
            if donations.clearsAll { state.logs = [:] }
            for event in donations.clearedEvents { state.logs[event] = nil }
            for append in donations.appends {
                var log = state.logs[append.event] ?? []
                log.append(append.donation)
                Self.prune(&log, retention: append.retention, newest: append.donation.time)
                state.logs[append.event] = log
            }
            subjects[subject] = state
            return true
        }
    }

    public func donations(subject: String, event: String, since: Int64?) throws(StoreError) -> [Donation] {
        let log = subjects.withLock { $0[subject]?.logs[event] } ?? []
        guard let since else { return log }
        return Array(log[Self.firstIndex(in: log, atOrAfter: since)...])
    }

    /// Keeps the log sorted by time and within its retention.
    static func prune(_ log: inout [Donation], retention: Retention, newest: Int64) {
        if log.count >= 2, log[log.count - 2].time > log[log.count - 1].time {
            log.sort { $0.time < $1.time }  // a donation at an earlier instant than the last one
        }
        if let maxAge = retention.maxAge {
            log.removeFirst(firstIndex(in: log, atOrAfter: newest - maxAge))
        }
        if log.count > retention.maxCount {
            log.removeFirst(log.count - retention.maxCount)
        }
    }

    static func firstIndex(in log: [Donation], atOrAfter instant: Int64) -> Int {
        var low = 0, high = log.count
        while low < high {
            let middle = (low + high) / 2
            if log[middle].time < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
