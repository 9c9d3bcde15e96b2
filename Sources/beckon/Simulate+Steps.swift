import BeckonConfig
import BeckonCore
import BeckonRules

/// Running one trace step on the engine and describing what it decided.
extension Simulate {
    static func perform(_ step: TraceStep, on engine: Engine) throws(EngineError) -> StepReport {
        var report = try perform(step.operation, step.request, on: engine)
        if !step.transientParameters.isEmpty {
            report.operation += " with " + step.transientParameters.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
        }
        return report
    }

    private static func perform(_ operation: TraceOperation, _ request: DecisionRequest, on engine: Engine) throws(EngineError) -> StepReport {
        let name = operation.name
        let target = operation.id.map { "\(name) \($0)" } ?? name
        switch operation {
        case .set(let values):
            for value in values { try engine.setParameter(value.name, to: value.value, request) }
            let assignments = values.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
            return StepReport(operation: "set \(assignments)", answer: "stored",
                              arguments: Dictionary(values.map { ($0.name, ValueRenderer.json($0.value)) }) { _, last in last },
                              answerJSON: ["stored": .bool(true)])
        case .donate(let event, let info):
            let counters = try engine.donate(event, info: Dictionary(info.map { ($0.name, $0.value) }) { first, _ in first }, request)
            let fields = info.isEmpty ? "" : " {" + info.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
            return StepReport(operation: target + fields, answer: "count \(counters.count)",
                              arguments: info.isEmpty ? [:] : ["info": ValueRenderer.json(info.map { ($0.name, $0.value) })],
                              answerJSON: ["count": .int(counters.count), "first": .instant(counters.first), "last": .instant(counters.last)])
        case .tipStatus(let id):
            let decision = try engine.tipStatus(id, request)
            return StepReport(operation: target, answer: TipDecisionRenderer.text(decision), answerJSON: TipDecisionRenderer.json(decision))
        case .tipDisplay(let id):
            let decision = try engine.displayTip(id, request)
            var json = TipDecisionRenderer.json(decision)
            json["changed"] = nil
            json["displayed"] = .bool(decision.changed)
            return StepReport(operation: target, answer: TipDecisionRenderer.displayText(decision), answerJSON: json)
        case .tipShown(let id, let duration):
            let decision = try engine.recordTipShown(id, duration: duration, request)
            var json = TipDecisionRenderer.json(decision)
            json["changed"] = nil
            json["recorded"] = .bool(decision.changed)
            return StepReport(operation: "\(target) for \(DurationSyntax.format(duration))", answer: TipDecisionRenderer.shownText(decision),
                              arguments: ["for": .string(DurationSyntax.format(duration))], answerJSON: json)
        case .tipInvalidate(let id, let reason):
            let decision = try engine.invalidateTip(id, reason: reason, request)
            return StepReport(operation: "\(target) \(reason.rawValue)", answer: TipDecisionRenderer.text(decision),
                              arguments: ["reason": .string(reason.rawValue)], answerJSON: TipDecisionRenderer.json(decision))
        case .tipReset(let id):
            let decision = try engine.resetTip(id, request)
            return StepReport(operation: target, answer: TipDecisionRenderer.text(decision), answerJSON: TipDecisionRenderer.json(decision))
        case .resetAll:
            try engine.resetSubject(request)
            return StepReport(operation: "reset all", answer: "cleared", answerJSON: ["cleared": .bool(true)])
        case .groupCurrent(let id):
            let decision = try engine.groupCurrent(id, request)
            let priority = engine.configuration.groups[id]?.priority ?? .firstAvailable
            return StepReport(operation: target, answer: GroupDecisionRenderer.text(decision, priority: priority),
                              answerJSON: GroupDecisionRenderer.json(decision, priority: priority))
        case .scenarioTrigger(let id):
            return scenario(target, try engine.triggerScenario(id, request), .wouldTry)
        case .scenarioTry(let id):
            return scenario(target, try engine.tryScenario(id, request), .tried)
        case .scenarioStatus(let id):
            return scenario(target, try engine.scenarioStatus(id, request), .wouldTry)
        case .scenarioReset(let id):
            return scenario(target, try engine.resetScenario(id, request), .wouldTry)
        case .whatsNewNext:
            let decision = try engine.whatsNewNext(request)
            return StepReport(operation: "\(name) for \(decision.version)", answer: WhatsNewDecisionRenderer.text(decision, presenting: false),
                              answerJSON: WhatsNewDecisionRenderer.json(decision))
        case .whatsNewPresent:
            let decision = try engine.whatsNewPresent(request)
            return StepReport(operation: "\(name) for \(decision.version)", answer: WhatsNewDecisionRenderer.text(decision, presenting: true),
                              answerJSON: WhatsNewDecisionRenderer.json(decision))
        case .whatsNewMark(let version):
            let presented = try engine.whatsNewMark(version, request)
            return StepReport(operation: "\(name) \(version)", answer: WhatsNewDecisionRenderer.presentedText(presented),
                              arguments: ["version": .string(version.description)],
                              answerJSON: ["presented": WhatsNewDecisionRenderer.presentedJSON(presented)])
        case .whatsNewUnmark(let version):
            let presented = try engine.whatsNewUnmark(version, request)
            let written = version?.description ?? "all"
            return StepReport(operation: "\(name) \(written)", answer: WhatsNewDecisionRenderer.presentedText(presented),
                              arguments: ["version": .string(written)],
                              answerJSON: ["presented": WhatsNewDecisionRenderer.presentedJSON(presented)])
        case .explainTip(let id):
            let explanation = try engine.explainTip(id, request)
            return StepReport(operation: target, answer: TipDecisionRenderer.text(explanation.status, explanation.reason),
                              details: TipDecisionRenderer.explanationLines(explanation),
                              answerJSON: TipDecisionRenderer.json(explanation))
        case .explainScenario(let id):
            let decision = try engine.scenarioStatus(id, request, explaining: true)
            var report = scenario(target, decision, .wouldTry)
            report.details = ScenarioDecisionRenderer.explanationLines(decision)
            return report
        }
    }

    private static func scenario(_ target: String, _ decision: ScenarioDecision, _ verb: ScenarioDecisionRenderer.Verb) -> StepReport {
        StepReport(operation: target, answer: ScenarioDecisionRenderer.text(decision, verb),
                   answerJSON: ScenarioDecisionRenderer.json(decision, verb))
    }
}
