public import BeckonCore

/// A tip group's current tip for people (`welcome (ordered: welcome available, …)`) and scripts.
public enum GroupDecisionRenderer {
    public static func text(_ decision: GroupDecision, priority: TipGroupPriority) -> String {
        let members = decision.members.map { "\($0.tip) \($0.status.rawValue)" }.joined(separator: ", ")
        return "\(decision.current ?? "none") (\(priority.rawValue): \(members))"
    }

    /// `current` (null when none), `priority`, `members` (`tip`, `status`: its own status),
    /// `revisitAt` (ISO-8601 or null), `locale` (always), and the current tip's content
    /// (`title`, `message`, `image`, `actions`, in that locale) when there is one.
    public static func json(_ decision: GroupDecision, priority: TipGroupPriority, current: TipDeclaration?) -> JSONObject {
        TipContentRenderer.adding(current, to: [
            "current": .string(decision.current),
            "locale": .string(decision.locale),
            "priority": .string(priority.rawValue),
            "members": .array(decision.members.map { .object(["tip": .string($0.tip), "status": .string($0.status.rawValue)]) }),
            "revisitAt": .instant(decision.revisitAt),
        ])
    }

    /// The JSON of a group's answer, its priority and current tip looked up in `engine`'s configuration.
    public static func json(_ decision: GroupDecision, in engine: Engine) -> JSONObject {
        let (priority, current) = context(of: decision, in: engine)
        return json(decision, priority: priority, current: current)
    }

    /// A group's priority and its current tip's declaration in the decision's locale (whose
    /// content the answer carries).
    public static func context(of decision: GroupDecision, in engine: Engine) -> (TipGroupPriority, TipDeclaration?) {
        let content = engine.content
        let current = decision.current.flatMap { try? engine.tipSlot(of: $0) }.map { content.tips[content.index(ofLocale: decision.locale)][$0] }
        return (engine.configuration.groups[decision.group]?.priority ?? .firstAvailable, current)
    }
}
