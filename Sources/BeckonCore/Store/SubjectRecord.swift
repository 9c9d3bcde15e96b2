public import BeckonRules

/// Everything Beckon remembers about one subject except the donation log: small, read and
/// written whole, atomically with each decision (SEMANTICS §9).
///
/// State is keyed by ids, not by declaration order, so it survives configuration changes.
public struct SubjectRecord: Hashable, Sendable {
    /// Parameters that were set (transient ones never are).
    public var parameters: [String: Value] = [:] { didSet { slots = nil } }
    /// Lifetime counters of each donated event.
    public var events: [String: EventCounters] = [:] { didSet { slots = nil } }
    /// Per-tip display state.
    public var tips: [String: TipRecord] = [:] { didSet { slots = nil } }
    /// Per-scenario counters.
    public var scenarios: [String: ScenarioRecord] = [:]
    /// When this subject last saw a tip for the first time (the global new-tip cooldown).
    public var lastNewTipDisplay: Int64?
    /// What's-new bookkeeping.
    public var whatsNew = WhatsNewRecord()
    /// The entries above by slot, as engines found them (see `RecordSlots`); not part of the
    /// record's value.
    var slots: RecordSlots?

    /// An empty record: a subject Beckon has never seen.
    public init() {}

    /// Whether nothing is recorded.
    public var isEmpty: Bool { self == SubjectRecord() }

    /// The record with a fresh slot index, for a store that keeps it in memory: decisions on
    /// it then find each entry by id once, not once per decision.
    func indexingSlots() -> SubjectRecord {
        var record = self
        record.slots = RecordSlots()
        return record
    }

    // The value is the recorded state; `slots` only remembers where entries are.
    public static func == (left: SubjectRecord, right: SubjectRecord) -> Bool {
        left.parameters == right.parameters && left.events == right.events && left.tips == right.tips
            && left.scenarios == right.scenarios && left.lastNewTipDisplay == right.lastNewTipDisplay
            && left.whatsNew == right.whatsNew
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(parameters)
        hasher.combine(events)
        hasher.combine(tips)
        hasher.combine(scenarios)
        hasher.combine(lastNewTipDisplay)
        hasher.combine(whatsNew)
    }
}

extension SubjectRecord {
    /// The parameter at `slot` of `layout`, whose id is `id`.
    @inline(__always)
    func parameter(_ slot: Int, id: String, layout: SlotLayout) -> Value? {
        guard let slots else { return parameters[id] }
        return slots.parameter(slot, layout: layout) { parameters[id] }
    }

    /// The counters of the event at `slot` of `layout`, whose id is `id`.
    @inline(__always)
    func event(_ slot: Int, id: String, layout: SlotLayout) -> EventCounters? {
        guard let slots else { return events[id] }
        return slots.event(slot, layout: layout) { events[id] }
    }

    /// The state of the tip at `slot` of `layout`, whose id is `id`.
    @inline(__always)
    func tip(_ slot: Int, id: String, layout: SlotLayout) -> TipRecord? {
        guard let slots else { return tips[id] }
        return slots.tip(slot, layout: layout) { tips[id] }
    }
}

/// Lifetime counters of one event (SEMANTICS §3): what a subject's record keeps is what the rule
/// language reads (`events.X.count`, `.first`, `.last`), so it is the rules' own summary.
public typealias EventCounters = EventSummary

/// Why a tip was invalidated.
public enum InvalidationReason: AnswerWord, Hashable {
    /// The user did what the tip suggested (set by the host).
    case actionPerformed
    /// The user closed the tip (set by the host).
    case tipClosed
    /// The tip reached its `maxDisplayCount` (set by the engine).
    case displayCountExceeded
    /// The tip reached its `maxDisplayDuration` (set by the engine).
    case displayDurationExceeded

    /// Whether a host may invalidate a tip with this reason (the engine sets the others).
    public var isHostReason: Bool { HostInvalidationReason.allCases.contains { $0.reason == self } }

    /// The reason as answers and records spell it: `actionPerformed`, `tipClosed`, …
    @inlinable
    public var spelling: StaticString {
        switch self {
        case .actionPerformed: "actionPerformed"
        case .tipClosed: "tipClosed"
        case .displayCountExceeded: "displayCountExceeded"
        case .displayDurationExceeded: "displayDurationExceeded"
        }
    }
}

/// The reasons a host may invalidate a tip with, as the CLI, traces and the C API accept them.
public enum HostInvalidationReason: AnswerWord, Hashable {
    /// The user did what the tip suggested.
    case actionPerformed
    /// The user closed the tip.
    case tipClosed

    /// The reason as recorded.
    public var reason: InvalidationReason {
        switch self {
        case .actionPerformed: .actionPerformed
        case .tipClosed: .tipClosed
        }
    }

    /// The recorded reason's spelling.
    public var spelling: StaticString { reason.spelling }
}

/// One tip's state for one subject (SEMANTICS §4).
public struct TipRecord: Hashable, Sendable {
    public var displayCount: Int64 = 0
    public var firstDisplay: Int64?
    public var lastDisplay: Int64?
    /// Total on-screen time (ms).
    public var displayDuration: Int64 = 0
    public var invalidation: InvalidationReason?

    /// Creates a record.
    public init(displayCount: Int64 = 0, firstDisplay: Int64? = nil, lastDisplay: Int64? = nil,
                displayDuration: Int64 = 0, invalidation: InvalidationReason? = nil) {
        self.displayCount = displayCount
        self.firstDisplay = firstDisplay
        self.lastDisplay = lastDisplay
        self.displayDuration = displayDuration
        self.invalidation = invalidation
    }
}

/// One scenario's counters for one subject (SEMANTICS §6).
public struct ScenarioRecord: Hashable, Sendable {
    /// Triggers (for a scenario counting its own triggers).
    public var events: Int64 = 0
    public var firstEvent: Int64?
    public var lastEvent: Int64?
    public var executions: Int64 = 0
    public var lastExecution: Int64?
    /// For a scenario that counts a declared event: when it was last reset and the event's
    /// count then, so that only later donations count.
    public var resetAt: Int64?
    public var eventCountAtReset: Int64 = 0

    /// Creates a record.
    public init(events: Int64 = 0, firstEvent: Int64? = nil, lastEvent: Int64? = nil, executions: Int64 = 0,
                lastExecution: Int64? = nil, resetAt: Int64? = nil, eventCountAtReset: Int64 = 0) {
        self.events = events
        self.firstEvent = firstEvent
        self.lastEvent = lastEvent
        self.executions = executions
        self.lastExecution = lastExecution
        self.resetAt = resetAt
        self.eventCountAtReset = eventCountAtReset
    }
}

/// What's-new bookkeeping for one subject (SEMANTICS §7).
public struct WhatsNewRecord: Hashable, Sendable {
    /// Versions whose entries were presented.
    public var presented: Set<Version> = []
    /// The app version at the latest `next`; nil for a fresh install.
    public var lastSeenAppVersion: Version?
    /// The last seen version before the current one: what `catchUp` shows entries after.
    public var previousAppVersion: Version?

    /// Creates a record.
    public init(presented: Set<Version> = [], lastSeenAppVersion: Version? = nil, previousAppVersion: Version? = nil) {
        self.presented = presented
        self.lastSeenAppVersion = lastSeenAppVersion
        self.previousAppVersion = previousAppVersion
    }
}
