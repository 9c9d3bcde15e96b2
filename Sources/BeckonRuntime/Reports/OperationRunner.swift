public import BeckonConfig
public import BeckonCore
import BeckonRules

/// Runs one engine operation (a CLI subcommand or a trace step) and describes what it decided,
/// so that `beckon tip status` and a `tip.status` step print the same answer.
public enum OperationRunner {
    /// Runs one operation for a request and describes the answer.
    public static func perform(_ operation: TraceOperation, _ request: DecisionRequest, on engine: Engine) throws(EngineError) -> OperationReport {
        let name = operation.name
        let target = operation.id.map { "\(name) \($0)" } ?? name
        switch operation {
        case .set(let values):
            for value in values { try engine.setParameter(value.name, to: value.value, request) }
            let assignments = values.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
            return OperationReport(operation: "set \(assignments)", answer: "stored",
                              arguments: Dictionary(values.map { ($0.name, ValueRenderer.json($0.value)) }) { _, last in last },
                              answerJSON: ["stored": .bool(true)])
        case .donate(let event, let info):
            let counters = try engine.donate(event, info: Dictionary(info.map { ($0.name, $0.value) }) { first, _ in first }, request)
            let fields = info.isEmpty ? "" : " {" + info.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
            return OperationReport(operation: target + fields, answer: "count \(counters.count)",
                              arguments: info.isEmpty ? [:] : ["info": ValueRenderer.json(info.map { ($0.name, $0.value) })],
                              answerJSON: ["count": .int(counters.count), "first": .instant(counters.first), "last": .instant(counters.last)])
        case .tipStatus(let id):
            let decision = try engine.tipStatus(id, request)
            return OperationReport(operation: target, answer: TipDecisionRenderer.text(decision), answerJSON: TipDecisionRenderer.json(decision),
                                   isPositive: decision.status == .available)
        case .tipDisplay(let id):
            let decision = try engine.displayTip(id, request)
            var json = TipDecisionRenderer.json(decision)
            json["changed"] = nil
            json["displayed"] = .bool(decision.changed)
            return OperationReport(operation: target, answer: TipDecisionRenderer.displayText(decision), answerJSON: json,
                                   isPositive: decision.changed)
        case .tipShown(let id, let duration):
            let decision = try engine.recordTipShown(id, duration: duration, request)
            var json = TipDecisionRenderer.json(decision)
            json["changed"] = nil
            json["recorded"] = .bool(decision.changed)
            return OperationReport(operation: "\(target) for \(DurationSyntax.format(duration))", answer: TipDecisionRenderer.shownText(decision),
                              arguments: ["for": .string(DurationSyntax.format(duration))], answerJSON: json)
        case .tipInvalidate(let id, let reason):
            let decision = try engine.invalidateTip(id, reason: reason, request)
            return OperationReport(operation: "\(target) \(reason.rawValue)", answer: TipDecisionRenderer.text(decision),
                              arguments: ["reason": .string(reason.rawValue)], answerJSON: TipDecisionRenderer.json(decision))
        case .tipReset(let id):
            let decision = try engine.resetTip(id, request)
            return OperationReport(operation: target, answer: TipDecisionRenderer.text(decision), answerJSON: TipDecisionRenderer.json(decision))
        case .resetAll:
            try engine.resetSubject(request)
            return OperationReport(operation: "reset all", answer: "cleared", answerJSON: ["cleared": .bool(true)])
        case .groupCurrent(let id):
            let decision = try engine.groupCurrent(id, request)
            let priority = engine.configuration.groups[id]?.priority ?? .firstAvailable
            return OperationReport(operation: target, answer: GroupDecisionRenderer.text(decision, priority: priority),
                              answerJSON: GroupDecisionRenderer.json(decision, priority: priority), isPositive: decision.current != nil)
        case .scenarioTrigger(let id):
            var report = scenario(target, try engine.triggerScenario(id, request), .wouldTry)
            report.isPositive = true  // the trigger was counted
            return report
        case .scenarioTry(let id):
            return scenario(target, try engine.tryScenario(id, request), .tried)
        case .scenarioStatus(let id):
            return scenario(target, try engine.scenarioStatus(id, request), .wouldTry)
        case .scenarioReset(let id):
            var report = scenario(target, try engine.resetScenario(id, request), .wouldTry)
            report.isPositive = true  // the reset was done
            return report
        case .whatsNewNext:
            let decision = try engine.whatsNewNext(request)
            return OperationReport(operation: "\(name) for \(decision.version)", answer: WhatsNewDecisionRenderer.text(decision, presenting: false),
                              answerJSON: WhatsNewDecisionRenderer.json(decision), isPositive: !decision.entries.isEmpty)
        case .whatsNewPresent:
            let decision = try engine.whatsNewPresent(request)
            return OperationReport(operation: "\(name) for \(decision.version)", answer: WhatsNewDecisionRenderer.text(decision, presenting: true),
                              answerJSON: WhatsNewDecisionRenderer.json(decision), isPositive: !decision.entries.isEmpty)
        case .whatsNewMark(let version):
            let presented = try engine.whatsNewMark(version, request)
            return OperationReport(operation: "\(name) \(version)", answer: WhatsNewDecisionRenderer.presentedText(presented),
                              arguments: ["version": .string(version.description)],
                              answerJSON: ["presented": WhatsNewDecisionRenderer.presentedJSON(presented)])
        case .whatsNewUnmark(let version):
            let presented = try engine.whatsNewUnmark(version, request)
            let written = version?.description ?? "all"
            return OperationReport(operation: "\(name) \(written)", answer: WhatsNewDecisionRenderer.presentedText(presented),
                              arguments: ["version": .string(written)],
                              answerJSON: ["presented": WhatsNewDecisionRenderer.presentedJSON(presented)])
        case .explainTip(let id):
            let explanation = try engine.explainTip(id, request)
            return OperationReport(operation: target, answer: TipDecisionRenderer.text(explanation.status, explanation.reason),
                              details: TipDecisionRenderer.explanationLines(explanation),
                              answerJSON: TipDecisionRenderer.json(explanation), isPositive: explanation.status == .available)
        case .explainScenario(let id):
            let decision = try engine.scenarioStatus(id, request, explaining: true)
            var report = scenario(target, decision, .wouldTry)
            report.details = ScenarioDecisionRenderer.explanationLines(decision)
            return report
        }
    }

