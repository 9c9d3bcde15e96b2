import BeckonRules

/// What rules read during one decision: the subject's record as loaded, the request's instant and
/// transient parameters, and donation logs fetched from the store on first use.
///
/// One scope serves one decision on one thread; it is never shared.
final class EvaluationScope: RuleContext, @unchecked Sendable {
    let engine: Engine
    let request: DecisionRequest
    let record: SubjectRecord
    /// Donation changes not yet committed, applied to every log read: the scope then sees the
    /// logs as they will be once `record` is written with them (the answers after a change).
    private let pendingDonations: DonationChanges?
    /// The log fetched last, and the others fetched so far, by event slot. Most decisions read
    /// one event's log, which then costs no dictionary.
    private var lastLog: (slot: Int, log: DonationLog)?
    private var otherLogs: [Int: DonationLog] = [:]
    /// Set when the store failed while a rule read from it; the operation then fails.
    private(set) var storeFailure: StoreError?
    /// Tips whose status is being computed, so `tips.X.status` in a cycle of rules ends. The
    /// outermost one is kept apart so that the common case allocates nothing.
    private var outermostTip = -1
    private var nestedTips: [Int] = []
    /// The earliest instant after `now` at which what was decided so far may change with no new
    /// input (`Int64.max`: none). Tips read through `tips.X.status` and group members lower it
    /// too, so an answer inherits the instants of what it depends on.
    var revisitAt = Int64.max

    /// Notes that what is being decided may change at `instant`.
    @inline(__always)
    func changes(at instant: Int64) {
        if instant < revisitAt { revisitAt = instant }
    }

    /// Runs `body` with a fresh `revisitAt`, gives the instant it found (nil: none), and folds it
    /// into the enclosing one.
    @inline(__always)
    func measuringRevisit<T>(_ body: () -> T) -> (T, revisitAt: Int64?) {
        let outer = revisitAt
        revisitAt = .max
        let result = body()
        let found = revisitAt
        revisitAt = min(outer, found)
        return (result, found == .max ? nil : found)
    }

    init(engine: Engine, request: DecisionRequest, record: SubjectRecord, pendingDonations: DonationChanges? = nil) {
        self.engine = engine
        self.request = request
        self.record = record
        self.pendingDonations = pendingDonations
    }

    var now: Int64 { request.now }
    var subject: String { request.subject }
    var appVersion: Version? { request.appVersion ?? engine.configuration.appVersion }

    func parameter(_ slot: Int) -> Value {
        let facts = engine.parameterFacts[slot]
        if facts.isTransient {
            return request.transientParameters[facts.id] ?? facts.defaultValue
        }
        return record.parameter(slot, id: facts.id, layout: engine.slotLayout) ?? facts.defaultValue
    }

    func eventSummary(_ slot: Int) -> EventSummary {
        record.event(slot, id: engine.eventIDs[slot], layout: engine.slotLayout) ?? EventCounters()
    }

    /// Marks a tip as being evaluated; false when it already is (a cycle through `tips.X.status`).
    func enterTip(_ slot: Int) -> Bool {
        if outermostTip == slot || nestedTips.contains(slot) { return false }
        if outermostTip == -1 { outermostTip = slot } else { nestedTips.append(slot) }
        return true
    }

    func leaveTip(_ slot: Int) {
        if nestedTips.last == slot { nestedTips.removeLast() } else if outermostTip == slot { outermostTip = -1 }
    }

    func donations(_ slot: Int) -> DonationLog {
        if let lastLog, lastLog.slot == slot { return lastLog.log }
        if let log = otherLogs[slot] { return log }
        // Near Int64.min the cutoff saturates instead of trapping: nothing is too old then.
        let since = engine.configuration.events.all[slot].maxAge.map { maxAge in
            let (cutoff, overflow) = request.now.subtractingReportingOverflow(maxAge)
            return overflow ? Int64.min : cutoff
        }
        var log: DonationLog
        do {
            log = try engine.store.donationLog(subject: request.subject, event: engine.eventIDs[slot], since: since)
        } catch {
            if storeFailure == nil { storeFailure = error }
            log = DonationLog()
        }
        if let pendingDonations { log = Self.applying(pendingDonations, to: log, event: engine.eventIDs[slot], since: since) }
        if let lastLog { otherLogs[lastLog.slot] = lastLog.log }
        lastLog = (slot, log)
        return log
    }

    func tipSummary(_ slot: Int) -> TipSummary {
        let tip = record.tip(slot, id: engine.tipIDs[slot], layout: engine.slotLayout) ?? TipRecord()
        let status = engine.tipEvaluation(slot, scope: self, explaining: false).status
        return TipSummary(displayCount: tip.displayCount, invalidated: tip.invalidation != nil, status: status.rawValue)
    }

    func scenarioSummary(_ slot: Int) -> ScenarioSummary {
        let counts = engine.scenarioCounts(slot, scope: self)
        return ScenarioSummary(executions: counts.executions, events: counts.events)
    }

    /// `log` (read with `since`) as it will be once `changes` are committed, the way stores
    /// apply them: cleared logs emptied, then appends with their retention.
    private static func applying(_ changes: DonationChanges, to log: DonationLog, event: String, since: Int64?) -> DonationLog {
        var log = log
        if changes.clearsAll || changes.clearedEvents.contains(event) { log = DonationLog() }
        // A store may leave `infos` empty (an event without info); appending needs it parallel.
        if log.infos.count != log.times.count { log.infos = Array(repeating: [], count: log.times.count) }
        for append in changes.appends where append.event == event {
            MemoryStore.append(append.donation, to: &log, retention: append.retention)
        }
        return since.map(log.since) ?? log
    }
}
