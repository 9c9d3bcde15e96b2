public import BeckonRules
import Synchronization

/// A store in process memory: fast, shared by every engine in the process, gone when it exits.
public final class MemoryStore: Store {
    /// Each subject's record and logs, under one key: one lookup finds both. Logs are kept in
    /// the shape rules read them.
    private struct Contents {
        var subjects: [String: Subject] = [:]
        /// The subject `withSubject` found last, compared before hashing: hosts ask about the
        /// same subject call after call. A subject's state object is never replaced once made,
        /// and `erase` forgets it here when it removes it, so this never goes stale.
        var lastID: String?
        var last: Subject?

        mutating func remember(_ id: String, _ subject: Subject) {
            lastID = id
            last = subject
        }

        /// The subject's state to write its record into, made when it was never stored; nil
        /// when its stored version is not `expectedVersion` (a compare-and-set lost).
        mutating func written(_ id: String, expectedVersion: Int64) -> Subject? {
            let entry = subjects[id]
            guard (entry?.stored?.version ?? 0) == expectedVersion else { return nil }
            if let entry { return entry }
            let made = Subject()
            subjects[id] = made
            return made
        }

        /// Removes the subject, and forgets it as the one asked about last.
        mutating func remove(_ id: String) {
            subjects[id] = nil
            if lastID == id {
                lastID = nil
                last = nil
            }
        }

        /// Whether the subject asked about last has the id whose UTF-8 is `bytes` (its id's own
        /// UTF-8 read in place: a native or small string's are contiguous, so nothing is copied).
        mutating func lastIs(_ bytes: UnsafeRawBufferPointer) -> Bool {
            lastID?.withUTF8 { MemoryStore.same(UnsafeRawBufferPointer($0), bytes) } ?? false
        }
    }

    /// One subject's state, a class so that reading it under the lock copies nothing (the fast
    /// path reads the few entries it needs in place, through the methods below); it is only read
    /// and changed under the lock.
    final class Subject: @unchecked Sendable {
        // Only read and changed under the store's lock, so the accesses need no dynamic check.
        /// The record, with its slot index (nil: never stored).
        @exclusivity(unchecked) fileprivate var stored: StoredRecord? {
            didSet {
                slots = stored?.record.slots
                lastNewTipDisplay = stored?.record.lastNewTipDisplay
            }
        }
        /// Changed only in a commit, after `stored` (so the fast path's columns of log times,
        /// kept with the record's slots, start afresh with them).
        @exclusivity(unchecked) fileprivate var logs: [String: DonationLog] = [:]
        /// When it was last committed (`HostClock`).
        @exclusivity(unchecked) fileprivate var lastActive: Int64 = 0
        /// The stored record's slot index and `lastNewTipDisplay`, kept apart so that the fast
        /// path reads them without copying the record out of its optional.
        @exclusivity(unchecked) private var slots: RecordSlots?
        /// The stored record's `lastNewTipDisplay`.
        @exclusivity(unchecked) private(set) var lastNewTipDisplay: Int64?

        /// The stored parameter `id`; nil when none is.
        @inline(__always)
        func parameter(_ id: String) -> Value? { stored?.record.parameters[id] }

        /// The stored record of tip `id`; nil when none is.
        @inline(__always)
        func tip(_ id: String) -> TipRecord? { stored?.record.tips[id] }

        /// The stored counters of event `id`; nil when none are.
        @inline(__always)
        func event(_ id: String) -> EventCounters? { stored?.record.events[id] }

        /// The logged times of event `id`, oldest first; nil when none are logged.
        @inline(__always)
        func logTimes(_ id: String) -> [Int64]? { logs[id]?.times }

        /// Runs `body` with the stored record's columns for `layout` (see
        /// `RecordSlots.withColumns`), or with empty ones when no record is stored.
        @inline(__always)
        func withColumns<T: Sendable>(_ layout: SlotLayout, _ body: (inout RecordSlots.Columns) -> T) -> T {
            // The slot index is kept by this state, which no one changes under the lock: read it
            // without a retain of its own. `_withUnsafeGuaranteedRef` is an underscored (unstable)
            // standard-library API; the retain and release it saves were part of the 2,337 ->
            // 2,051 instructions a fast tip status went to with the brief verdict and the slot
            // index borrowed (Docs/benchmarks.md).
            guard let slots = slots.map(Unmanaged.passUnretained) else {
                var empty = RecordSlots.Columns()
                return body(&empty)
            }
            return slots._withUnsafeGuaranteedRef { $0.withColumns(layout, body) }
        }
    }

    private let contents = Mutex(Contents())
    /// What a commit or restore records as the subject's last activity (Unix ms).
    private let clock: @Sendable () -> Int64