    private static func scenario(_ target: String, _ decision: ScenarioDecision, _ verb: ScenarioDecisionRenderer.Verb) -> OperationReport {
        OperationReport(operation: target, answer: ScenarioDecisionRenderer.text(decision, verb),
                        answerJSON: ScenarioDecisionRenderer.json(decision, verb), isPositive: decision.executed)
    }
}

/// What one operation did: its line for people, its JSON members for scripts, and whether the
/// answer is positive (exit 0) or negative (exit 1).
public struct OperationReport {
    /// The operation as printed: `tip.shown favorite-landmark for 45s`.
    public var operation: String {
        get { describeOperation() }
        set { describeOperation = { newValue } }
    }
    /// The answer after the arrow: `available (every check passed)`.
    public var answer: String { describeAnswer() }
    /// Lines printed indented under the answer (explanations).
    public var details: [String] {
        get { describeDetails() }
        set { describeDetails = { newValue } }
    }
    /// The operation's arguments (`for`, `reason`, `info`, parameters).
    public var arguments: [String: JSONValue] = [:]
    /// The answer's JSON members.
    public var answerJSON: [String: JSONValue] = [:]
    /// Tip available or displayed, scenario executed or would execute, what's new has entries,
    /// group has a current tip; operations that only record are positive when they succeed.
    public var isPositive = true

    // The texts for people are written only when asked for: hosts that read the JSON (the C
    // API) would otherwise pay for sentences they never print.
    private var describeOperation: () -> String
    private let describeAnswer: () -> String
    private var describeDetails: () -> [String]

    init(operation: @autoclosure @escaping () -> String, answer: @autoclosure @escaping () -> String,
         details: @autoclosure @escaping () -> [String] = [], arguments: [String: JSONValue] = [:],
         answerJSON: [String: JSONValue] = [:], isPositive: Bool = true) {
        describeOperation = operation
        describeAnswer = answer
        describeDetails = details
        self.arguments = arguments
        self.answerJSON = answerJSON
        self.isPositive = isPositive
    }
}
