public import BeckonCore

/// A tip group's current tip for people (`welcome (ordered: welcome available, …)`) and scripts.
public enum GroupDecisionRenderer {
    public static func text(_ decision: GroupDecision, priority: TipGroupPriority) -> String {
        let members = decision.members.map { "\($0.tip) \($0.status.rawValue)" }.joined(separator: ", ")
        return "\(decision.current ?? "none") (\(priority.rawValue): \(members))"
    }

    /// `current` (null when none), `priority` and `members` (`tip`, `status`: its own status).
    public static func json(_ decision: GroupDecision, priority: TipGroupPriority) -> JSONObject {
        [
            "current": .string(decision.current),
            "priority": .string(priority.rawValue),
            "members": .array(decision.members.map { .object(["tip": .string($0.tip), "status": .string($0.status.rawValue)]) }),
        ]
    }
}
