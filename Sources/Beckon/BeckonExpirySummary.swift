/// What `BeckonEngine.expireSubjects(dryRun:at:)` found and did: the members of
/// `beckon data expire --json`.
public struct BeckonExpirySummary: Sendable, Hashable {
    /// Subjects listed (the whole store, a page at a time).
    public var listed: Int
    /// Subjects inactive for `store.expireSubjectsAfter` (erased unless a dry run), in list order.
    public var expired: [String]
    /// Subjects erased: fewer than `expired` when one was active again before its erasure, 0 in
    /// a dry run.
    public var erased: Int
    /// Whether nothing was erased on purpose.
    public var dryRun: Bool

    /// Creates a summary.
    public init(listed: Int, expired: [String], erased: Int, dryRun: Bool) {
        self.listed = listed
        self.expired = expired
        self.erased = erased
        self.dryRun = dryRun
    }
}
