import BeckonRules

/// What rules read during one decision: the subject's record as loaded, the request's instant and
/// transient parameters, and donation logs fetched from the store on first use.
///
/// One scope serves one decision on one thread; it is never shared.
final class EvaluationScope: RuleContext, @unchecked Sendable {
    let engine: Engine
    let request: DecisionRequest
    let record: SubjectRecord
    /// Logs fetched so far, by event slot.
    private var logs: [Int: DonationLog] = [:]
    /// Set when the store failed while a rule read from it; the operation then fails.
    private(set) var storeFailure: StoreError?
    /// Tips whose status is being computed, so `tips.X.status` in a cycle of rules ends.
    var tipsInProgress: Set<Int> = []

    init(engine: Engine, request: DecisionRequest, record: SubjectRecord) {
        self.engine = engine
        self.request = request
        self.record = record
    }

    var now: Int64 { request.now }
    var subject: String { request.subject }
    var appVersion: Version? { request.appVersion ?? engine.configuration.appVersion }

    func parameter(_ slot: Int) -> Value {
        let declaration = engine.configuration.parameters.all[slot]
        if declaration.isTransient {
            return request.transientParameters[declaration.id] ?? declaration.defaultValue
        }
        return record.parameters[declaration.id] ?? declaration.defaultValue
    }

    func eventSummary(_ slot: Int) -> EventSummary {
        let counters = record.events[engine.configuration.events.all[slot].id] ?? EventCounters()
        return EventSummary(count: counters.count, first: counters.first, last: counters.last)
    }

    func donations(_ slot: Int) -> DonationLog {
        if let log = logs[slot] { return log }
        let event = engine.configuration.events.all[slot]
        let since = event.maxAge.map { request.now - $0 }
        let donations: [Donation]
        do {
            donations = try engine.store.donations(subject: request.subject, event: event.id, since: since)
        } catch {
            if storeFailure == nil { storeFailure = error }
            donations = []
        }
        let log = DonationLog(times: donations.map(\.time), infos: event.infoFields.isEmpty ? [] : donations.map(\.info))
        logs[slot] = log
        return log
    }

    func tipSummary(_ slot: Int) -> TipSummary {
        let tip = record.tips[engine.configuration.tips.all[slot].id] ?? TipRecord()
        let status = engine.tipEvaluation(slot, scope: self, explaining: false).status
        return TipSummary(displayCount: tip.displayCount, invalidated: tip.invalidation != nil, status: status.rawValue)
    }

    func scenarioSummary(_ slot: Int) -> ScenarioSummary {
        let counts = engine.scenarioCounts(slot, scope: self)
        return ScenarioSummary(executions: counts.executions, events: counts.events)
    }

    func call(_ function: Int, arguments: [Value]) -> Result<Value, RuleCallError> {
        guard let functions = engine.functions else {
            return .failure(RuleCallError(message: "no plugin provides function \(function)"))
        }
        return functions.call(function, arguments: arguments, context: self)
    }
}
