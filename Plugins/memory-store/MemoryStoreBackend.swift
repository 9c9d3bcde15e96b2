import BeckonPluginKit
import Synchronization

/// The `memory` store: every subject's record and logs in a dictionary behind one mutex, so each
/// commit is atomic and every operation may run on any thread. Not durable: each open store
/// starts empty and its data is gone when the host closes it. Lists and erases subjects (ABI 1.3).
final class MemoryStoreBackend: PluginSubjectDataBackend {
    /// One subject's state: its versioned record, one log per event, and its last commit's `now`.
    private struct Subject {
        var version: Int64 = 0
        var record: [UInt8] = []
        var logs: [String: EventLog] = [:]
        var lastActive: Int64 = 0
    }

    private let subjects = Mutex<[String: Subject]>([:])

    /// Takes no options: `null` (none given) or an empty object.
    init(options: String) throws(PluginError) {
        guard options == "null" || options == "{}" else {
            throw .invalidArgument("the memory store takes no options, not \(options)")
        }
    }

    func load(subject: String) throws(PluginError) -> PluginRecord? {
        subjects.withLock { subjects in
            subjects[subject].map { PluginRecord(version: $0.version, bytes: $0.record) }
        }
    }

    func commit(_ commit: PluginCommit) throws(PluginError) -> Bool {
        try subjects.withLock { subjects throws(PluginError) in
            guard (subjects[commit.subject]?.version ?? 0) == commit.expectedVersion else { return false }
            guard commit.version != nil || commit.expectedVersion < Int64.max else {
                throw .internal("subject \(commit.subject) is at the last possible version")
            }
            // Changed in place through the dictionary's accessor, so no stored log is copied.
            Self.apply(commit, to: &subjects[commit.subject, default: Subject()])
            return true
        }
    }

    func readLog(subject: String, event: String, since: Int64) throws(PluginError) -> [PluginDonation] {
        subjects.withLock { subjects in
            subjects[subject]?.logs[event]?.donations(since: since) ?? []
        }
    }

    func subjects(after: String?, limit: Int) throws(PluginError) -> [PluginListedSubject] {
        let listed = subjects.withLock { subjects in
            subjects.compactMap { id, subject in
                after.map { Self.precedes($0, id) } ?? true ? PluginListedSubject(subject: id, lastActive: subject.lastActive) : nil
            }
        }
        return Array(listed.sorted { Self.precedes($0.subject, $1.subject) }.prefix(limit))
    }

    func erase(subject: String, activeBefore: Int64) throws(PluginError) -> Bool {
        subjects.withLock { subjects in
            guard let found = subjects[subject], found.lastActive < activeBefore else { return false }
            subjects[subject] = nil
            return true
        }
    }

    /// The header's order of subject ids: their UTF-8 bytes.
    private static func precedes(_ left: String, _ right: String) -> Bool {
        left.utf8.lexicographicallyPrecedes(right.utf8)
    }

    /// The header's order: the record, then clears_all, then cleared_events, then each append
    /// followed by its retention.
    private static func apply(_ commit: PluginCommit, to subject: inout Subject) {
        subject.version = commit.storedVersion
        subject.record = commit.record
        subject.lastActive = commit.now
        if commit.clearsAll { subject.logs = [:] }
        for event in commit.clearedEvents { subject.logs[event] = nil }
        for append in commit.appends {
            subject.logs[append.event, default: EventLog()].append(time: append.time, info: append.info,
                                                                 maxCount: append.maxCount, maxAge: append.maxAge)
        }
    }
}
