/// A tip group's answer (SEMANTICS §5).
public struct GroupAnswer: Sendable, Hashable {
    /// The group's id.
    public var group: String
    /// The tip to show now, or nil when none is available.
    public var current: String?
    /// What to show for the current tip, from its declaration; nil when there is none.
    public var content: TipContent?
    /// How the group chooses: `firstAvailable` or `ordered`.
    public var priority: String
    /// Each member's own status (before the group's gating), in order.
    public var members: [Member]
    /// When to ask again: the earliest instant (Unix ms, after the request's) at which this
    /// answer may change with no new input, or nil when nothing in it depends on time.
    public var revisitAt: Int64? = nil
    /// The locale the current tip's content is in, as the configuration writes it: the one the
    /// request's languages chose, else the configuration's default locale.
    public var locale: String = ""

    /// A member of a group and its own status.
    public struct Member: Sendable, Hashable {
        /// The tip's id.
        public var tip: String
        /// Its own status.
        public var status: TipAnswer.Status
    }
}