    /// Creates an empty store that records each subject's last activity by `clock` (hosts pass
    /// `HostClock.now`; BeckonCore reads no clock of its own). Without one, every subject is
    /// active at the epoch: listed with `lastActive` 0, and idle for any expiry.
    public init(clock: @escaping @Sendable () -> Int64 = { 0 }) {
        self.clock = clock
    }

    public func load(subject: String) throws(StoreError) -> StoredRecord {
        contents.withLock { $0.subjects[subject]?.stored } ?? StoredRecord(record: SubjectRecord(), version: 0)
    }

    public func commit(subject: String, expectedVersion: Int64, record: SubjectRecord, donations: DonationChanges) throws(StoreError) -> Bool {
        contents.withLock { contents in
            guard let stored = contents.written(subject, expectedVersion: expectedVersion) else { return false }
            stored.stored = StoredRecord(record: record.indexingSlots(), version: expectedVersion + 1)
            stored.lastActive = clock()
            guard !donations.isEmpty else { return true }
            // Modified in place, so that no stored log is copied.
            if donations.clearsAll { stored.logs = [:] }
            for event in donations.clearedEvents { stored.logs[event] = nil }
            for append in donations.appends {
                Self.append(append.donation, to: &stored.logs[append.event, default: DonationLog()], retention: append.retention)
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

    public func subjects(after: String?, limit: Int) throws(StoreError) -> [StoredSubject] {
        let listed = contents.withLock { contents in
            contents.subjects.compactMap { id, subject in
                after.map { StoredSubject.precedes($0, id) } ?? true ? StoredSubject(subject: id, lastActive: subject.lastActive) : nil
            }
        }
        return Array(listed.sorted { StoredSubject.precedes($0.subject, $1.subject) }.prefix(max(limit, 0)))
    }

    public func erase(subject: String, activeBefore: Int64?) throws(StoreError) -> Bool {
        contents.withLock { contents in
            guard let found = contents.subjects[subject] else { return false }
            if let activeBefore, found.lastActive >= activeBefore { return false }
            contents.remove(subject)
            return true
        }
    }

    public func restore(subject: String, expectedVersion: Int64, snapshot: SubjectSnapshot) throws(StoreError) -> Bool {
        guard snapshot.version >= 1 else {
            throw StoreError(.invalidData, "cannot restore subject \(Value.string(subject)) at version \(snapshot.version): versions start at 1")
        }
        return contents.withLock { contents in
            guard let stored = contents.written(subject, expectedVersion: expectedVersion) else { return false }
            stored.stored = StoredRecord(record: snapshot.record.indexingSlots(), version: snapshot.version)
            stored.logs = snapshot.logs.mapValues(DonationLog.init)
            stored.lastActive = clock()
            return true
        }
    }

    /// Runs `body` on the subject's state (nil: never stored) under the store's lock: `body`
    /// reads it in place and must not call the store.
    func withSubject<T: Sendable>(_ subject: String, _ body: (Subject?) -> T) -> T {
        contents.withLock { contents in
            if let last = contents.last, contents.lastID == subject { return body(last) }
            let found = contents.subjects[subject]
            if let found { contents.remember(subject, found) }
            return body(found)
        }
    }

    /// Runs `body` on the state of the subject whose id's UTF-8 is `utf8` (nil: never stored), as
    /// `withSubject(_:_:)` does; the bytes are compared with the subject asked about last before
    /// any `String` is made. Nil, without running `body`, when the bytes are not UTF-8.
    func withSubject<T: Sendable>(utf8: UnsafeRawBufferPointer, _ body: (Subject?) -> T?) -> T? {
        contents.withLock { contents in
            if let last = contents.last, contents.lastIs(utf8) { return body(last) }
            guard let id = Self.string(utf8) else { return nil }
            let found = contents.subjects[id]
            if let found { contents.remember(id, found) }
            return body(found)
        }
    }

    /// The subject id whose UTF-8 is `bytes`, nil when they are not UTF-8. Ids are mostly ASCII,
    /// which needs no validation (the generic validating initializer looks up type metadata on
    /// every call, ~0.3 k instructions).
    private static func string(_ bytes: UnsafeRawBufferPointer) -> String? {
        let units = bytes.bindMemory(to: UInt8.self)
        if units.allSatisfy({ $0 < 0x80 }) { return String(decoding: units, as: UTF8.self) }
        return String(validating: units, as: UTF8.self)
    }

    /// Whether `stored` and `bytes` are the same bytes, compared eight at a time.
    @inline(__always)
    fileprivate static func same(_ stored: UnsafeRawBufferPointer, _ bytes: UnsafeRawBufferPointer) -> Bool {
        let count = bytes.count
        guard stored.count == count else { return false }
        var index = 0
        while index + 8 <= count {
            guard stored.loadUnaligned(fromByteOffset: index, as: UInt64.self) == bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            else { return false }
            index += 8
        }
        while index < count {
            guard stored[index] == bytes[index] else { return false }
            index += 1
        }
        return true
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
