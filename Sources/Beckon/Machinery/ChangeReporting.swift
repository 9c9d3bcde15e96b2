import BeckonCore

/// An answer of an operation that records, which carries what the operation changed when asked.
protocol ReportsChanges {
    var changes: SubjectChanges? { get set }
}

extension TipAnswer: ReportsChanges {}
extension ScenarioAnswer: ReportsChanges {}
extension DonationAnswer: ReportsChanges {}
extension WhatsNewAnswer: ReportsChanges {}

extension BeckonEngine {
    /// `decide` for an operation that records: with `request.reportingChanges`, its answer also
    /// carries what the operation changed for the subject.
    func record<Answer: ReportsChanges>(_ request: BeckonRequest,
                                        _ body: (Engine, DecisionRequest) throws(EngineError) -> Answer) throws(BeckonError) -> Answer {
        var (answer, changes) = try recordReportingChanges(request, body)
        answer.changes = changes
        return answer
    }

    /// `decide` for an operation that records, with what it changed for the subject when the
    /// request asks (nil otherwise, and nothing computed).
    func recordReportingChanges<T>(_ request: BeckonRequest,
                                   _ body: (Engine, DecisionRequest) throws(EngineError) -> T) throws(BeckonError) -> (T, SubjectChanges?) {
        try decide(request) { engine, decision throws(EngineError) in
            guard request.reportingChanges else { return (try body(engine, decision), nil) }
            let (result, changes) = try engine.reportingChanges(decision) { recording throws(EngineError) in try body(engine, recording) }
            return (result, SubjectChanges(changes))
        }
    }
}

extension SubjectChanges {
    init(_ changes: BeckonCore.SubjectChanges) {
        self.init(
            tips: changes.tips.map { change in
                Change(id: change.id, before: TipState(change.before), after: TipState(change.after))
            },
            groups: changes.groups.map { change in
                Change(id: change.id, before: GroupState(current: change.before.current), after: GroupState(current: change.after.current))
            },
            scenarios: changes.scenarios.map { change in
                Change(id: change.id, before: ScenarioState(wouldRun: change.before.wouldRun), after: ScenarioState(wouldRun: change.after.wouldRun))
            })
    }
}

extension SubjectChanges.TipState {
    init(_ answer: BeckonCore.TipAnswer) {
        self.init(status: TipAnswer.Status(answer.status), reasonCode: answer.reason.code)
    }
}
