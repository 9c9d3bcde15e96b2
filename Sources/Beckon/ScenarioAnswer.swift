/// A scenario's answer (SEMANTICS §6): whether it runs, or would run, every check, its counters.
public struct ScenarioAnswer: Sendable, Hashable {
    /// The scenario's id.
    public var scenario: String
    /// For `tryScenario`: whether it executed. For the other operations: whether a
    /// `tryScenario` now would execute it.
    public var runs: Bool
    /// Events counted (triggers, or the counted event's donations).
    public var events: Int64
    /// Executions so far (after the operation).
    public var executions: Int64
    /// Every check, all evaluated, in the configuration's order.
    public var checks: [BeckonCheck]
    /// When to ask again: the earliest instant (Unix ms, after the request's) at which whether a `tryScenario`
    /// would run may change with no new input, or nil when nothing in it depends on time.
    public var revisitAt: Int64? = nil
    /// With `BeckonRequest.reportingChanges`, what the operation changed for the subject (nil
    /// when not asked, and for operations that record nothing).
    public var changes: SubjectChanges? = nil

    /// The checks that failed.
    public var failures: [BeckonCheck] { checks.filter { $0.passed == false } }
}
