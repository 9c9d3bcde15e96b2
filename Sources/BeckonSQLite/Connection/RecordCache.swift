import BeckonCore

/// Decoded records of the subjects this connection read or wrote last, kept true across
/// processes by SQLite's `PRAGMA data_version`.
///
/// `data_version` changes whenever another connection (of this process or another) commits to
/// the file, and never for this connection's own commits: so while it keeps its value, every
/// record read or written through this connection is still what the file holds. When it moves,
/// the whole cache is dropped (a commit elsewhere may have touched any subject). The connection's
/// own commits update their entry; a commit that fails or finds another version drops it.
struct RecordCache {
    /// Past this many subjects the cache starts over: few subjects are hot at once.
    static let capacity = 4096

    struct Entry {
        var version: Int64
        var record: SubjectRecord
        /// The log sizes stored with this version, when this connection read or wrote them.
        var logSizes: LogSizes?
    }

    /// False to keep nothing (every load then reads the file), as when measuring the file.
    var isEnabled = true

    /// The `data_version` the entries were checked against; nil before the first check.
    private var dataVersion: Int64?
    private var entries: [String: Entry] = [:]

    /// Drops every entry unless `current` is the data version the entries were checked against;
    /// returns whether it dropped them (another connection has committed since).
    @discardableResult
    mutating func check(dataVersion current: Int64) -> Bool {
        guard dataVersion != current else { return false }
        entries.removeAll(keepingCapacity: true)
        dataVersion = current
        return true
    }

    subscript(subject: String) -> Entry? { entries[subject] }

    mutating func store(_ entry: Entry, subject: String) {
        guard isEnabled else { return }
        if entries.count >= Self.capacity, entries[subject] == nil { entries.removeAll(keepingCapacity: true) }
        entries[subject] = entry
    }

    mutating func forget(subject: String) {
        entries[subject] = nil
    }

    mutating func forgetAll() {
        entries.removeAll()
    }
}
