public import BeckonCore

/// A tip group's current tip for people (`welcome (ordered: welcome available, …)`) and scripts.
public enum GroupDecisionRenderer {
    public static func text(_ decision: GroupDecision, priority: TipGroupPriority) -> String {
        let members = decision.members.map { "\($0.tip) \($0.status.rawValue)" }.joined(separator: ", ")
        return "\(decision.current ?? "none") (\(priority.rawValue): \(members))"
    }

    /// `current` (null when none), `priority`, `members` (`tip`, `status`: its own status),
    /// `revisitAt` (ISO-8601 or null), and the current tip's content (`title`, `message`,
    /// `image`, `actions`) when there is one.
    public static func json(_ decision: GroupDecision, priority: TipGroupPriority, current: TipDeclaration?) -> JSONObject {
        TipContentRenderer.adding(current, to: [
            "current": .string(decision.current),
            "priority": .string(priority.rawValue),
            "members": .array(decision.members.map { .object(["tip": .string($0.tip), "status": .string($0.status.rawValue)]) }),
            "revisitAt": .instant(decision.revisitAt),
        ])
    }

    /// The JSON of a group's answer, its priority and current tip looked up in `configuration`.
    public static func json(_ decision: GroupDecision, in configuration: Configuration) -> JSONObject {
        let (priority, current) = context(of: decision, in: configuration)
        return json(decision, priority: priority, current: current)
    }

    /// A group's priority and its current tip's declaration (whose content the answer carries).
    static func context(of decision: GroupDecision, in configuration: Configuration) -> (TipGroupPriority, TipDeclaration?) {
        (configuration.groups[decision.group]?.priority ?? .firstAvailable, decision.current.flatMap { configuration.tips[$0] })
    }
}
