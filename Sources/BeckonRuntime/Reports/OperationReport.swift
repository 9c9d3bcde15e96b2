import BeckonConfig
public import BeckonCore
import BeckonRules

/// What one operation did: its line for people, its JSON members for scripts, and whether the
/// answer is positive (exit 0) or negative (exit 1). Texts and JSON are written from the engine's
/// answer when asked for, each by the one renderer of that answer.
public struct OperationReport {
    /// What the engine answered.
    enum Outcome {
        case stored
        case donated(EventCounters)
        /// A tip's status after a status query, an invalidation or a reset.
        case tip(TipDecision)
        case tipDisplayed(TipDecision)
        case tipShown(TipDecision)
        case cleared
        /// A group's current tip, with that tip's declaration (its content).
        case group(GroupDecision, TipGroupPriority, current: TipDeclaration?)
        case scenario(ScenarioDecision, ScenarioDecisionRenderer.Verb)
        case whatsNew(Engine.WhatsNewDecision, presenting: Bool)
        case presented([Version])
        case tipExplanation(TipExplanation, content: TipDeclaration)
        /// A parameter's value (the default when unset).
        case parameter(name: String, value: Value)
    }

    /// The operation performed; nil for a parameter read, which no trace step performs.
    private let step: TraceOperation?
    /// The operation's name in answers (`op`): the trace step's, or `parameter.get`.
    private let name: String
    private let outcome: Outcome
    /// Set when a caller rewrote the operation's line.
    private var writtenOperation: String?
    /// The answers the operation changed, when they were asked for (the `changes` member).
    public internal(set) var changes: SubjectChanges?

    init(_ step: TraceOperation, _ outcome: Outcome) {
        self.step = step
        self.name = step.name
        self.outcome = outcome
    }

    /// The report of reading a parameter.
    init(parameter: String, value: Value) {
        self.step = nil
        self.name = Self.parameterReadName
        self.outcome = .parameter(name: parameter, value: value)
    }

    /// The `op` of a parameter read: `beckon param get`, `beckon_parameter_get`.
    public static let parameterReadName = "parameter.get"

    /// Tip available or displayed, scenario executed or would execute, what's new has entries,
    /// group has a current tip; operations that only record (a trigger or a reset counted, an
    /// invalidation) are positive when they succeed.
    public var isPositive: Bool {
        switch (step, outcome) {
        case (.tipStatus, .tip(let decision)): decision.status == .available
        case (_, .tipDisplayed(let decision)): decision.changed
        case (_, .group(let decision, _, _)): decision.current != nil
        case (.scenarioTry, .scenario(let decision, _)), (.scenarioStatus, .scenario(let decision, _)),
             (.explainScenario, .scenario(let decision, _)):
            decision.executed
        case (_, .whatsNew(let decision, _)): !decision.entries.isEmpty
        case (_, .tipExplanation(let explanation, _)): explanation.status == .available
        default: true
        }
    }

    /// Whether the answer carries content (a tip's, a group's current tip's, what's new's): its
    /// texts and its `locale` member are in the locale the request chose, so an HTTP answer of
    /// it says `Vary: Accept-Language`.
    public var carriesContent: Bool {
        switch outcome {
        case .tip, .tipDisplayed, .tipShown, .group, .whatsNew, .tipExplanation: true
        case .stored, .donated, .cleared, .scenario, .presented, .parameter: false
        }
    }

    /// The operation as printed: `tip.shown favorite-landmark for 45s`.
    public var operation: String {
        get { writtenOperation ?? describeOperation() }
        set { writtenOperation = newValue }
    }

    private func describeOperation() -> String {
        guard let step else {
            guard case .parameter(let parameter, _) = outcome else { return name }
            return "\(name) \(parameter)"
        }
        let target = step.id.map { "\(name) \($0)" } ?? name
        switch step {
        case .set(let values):
            return "set " + values.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
        case .donate(_, let info):
            return info.isEmpty ? target : target + " {" + info.map { "\($0.name): \($0.value)" }.joined(separator: ", ") + "}"
        case .tipShown(_, let duration):
            return "\(target) for \(DurationSyntax.format(duration))"
        case .tipInvalidate(_, let reason):
            return "\(target) \(reason.rawValue)"
        case .resetAll:
            return "reset all"
        case .whatsNewNext, .whatsNewPresent:
            guard case .whatsNew(let decision, _) = outcome else { return name }
            return "\(name) for \(decision.version)"
        case .whatsNewMark(let version):
            return "\(name) \(version)"
        case .whatsNewUnmark(let version):
            return "\(name) \(version?.description ?? "all")"
        default:
            return target
        }
    }

    /// The answer after the arrow: `available (every check passed)`.
    public var answer: String {
        switch outcome {
        case .stored: "stored"
        case .donated(let counters): "count \(counters.count)"
        case .tip(let decision): TipDecisionRenderer.text(decision)
        case .tipDisplayed(let decision): TipDecisionRenderer.displayText(decision)
        case .tipShown(let decision): TipDecisionRenderer.shownText(decision)
        case .cleared: "cleared"
        case .group(let decision, let priority, _): GroupDecisionRenderer.text(decision, priority: priority)
        case .scenario(let decision, let verb): ScenarioDecisionRenderer.text(decision, verb)
        case .whatsNew(let decision, let presenting): WhatsNewDecisionRenderer.text(decision, presenting: presenting)
        case .presented(let versions): WhatsNewDecisionRenderer.presentedText(versions)
        case .tipExplanation(let explanation, _): TipDecisionRenderer.text(explanation.status, explanation.reason)
        case .parameter(_, let value): value.description
        }
    }

