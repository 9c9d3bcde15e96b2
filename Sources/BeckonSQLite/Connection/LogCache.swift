import BeckonRules

/// Donation logs kept per (subject, event) with the record version they were read at.
///
/// A version names one state of a subject only while the subject lives: erased, then stored
/// again, it starts over at version 1. So the whole cache is dropped when the file's count of
/// erasures (read by a load that finds another connection's commit) is not the one it was
/// filled under; this connection's own erase forgets the subject itself.
struct LogCache {
    /// Few subjects are hot at once; past this many entries the cache starts over.
    static let capacity = 1024

    struct Entry {
        var version: Int64
        var since: Int64?
        var log: DonationLog
    }

    private(set) var loadedVersion: [String: Int64] = [:]
    private var logs: [String: [String: Entry]] = [:]
    /// The file's erasures count the entries were read under.
    private var erasures: Int64 = 0

    mutating func loaded(subject: String, version: Int64, erasures: Int64) {
        if erasures != self.erasures || (loadedVersion.count >= Self.capacity && loadedVersion[subject] == nil) {
            self.erasures = erasures
            loadedVersion = [:]
            logs = [:]
        }
        loadedVersion[subject] = version
    }

    mutating func forget(subject: String) {
        loadedVersion[subject] = nil
        logs[subject] = nil
    }

    /// The cached log if it was read at the version last loaded and covers `since`.
    func log(subject: String, event: String, since: Int64?) -> DonationLog? {
        guard let version = loadedVersion[subject], let entry = logs[subject]?[event], entry.version == version else { return nil }
        guard let since else { return entry.since == nil ? entry.log : nil }
        if let cachedSince = entry.since, cachedSince > since { return nil }  // the cached log starts too late
        return entry.log.since(since)
    }

    mutating func store(_ log: DonationLog, subject: String, event: String, since: Int64?, version: Int64) {
        guard loadedVersion[subject] == version else { return }
        logs[subject, default: [:]][event] = Entry(version: version, since: since, log: log)
    }
}

