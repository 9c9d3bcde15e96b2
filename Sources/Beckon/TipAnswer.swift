/// The answer about one tip: its status, why, what the host shows, and its recorded state.
///
/// Members are added as the engine learns to say more (they are optional or have a default), so
/// a host that reads some of them keeps compiling.
public struct TipAnswer: Sendable, Hashable {
    /// A tip's status (SEMANTICS §4).
    public enum Status: String, Hashable, Sendable, CaseIterable {
        /// Not to be shown now: a rule, the display frequency, a group or a display limit says
        /// not yet (`reasonCode` says which).
        case pending
        /// To be shown now, with its content.
        case available
        /// Never to be shown again for this subject (closed, acted on, or shown its most).
        case invalidated
    }

    /// The tip's id.
    public var tip: String
    /// Its status (after the operation, for operations).
    public var status: Status
    /// The check that decided the status, as a stable code: `available`, `rule`, `ruleError`,
    /// `displayFrequency`, `group`, `testingShow`, `testingHide`, `cycle`, or an invalidation
    /// reason (`tipClosed`, `displayCountExceeded`, …).
    public var reasonCode: String
    /// The same for people: `rule 2 is false: params.isLoggedIn (example-tips.yaml:17)`.
    public var reason: String
    /// For `displayTip`: whether it was displayed (recorded); for `recordShown`: whether the time
    /// was recorded; for the other operations: whether the tip's state changed.
    public var changed: Bool
    /// Times displayed.
    public var displayCount: Int64
    /// Total on-screen time, in milliseconds.
    public var displayDurationMilliseconds: Int64
    /// Why it was invalidated (`actionPerformed`, `tipClosed`, `displayCountExceeded`,
    /// `displayDurationExceeded`), or nil.
    public var invalidation: String?
    /// What to show: the tip's title, message, image and actions, from its declaration, in `locale`.
    public var content: TipContent
    /// For `explainTip`: every check in order, with what it found (empty otherwise).
    public var checks: [BeckonCheck] = []
    /// When to ask again: the earliest instant (Unix ms, after the request's) at which this
    /// answer may change with no new input, or nil when nothing in it depends on time.
    public var revisitAt: Int64? = nil
    /// With `BeckonRequest.reportingChanges`, what the operation changed for the subject (nil
    /// when not asked, and for operations that record nothing).
    public var changes: SubjectChanges? = nil
    /// The locale `content` is in, as the configuration writes it: the one the request's
    /// languages chose, else the configuration's default locale.
    public var locale: String = ""
}

/// What a host shows for a tip, as declared.
public struct TipContent: Sendable, Hashable {
    /// The title.
    public var title: String
    /// The message, if declared.
    public var message: String?
    /// The image name, if declared.
    public var image: String?
    /// Buttons to offer with the tip, in order.
    public var actions: [Action]

    /// A button offered with a tip: the host reports a tap as `invalidateTip(_, reason: .actionPerformed)`
    /// or acts on `id`.
    public struct Action: Sendable, Hashable {
        /// The action's id.
        public var id: String
        /// Its button title.
        public var title: String
    }
}

/// How the host invalidates a tip (the engine sets `displayCountExceeded` and
/// `displayDurationExceeded` itself).
public enum InvalidationReason: String, Sendable, Hashable, CaseIterable {
    /// The user did what the tip suggested.
    case actionPerformed
    /// The user closed the tip.
    case tipClosed
}
