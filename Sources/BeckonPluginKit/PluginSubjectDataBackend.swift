/// A store backend that also lists and erases whole subjects (ABI 1.3 `list_subjects` and
/// `erase_subject`): what the host's export, import, erase, expiry and copying between stores
/// need. A backend opts in by conforming; the kit then sets both callbacks, and the host may send
/// it restores (`PluginCommit.version` set), which it must store at exactly that version.
///
/// A conforming backend keeps each subject's last activity: the `now` of its last commit.
public protocol PluginSubjectDataBackend: PluginStoreBackend {
    /// The stored subjects whose ids' UTF-8 bytes come strictly after `after` (nil: from the
    /// first), in ascending order of those bytes (`Array(id.utf8)` compared lexicographically,
    /// not Swift's `<` on strings), at most `limit` (1 or more).
    func subjects(after: String?, limit: Int) throws(PluginError) -> [PluginListedSubject]

    /// Erases the subject's record and every log, all at once, when its last activity is before
    /// `activeBefore` (`Int64.max`: whenever). Returns false, changing nothing, when there was
    /// nothing to erase: never stored, or active at or after `activeBefore`.
    func erase(subject: String, activeBefore: Int64) throws(PluginError) -> Bool
}

/// A subject as `PluginSubjectDataBackend.subjects(after:limit:)` lists it.
public struct PluginListedSubject: Hashable, Sendable {
    /// Its id.
    public var subject: String
    /// The `now` of its last commit (Unix ms).
    public var lastActive: Int64

    /// Creates a listed subject.
    public init(subject: String, lastActive: Int64) {
        self.subject = subject
        self.lastActive = lastActive
    }
}
