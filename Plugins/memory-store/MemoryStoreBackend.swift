import BeckonPluginKit
import Synchronization

/// The `memory` store: every subject's record and logs in a dictionary behind one mutex, so each
/// commit is atomic and every operation may run on any thread. Not durable: each open store
/// starts empty and its data is gone when the host closes it.
final class MemoryStoreBackend: PluginStoreBackend {
    /// One subject's state: its versioned record and one log per event.
    private struct Subject {
        var version: Int64 = 0
        var record: [UInt8] = []
        var logs: [String: EventLog] = [:]
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
            guard commit.expectedVersion < Int64.max else {
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

    /// The header's order: the record, then clears_all, then cleared_events, then each append
    /// followed by its retention.
    private static func apply(_ commit: PluginCommit, to subject: inout Subject) {
        subject.version = commit.expectedVersion + 1
        subject.record = commit.record
        if commit.clearsAll { subject.logs = [:] }
        for event in commit.clearedEvents { subject.logs[event] = nil }
        for append in commit.appends {
            subject.logs[append.event, default: EventLog()].append(time: append.time, info: append.info,
                                                                 maxCount: append.maxCount, maxAge: append.maxAge)
        }
    }
}
