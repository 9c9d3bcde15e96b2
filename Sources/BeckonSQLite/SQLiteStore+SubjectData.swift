public import BeckonCore
import BeckonRules
import Synchronization

/// Users' data: the store's subjects listed, erased and restored whole.
extension SQLiteStore {
    /// Stored subjects in the primary key's order (the ids' UTF-8 bytes), one range scan.
    public func subjects(after: String?, limit: Int) throws(StoreError) -> [StoredSubject] {
        try session.withLock { session throws(StoreError) in try session.subjects(after: after, limit: limit) }
    }

    /// Deletes the subject's rows with `secure_delete` on. An explicit erase (`activeBefore`
    /// nil) then rebuilds the file and truncates the write-ahead log, so that no byte of the
    /// subject stays in either (the store's other users wait meanwhile: seconds for a file of
    /// 100,000 subjects); expiry's erase (`activeBefore` given) leaves that to the next explicit
    /// erase. When the rebuild or the truncation fails, the subject is erased all the same and
    /// the error says what is left.
    public func erase(subject: String, activeBefore: Int64?) throws(StoreError) -> Bool {
        try requireWritable()
        logCache.withLock { $0.forget(subject: subject) }
        return try session.withLock { session throws(StoreError) in try session.erase(subject: subject, activeBefore: activeBefore) }
    }

    /// Writes the subject's record and exactly its logs in one transaction, compare-and-set on
    /// the version; `snapshot.version` must be 1 or more (0 is "never stored").
    public func restore(subject: String, expectedVersion: Int64, snapshot: SubjectSnapshot) throws(StoreError) -> Bool {
        try requireWritable()
        guard snapshot.version >= 1 else {
            throw StoreError(.invalidData, "cannot restore subject \(Value.string(subject)) at version \(snapshot.version): versions start at 1")
        }
        // Encoded before taking the lock: other threads need not wait for it.
        let record = SubjectRecordCodec.encode(snapshot.record)
        let logs = snapshot.logs.mapValues { donations in
            donations.map { (time: $0.time, info: $0.info.isEmpty ? nil : DonationInfoCodec.encode($0.info)) }
        }
        logCache.withLock { $0.forget(subject: subject) }
        return try session.withLock { session throws(StoreError) in
            try session.restore(subject: subject, expectedVersion: expectedVersion, version: snapshot.version, record: record, logs: logs)
        }
    }
}
