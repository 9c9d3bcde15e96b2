import BeckonDiagnostics
public import BeckonRules

/// One of a scenario's checks (SEMANTICS §6), with what was found.
public struct ScenarioCheck: Sendable {
    /// Which setting was checked.
    public enum Kind: String, Sendable, Hashable {
        case minEventsRequired, maxEventsPermitted, maxExecutionsPermitted
        case minTimeSinceFirstEvent, minTimeSinceLastEvent, minTimeBetweenExecutions
        case condition
    }

    public var kind: Kind
    public var passed: Bool
    /// The counter or elapsed time found (nil: no event / never executed yet).
    public var actual: Int64?
    /// The setting's value (for a condition: its 0-based index).
    public var limit: Int64
    /// For a condition: the rule, its outcome, and (when explaining) its sub-expressions.
    public var rule: CompiledRule?
    public var outcome: RuleOutcome?
    /// The sub-expressions, when explaining.
    public var explanation: RuleExplanation? {
        get { explanationBox?.value }
        set { explanationBox = newValue.map(Box.init) }
    }
    /// Kept out of line: inline, the explanation made every check (and every copy of one, on
    /// every decision) several times larger, though only explaining sets it.
    private var explanationBox: Box<RuleExplanation>?

    init(kind: Kind, passed: Bool, actual: Int64?, limit: Int64, rule: CompiledRule? = nil) {
        self.kind = kind
        self.passed = passed
        self.actual = actual
        self.limit = limit
        self.rule = rule
    }

    /// The check for people: `minEventsRequired 5: 3 events`.
    public var detail: String {
        func duration(_ value: Int64?) -> String { value.map(DurationSyntax.format) ?? "none yet" }
        switch kind {
        case .minEventsRequired: return "needs at least \(limit) events; has \(actual ?? 0)"
        case .maxEventsPermitted: return "allows at most \(limit) events; has \(actual ?? 0)"
        case .maxExecutionsPermitted: return "allows fewer than \(limit) executions; has \(actual ?? 0)"
        case .minTimeSinceFirstEvent:
            return actual == nil ? "no event yet" : "needs more than \(DurationSyntax.format(limit)) since the first event; \(duration(actual)) passed"
        case .minTimeSinceLastEvent:
            return actual == nil ? "no event yet" : "needs more than \(DurationSyntax.format(limit)) since the last event; \(duration(actual)) passed"
        case .minTimeBetweenExecutions:
            return actual == nil ? "never executed" : "needs more than \(DurationSyntax.format(limit)) since the last execution; \(duration(actual)) passed"
        case .condition:
            let text = rule?.text ?? ""
            if case .failed(let message) = outcome { return "error: \(message): \(text)" }
            return text
        }
    }

    /// The check's name as in the configuration: `minEventsRequired`, `condition 2`.
    public var name: String {
        kind == .condition ? "condition \(limit + 1)" : kind.rawValue
    }
}

/// A scenario's answer: whether it runs (or would run), every check, and its counters.
public struct ScenarioDecision: Sendable {
    public var scenario: String
    /// `try`: whether it executed; `status`, `trigger`, `reset`: whether a `try` now would.
    public var executed: Bool
    /// Every check, all evaluated (no short-circuit).
    public var checks: [ScenarioCheck]
    /// Events counted (triggers, or the counted event's donations).
    public var events: Int64
    /// Executions so far (after the operation).
    public var executions: Int64
    /// The earliest instant (Unix ms, after `now`) at which whether a `try` would run may change
    /// with no new input; nil when nothing in the checks depends on time.
    public var revisitAt: Int64? = nil

    /// The checks that failed.
    public var failures: [ScenarioCheck] { checks.filter { !$0.passed } }

    /// The explanation for people.
    public func rendered(verb: String = "would run") -> String {
        var lines = ["scenario \(scenario): \(executed ? verb : "does not run") — \(events) events, \(executions) executions"]
        for check in checks {
            let place = check.rule.map { " (\($0.span.file):\($0.span.start.line))" } ?? ""
            lines.append("  \(check.passed ? "✓" : "✗") \(check.name)\(place): \(check.detail)")
            if let explanation = check.explanation { lines.append(explanation.rendered(indent: "      ")) }
        }
        return lines.joined(separator: "\n")
    }
}
