public import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// Tip decisions and explanations for people (`pending (rule 2 is false: … (file:line))`) and for
/// scripts (JSON objects).
public enum TipDecisionRenderer {
    /// `STATUS (REASON)`; an invalidated tip shows just why: `invalidated (tipClosed)`.
    public static func text(_ status: TipStatus, _ reason: TipReason) -> String {
        if status == .invalidated, case .invalidated(let why) = reason { return "invalidated (\(why.rawValue))" }
        return "\(status.rawValue) (\(RuleExplanationRenderer.oneLine(reason.description)))"
    }

    /// The tip's status after a status query, an invalidation or a reset.
    public static func text(_ decision: TipDecision) -> String {
        text(decision.status, decision.reason)
    }

    /// `displayed (2 of 3); available (…)` or `not displayed; pending (…)`.
    public static func displayText(_ decision: TipDecision) -> String {
        guard decision.changed else { return "not displayed; " + text(decision) }
        let limit = decision.declaration.maxDisplayCount.map { " of \($0)" } ?? ""
        return "displayed (\(decision.record.displayCount)\(limit)); " + text(decision)
    }

    /// `on screen 45s of 2m; available (…)` or `not recorded; invalidated (…)`.
    public static func shownText(_ decision: TipDecision) -> String {
        guard decision.changed else { return "not recorded; " + text(decision) }
        let limit = decision.declaration.maxDisplayDuration.map { " of \(DurationSyntax.format($0))" } ?? ""
        return "on screen \(DurationSyntax.format(decision.record.displayDuration))\(limit); " + text(decision)
    }

    /// `status`, `reason`, `reasonCode`, `changed`, `revisitAt`, the tip's recorded state and its content.
    public static func json(_ decision: TipDecision) -> JSONObject {
        json(decision.status, decision.reason, record: decision.record, changed: decision.changed, content: decision.content,
             locale: decision.locale, revisitAt: decision.revisitAt)
    }

    /// The members of every tip answer: status, reason, the recorded state, when to ask again
    /// (`revisitAt`, ISO-8601 or null), and the content to show (`title`, `message`, `image`,
    /// `actions`, in `locale`, with `locale`; see TipContentRenderer).
    static func json(_ status: TipStatus, _ reason: TipReason, record: TipRecord, changed: Bool, content: TipDeclaration,
                     locale: String, revisitAt: Int64?) -> JSONObject {
        TipContentRenderer.adding(content, to: JSONObject(sortedKeys: [
            ("changed", .bool(changed)),
            ("displayCount", .int(record.displayCount)),
            ("displayDurationMs", .int(record.displayDuration)),
            ("invalidation", .string(record.invalidation?.rawValue)),
            ("locale", .string(locale)),
            ("reason", .string(reason.description)),
            ("reasonCode", .string(reason.code)),
            ("revisitAt", .instant(revisitAt)),
            ("status", .string(status.rawValue)),
        ]))
    }

    /// The explanation's checks, one per line, with rule trees under them (the answer itself is
    /// on the step's line).
    public static func explanationLines(_ explanation: TipExplanation) -> [String] {
        explanation.checks.flatMap { check in
            let mark = check.passed.map { $0 ? "✓" : "✗" } ?? "–"
            let place = check.span.map { " (\($0.file):\($0.start.line))" } ?? ""
            let line = "\(mark) \(check.name)\(place): \(RuleExplanationRenderer.oneLine(check.detail))"
            return [line] + (check.rule.map { RuleExplanationRenderer.lines($0, indent: "    ") } ?? [])
        }
    }

    /// The members of a tip status (`changed` is false: explaining records nothing) with the
    /// tip's `content`, plus `checks` (`name`, `passed`, `detail`, `source`, `explanation`).
    public static func json(_ explanation: TipExplanation, content: TipDeclaration) -> JSONObject {
        let checks: [JSONValue] = explanation.checks.map { check in
            var object: JSONObject = [
                "name": .string(check.name),
                "passed": check.passed.map(JSONValue.bool) ?? .null,
                "detail": .string(check.detail),
            ]
            if let span = check.span { object["source"] = .string("\(span.file):\(span.start.line)") }
            if let rule = check.rule { object["explanation"] = RuleExplanationRenderer.json(rule) }
            return .object(object)
        }
        var object = json(explanation.status, explanation.reason, record: explanation.record, changed: false, content: content,
                          locale: explanation.locale, revisitAt: explanation.revisitAt)
        object["checks"] = .array(checks)
        return object
    }
}
