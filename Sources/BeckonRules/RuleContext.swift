/// What a rule reads while it is evaluated: supplied by the engine (and through it the store),
/// asked for by slot so that nothing is looked up by name at evaluation time.
///
/// A class protocol, so that passing a context to a compiled rule never copies or boxes it.
public protocol RuleContext: AnyObject {
    /// The decision's instant (Unix ms).
    var now: Int64 { get }
    /// The subject's id.
    var subject: String { get }
    /// The current app version, if known.
    var appVersion: Version? { get }
    /// A parameter's value for the subject (its default when unset).
    func parameter(_ slot: Int) -> Value
    /// An event's lifetime counters for the subject.
    func eventSummary(_ slot: Int) -> EventSummary
    /// The event's logged donations for the subject, oldest first.
    func donations(_ slot: Int) -> DonationLog
    /// Another tip's state for the subject.
    func tipSummary(_ slot: Int) -> TipSummary
    /// A scenario's counters for the subject.
    func scenarioSummary(_ slot: Int) -> ScenarioSummary
}

/// A context for a subject with nothing stored: no parameter set (each reads null, unless the
/// conforming type gives values), no event donated, no tip displayed, no scenario counted. The
/// checker's constant folding, plugin sample calls and fixtures give only the moment.
public protocol NothingStoredContext: RuleContext {}

extension NothingStoredContext {
    public func parameter(_ slot: Int) -> Value { .null }
    public func eventSummary(_ slot: Int) -> EventSummary { EventSummary() }
    public func donations(_ slot: Int) -> DonationLog { DonationLog() }
    public func tipSummary(_ slot: Int) -> TipSummary { TipSummary() }
    public func scenarioSummary(_ slot: Int) -> ScenarioSummary { ScenarioSummary() }
}

/// Lifetime counters of one event for one subject.
public struct EventSummary: Sendable, Hashable {
    /// Donations since the last reset (exact, even after the log was pruned).
    public var count: Int64
    /// The first donation's instant, if any.
    public var first: Int64?
    /// The last donation's instant, if any.
    public var last: Int64?

    /// Creates a summary.
    public init(count: Int64 = 0, first: Int64? = nil, last: Int64? = nil) {
        self.count = count
        self.first = first
        self.last = last
    }
}

/// The logged donations of one event for one subject, oldest first.
public struct DonationLog: Sendable {
    /// Donation instants, ascending.
    public var times: [Int64]
    /// Each donation's info values in the event's declared field order (empty arrays when the
    /// event declares no info).
    public var infos: [[Value]]

    /// Creates a log; `infos` is either empty or parallel to `times`.
    public init(times: [Int64] = [], infos: [[Value]] = []) {
        self.times = times
        self.infos = infos
    }

    /// The donations at or after `instant`; the log itself when none is older.
    public func since(_ instant: Int64) -> DonationLog {
        let start = firstIndex(atOrAfter: instant)
        guard start > 0 else { return self }
        return DonationLog(times: Array(times[start...]), infos: infos.isEmpty ? [] : Array(infos[start...]))
    }

    /// The index of the first donation at or after `instant` (binary search).
    public func firstIndex(atOrAfter instant: Int64) -> Int {
        Self.firstIndex(of: times, atOrAfter: instant)
    }

    /// The index of the first donation inside the window ending at `now` (`now - time <=
    /// window`); 0 when the window starts before the start of time.
    @inlinable @inline(__always)
    public static func windowStart(of times: [Int64], window: Int64, now: Int64) -> Int {
        let (earliest, overflow) = now.subtractingReportingOverflow(window)
        return overflow ? 0 : firstIndex(of: times, atOrAfter: earliest)
    }

    /// The index of the first of `times` (oldest first) at or after `instant` (binary search).
    @inlinable @inline(__always)
    public static func firstIndex(of times: [Int64], atOrAfter instant: Int64) -> Int {
        var low = 0, high = times.count
        while low < high {
            let middle = (low + high) / 2
            if times[middle] < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }
}

/// Another tip's state, as rules see it.
public struct TipSummary: Sendable, Hashable {
    public var displayCount: Int64
    public var invalidated: Bool
    /// `pending`, `available` or `invalidated`.
    public var status: String

    /// Creates a summary.
    public init(displayCount: Int64 = 0, invalidated: Bool = false, status: String = "pending") {
        self.displayCount = displayCount
        self.invalidated = invalidated
        self.status = status
    }
}

/// A scenario's counters, as rules see them.
public struct ScenarioSummary: Sendable, Hashable {
    public var executions: Int64
    public var events: Int64

    /// Creates a summary.
    public init(executions: Int64 = 0, events: Int64 = 0) {
        self.executions = executions
        self.events = events
    }
}

/// Why a plugin function could not produce a value.
public struct RuleCallError: Error, Sendable, Hashable {
    public var message: String
    /// The argument at fault (0 is the first), when a refusal at bind names one: the diagnostic
    /// then underlines that argument instead of the whole call.
    public var argument: Int?

    /// Creates an error.
    public init(message: String, argument: Int? = nil) {
        self.message = message
        self.argument = argument
    }
}
