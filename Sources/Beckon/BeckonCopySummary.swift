/// What `BeckonEngine.copySubjects(to:)` did, and what its final check found: the members of
/// `beckon data copy --json`, with the first subjects refused and mismatched named.
public struct BeckonCopySummary: Sendable, Hashable {
    /// Subjects written to the other store (absent there before).
    public var copied: Int
    /// Subjects the other store already held with the same data (a rerun skips them).
    public var unchanged: Int
    /// Subjects the other store holds with other data, left as they were (the first ones named).
    public var refused: [String]
    /// Subjects refused in all.
    public var refusedCount: Int
    /// Subjects the final check compared.
    public var checked: Int
    /// Subjects the check found in one store only, or with other data (the first ones named).
    public var mismatches: [String]
    /// Mismatches in all: 0 when both stores list the same subjects with equal data.
    public var mismatchCount: Int

    /// Creates a summary.
    public init(copied: Int, unchanged: Int, refused: [String], refusedCount: Int, checked: Int, mismatches: [String], mismatchCount: Int) {
        self.copied = copied
        self.unchanged = unchanged
        self.refused = refused
        self.refusedCount = refusedCount
        self.checked = checked
        self.mismatches = mismatches
        self.mismatchCount = mismatchCount
    }
}
