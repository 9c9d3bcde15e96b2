public import BeckonConfig
public import BeckonCore

/// Runs one engine operation (a CLI subcommand, a trace step or a C API call) and reports what
/// it decided, so that `beckon tip status`, a `tip.status` step and `beckon_tip_status` give the
/// same answer.
public enum OperationRunner {
    /// Runs one operation for a request. The report describes the answer when asked: hosts that
    /// read only its JSON never pay for its sentences.
    public static func perform(_ operation: TraceOperation, _ request: DecisionRequest, on engine: Engine) throws(EngineError) -> OperationReport {
        switch operation {
        case .set(let values):
            for value in values { try engine.setParameter(value.name, to: value.value, request) }
            return OperationReport(operation, .stored)
        case .donate(let event, let info):
            let counters = try engine.donate(event, info: Dictionary(info.map { ($0.name, $0.value) }) { first, _ in first }, request)
            return OperationReport(operation, .donated(counters))
        case .tipStatus(let id):
            let decision = try engine.tipStatus(id, request)
            return OperationReport(operation, .tip(decision), isPositive: decision.status == .available)
        case .tipDisplay(let id):
            let decision = try engine.displayTip(id, request)
            return OperationReport(operation, .tipDisplayed(decision), isPositive: decision.changed)
        case .tipShown(let id, let duration):
            return OperationReport(operation, .tipShown(try engine.recordTipShown(id, duration: duration, request)))
        case .tipInvalidate(let id, let reason):
            return OperationReport(operation, .tip(try engine.invalidateTip(id, reason: reason, request)))
        case .tipReset(let id):
            return OperationReport(operation, .tip(try engine.resetTip(id, request)))
        case .resetAll:
            try engine.resetSubject(request)
            return OperationReport(operation, .cleared)
        case .groupCurrent(let id):
            let decision = try engine.groupCurrent(id, request)
            let priority = engine.configuration.groups[id]?.priority ?? .firstAvailable
            return OperationReport(operation, .group(decision, priority), isPositive: decision.current != nil)
        case .scenarioTrigger(let id):
            // Positive: the trigger was counted.
            return OperationReport(operation, .scenario(try engine.triggerScenario(id, request), .wouldTry))
        case .scenarioTry(let id):
            let decision = try engine.tryScenario(id, request)
            return OperationReport(operation, .scenario(decision, .tried), isPositive: decision.executed)
        case .scenarioStatus(let id):
            let decision = try engine.scenarioStatus(id, request)
            return OperationReport(operation, .scenario(decision, .wouldTry), isPositive: decision.executed)
        case .scenarioReset(let id):
            // Positive: the reset was done.
            return OperationReport(operation, .scenario(try engine.resetScenario(id, request), .wouldTry))
        case .whatsNewNext:
            let decision = try engine.whatsNewNext(request)
            return OperationReport(operation, .whatsNew(decision, presenting: false), isPositive: !decision.entries.isEmpty)
        case .whatsNewPresent:
            let decision = try engine.whatsNewPresent(request)
            return OperationReport(operation, .whatsNew(decision, presenting: true), isPositive: !decision.entries.isEmpty)
        case .whatsNewMark(let version):
            return OperationReport(operation, .presented(try engine.whatsNewMark(version, request)))
        case .whatsNewUnmark(let version):
            return OperationReport(operation, .presented(try engine.whatsNewUnmark(version, request)))
        case .explainTip(let id):
            let explanation = try engine.explainTip(id, request)
            return OperationReport(operation, .tipExplanation(explanation), isPositive: explanation.status == .available)
        case .explainScenario(let id):
            let decision = try engine.scenarioStatus(id, request, explaining: true)
            return OperationReport(operation, .scenario(decision, .wouldTry), isPositive: decision.executed)
        }
    }
}
