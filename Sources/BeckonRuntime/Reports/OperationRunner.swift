public import BeckonConfig
public import BeckonCore

/// Runs one engine operation (a CLI subcommand, a trace step or a C API call) and reports what
/// it decided, so that `beckon tip status`, a `tip.status` step and `beckon_tip_status` give the
/// same answer.
public enum OperationRunner {
    /// Runs one operation for a request. The report describes the answer when asked: hosts that
    /// read only its JSON never pay for its sentences. With `reportingChanges`, the report also
    /// carries the answers the operation changed for the subject (its `changes` member), when
    /// the operation records something; reading operations ignore it.
    public static func perform(_ operation: TraceOperation, _ request: DecisionRequest, on engine: Engine,
                               reportingChanges: Bool = false) throws(EngineError) -> OperationReport {
        guard reportingChanges, records(operation) else { return OperationReport(operation, try outcome(of: operation, request, on: engine)) }
        let (outcome, changes) = try engine.reportingChanges(request) { request throws(EngineError) in
            try self.outcome(of: operation, request, on: engine)
        }
        var report = OperationReport(operation, outcome)
        report.changes = changes
        return report
    }

    /// Whether the operation may record something for the subject (and so change answers).
    public static func records(_ operation: TraceOperation) -> Bool {
        switch operation {
        case .set, .donate, .tipDisplay, .tipShown, .tipInvalidate, .tipReset, .resetAll, .scenarioTrigger, .scenarioTry,
             .scenarioReset, .whatsNewNext, .whatsNewPresent, .whatsNewMark, .whatsNewUnmark:
            true
        case .tipStatus, .groupCurrent, .scenarioStatus, .explainTip, .explainScenario:
            false
        }
    }

    /// What the engine answers to one operation.
    private static func outcome(of operation: TraceOperation, _ request: DecisionRequest, on engine: Engine) throws(EngineError) -> OperationReport.Outcome {
        let outcome: OperationReport.Outcome
        switch operation {
        case .set(let values):
            for value in values { try engine.setParameter(value.name, to: value.value, request) }
            outcome = .stored
        case .donate(let event, let info):
            outcome = .donated(try engine.donate(event, info: Dictionary(info.map { ($0.name, $0.value) }) { first, _ in first }, request))
        case .tipStatus(let id):
            outcome = .tip(try engine.tipStatus(id, request))
        case .tipDisplay(let id):
            outcome = .tipDisplayed(try engine.displayTip(id, request))
        case .tipShown(let id, let duration):
            outcome = .tipShown(try engine.recordTipShown(id, duration: duration, request))
        case .tipInvalidate(let id, let reason):
            outcome = .tip(try engine.invalidateTip(id, reason: reason, request))
        case .tipReset(let id):
            outcome = .tip(try engine.resetTip(id, request))
        case .resetAll:
            try engine.resetSubject(request)
            outcome = .cleared
        case .groupCurrent(let id):
            let decision = try engine.groupCurrent(id, request)
            let (priority, current) = GroupDecisionRenderer.context(of: decision, in: engine)
            outcome = .group(decision, priority, current: current)
        case .scenarioTrigger(let id):
            outcome = .scenario(try engine.triggerScenario(id, request), .wouldTry)
        case .scenarioTry(let id):
            outcome = .scenario(try engine.tryScenario(id, request), .tried)
        case .scenarioStatus(let id):
            outcome = .scenario(try engine.scenarioStatus(id, request), .wouldTry)
        case .scenarioReset(let id):
            outcome = .scenario(try engine.resetScenario(id, request), .wouldTry)
        case .whatsNewNext:
            outcome = .whatsNew(try engine.whatsNewNext(request), presenting: false)
        case .whatsNewPresent:
            outcome = .whatsNew(try engine.whatsNewPresent(request), presenting: true)
        case .whatsNewMark(let version):
            outcome = .presented(try engine.whatsNewMark(version, request))
        case .whatsNewUnmark(let version):
            outcome = .presented(try engine.whatsNewUnmark(version, request))
        case .explainTip(let id):
            let explanation = try engine.explainTip(id, request)
            let content = engine.content.tips[engine.content.index(ofLocale: explanation.locale)][try engine.tipSlot(of: id)]
            outcome = .tipExplanation(explanation, content: content)
        case .explainScenario(let id):
            outcome = .scenario(try engine.scenarioStatus(id, request, explaining: true), .wouldTry)
        }
        return outcome
    }

    /// Reads a parameter for a request (its default when unset): `beckon param get` and
    /// `beckon_parameter_get`, answered in the same shape as every other operation.
    public static func parameter(_ name: String, _ request: DecisionRequest, on engine: Engine) throws(EngineError) -> OperationReport {
        OperationReport(parameter: name, value: try engine.parameter(name, request))
    }
}
