public import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// Scenario decisions for people (`not executed (3 events, 0 executions) ✗ minEventsRequired 5: 3
/// events`) and for scripts.
public enum ScenarioDecisionRenderer {
    /// What the answer means: `try` executes; `status`, `trigger` and `reset` say what a `try` would do.
    public enum Verb {
        case tried, wouldTry

        var answerKey: JSONKey { self == .tried ? "executed" : "wouldRun" }
    }

    /// The answer, the counters, then each failed check after a `✗`.
    public static func text(_ decision: ScenarioDecision, _ verb: Verb) -> String {
        let answer = switch verb {
        case .tried: decision.executed ? "executed" : "not executed"
        case .wouldTry: decision.executed ? "would run" : "would not run"
        }
        let counts = "\(count(decision.events, "event", "events")), \(count(decision.executions, "execution", "executions"))"
        return ([answer + " (\(counts))"] + decision.failures.map { "✗ " + failureText($0) }).joined(separator: " ")
    }

    /// A failed check, briefly: the setting and its limit, then what was found.
    public static func failureText(_ check: ScenarioCheck) -> String {
        func duration(_ value: Int64?) -> String { value.map(DurationSyntax.format) ?? "?" }
        let actual = check.actual ?? 0
        switch check.kind {
        case .minEventsRequired, .maxEventsPermitted:
            return "\(check.kind.rawValue) \(check.limit): \(count(actual, "event", "events"))"
        case .maxExecutionsPermitted:
            return "\(check.kind.rawValue) \(check.limit): \(count(actual, "execution", "executions"))"
        case .minTimeSinceFirstEvent, .minTimeSinceLastEvent, .minTimeBetweenExecutions:
            return "\(check.kind.rawValue) \(DurationSyntax.format(check.limit)): \(duration(check.actual)) passed"
        case .condition:
            let place = check.rule.map { " (\($0.span.file):\($0.span.start.line))" } ?? ""
            let text = RuleExplanationRenderer.oneLine(check.rule?.text ?? "")
            if case .failed(let message) = check.outcome { return "\(check.name) failed: \(message): \(text)\(place)" }
            return "\(check.name) is false: \(text)\(place)"
        }
    }

    /// The explanation's checks, one per line, with rule trees under conditions.
    public static func explanationLines(_ decision: ScenarioDecision) -> [String] {
        decision.checks.flatMap { check in
            let place = check.rule.map { " (\($0.span.file):\($0.span.start.line))" } ?? ""
            let line = "\(check.passed ? "✓" : "✗") \(check.name)\(place): \(RuleExplanationRenderer.oneLine(check.detail))"
            return [line] + (check.explanation.map { RuleExplanationRenderer.lines($0, indent: "    ") } ?? [])
        }
    }

    /// `executed` (try) or `wouldRun` (the others), `events`, `executions`, `revisitAt` (when
    /// whether a `try` would run may change: ISO-8601 or null) and every check (`name`,
    /// `passed`, `limit`, `actual`, `detail`, `source`, `explanation`); durations in ms.
    public static func json(_ decision: ScenarioDecision, _ verb: Verb) -> JSONObject {
        let checks: [JSONValue] = decision.checks.map { check in
            var object: JSONObject = [
                "name": .string(check.name),
                "passed": .bool(check.passed),
                "detail": .string(check.detail),
            ]
            if check.kind != .condition {
                object["limit"] = .int(check.limit)
                object["actual"] = check.actual.map(JSONValue.int) ?? .null
            }
            if let rule = check.rule { object["source"] = .string("\(rule.span.file):\(rule.span.start.line)") }
            if let explanation = check.explanation { object["explanation"] = RuleExplanationRenderer.json(explanation) }
            return .object(object)
        }
        return [
            verb.answerKey: .bool(decision.executed),
            "events": .int(decision.events),
            "executions": .int(decision.executions),
            "revisitAt": .instant(decision.revisitAt),
            "checks": .array(checks),
        ]
    }

    public static func count(_ number: Int64, _ singular: String, _ plural: String) -> String {
        "\(number) \(number == 1 ? singular : plural)"
    }
}