    /// Lines printed indented under the answer (explanations).
    public var details: [String] {
        switch (step, outcome) {
        case (.explainTip, .tipExplanation(let explanation, _)): TipDecisionRenderer.explanationLines(explanation)
        case (.explainScenario, .scenario(let decision, _)): ScenarioDecisionRenderer.explanationLines(decision)
        default: changes.map(ChangesRenderer.lines) ?? []
        }
    }

    /// The operation's arguments (`for`, `reason`, `info`, parameters).
    public var arguments: JSONObject {
        guard let step else { return [:] }
        return switch step {
        case .set(let values): JSONObject(values.map { ($0.name, ValueRenderer.json($0.value)) })
        case .donate(_, let info): info.isEmpty ? [:] : ["info": ValueRenderer.json(info.map { ($0.name, $0.value) })]
        case .tipShown(_, let duration): ["for": .string(DurationSyntax.format(duration))]
        case .tipInvalidate(_, let reason): ["reason": .string(reason.rawValue)]
        case .whatsNewMark(let version): ["version": .string(version.description)]
        case .whatsNewUnmark(let version): ["version": .string(version?.description ?? "all")]
        default: [:]
        }
    }

    /// The JSON of `beckon … --json` and of the C API, borrowed for the duration of `body`: the
    /// answer's members with the request's written over them.
    /// Tip answers, the hot ones, are written straight into the thread's reused buffer.
    public func withJSONText<R>(subject: String, now: Int64, _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try ByteOutput.withReusable { output in
            if !writeTipAnswer(subject: subject, now: now, to: &output) {
                JSONValue.writeObject(answerJSON, overriding: requestJSON(subject: subject, now: now), to: &output)
            }
            return try output.withBytes(body)
        }
    }

    /// The same text as `withJSONText`, always built as an object of members (what tip answers
    /// are checked against).
    func generalJSONText(subject: String, now: Int64) -> String {
        JSONValue.withObjectUTF8(answerJSON, overriding: requestJSON(subject: subject, now: now)) { String(decoding: $0, as: UTF8.self) }
    }

    /// Writes the answer of an operation on one tip member by member (TipAnswerJSON); false,
    /// with nothing written, for any other answer.
    private func writeTipAnswer(subject: String, now: Int64, to output: inout ByteOutput) -> Bool {
        guard let step else { return false }
        let effect: TipAnswerJSON.Effect
        switch outcome {
        case .tip: effect = .changed
        case .tipDisplayed: effect = .displayed
        case .tipShown: effect = .recorded
        default: return false
        }
        let arguments: JSONObject
        switch step {
        case .tipStatus, .tipDisplay, .tipReset: arguments = [:]
        case .tipShown, .tipInvalidate: arguments = self.arguments
        default: return false
        }
        let request = TipAnswerJSON.Request(op: step.nameSpelling, id: step.id, arguments: arguments, changes: changes.map(ChangesRenderer.json),
                                            subject: subject, now: now)
        switch outcome {
        case .tip(let decision), .tipDisplayed(let decision), .tipShown(let decision):
            TipAnswerJSON.write(decision, effect, request, to: &output)
        default:
            return false
        }
        return true
    }

    /// The members of an answer about its request, in key order: `arguments` (when there are
    /// any), `id` (when the operation names one), `now`, `op` and `subject`.
    private func requestJSON(subject: String, now: Int64) -> JSONObject {
        var members: [(JSONKey, JSONValue)] = []
        members.reserveCapacity(5)
        let arguments = self.arguments
        if !arguments.isEmpty { members.append(("arguments", .object(arguments))) }
        if let id = step?.id { members.append(("id", .string(id))) }
        members.append(("now", .instant(now)))
        members.append(("op", .string(name)))
        members.append(("subject", .string(subject)))
        return JSONObject(sortedKeys: members)
    }

    /// The answer's JSON members, with `changes` when they were asked for.
    public var answerJSON: JSONObject {
        var json = outcomeJSON
        if let changes { json["changes"] = ChangesRenderer.json(changes) }
        return json
    }

    /// The members of the engine's answer.
    private var outcomeJSON: JSONObject {
        switch outcome {
        case .stored:
            return ["stored": .bool(true)]
        case .donated(let counters):
            return ["count": .int(counters.count), "first": .instant(counters.first), "last": .instant(counters.last)]
        case .tip(let decision):
            return TipDecisionRenderer.json(decision)
        case .tipDisplayed(let decision):
            var json = TipDecisionRenderer.json(decision)
            json["changed"] = nil
            json["displayed"] = .bool(decision.changed)
            return json
        case .tipShown(let decision):
            var json = TipDecisionRenderer.json(decision)
            json["changed"] = nil
            json["recorded"] = .bool(decision.changed)
            return json
        case .cleared:
            return ["cleared": .bool(true)]
        case .group(let decision, let priority, let current):
            return GroupDecisionRenderer.json(decision, priority: priority, current: current)
        case .scenario(let decision, let verb):
            return ScenarioDecisionRenderer.json(decision, verb)
        case .whatsNew(let decision, _):
            return WhatsNewDecisionRenderer.json(decision)
        case .presented(let versions):
            return ["presented": WhatsNewDecisionRenderer.presentedJSON(versions)]
        case .tipExplanation(let explanation, let content):
            return TipDecisionRenderer.json(explanation, content: content)
        case .parameter(let name, let value):
            return ["parameter": .string(name), "value": ValueRenderer.json(value)]
        }
    }
}
