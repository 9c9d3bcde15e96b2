public import BeckonDiagnostics

/// A one-off action with WaitForIt's checks (SEMANTICS §6); unset settings pass.
public struct ScenarioDeclaration: Declared, Hashable {
    public var id: String
    /// Passes when events >= N.
    public var minEventsRequired: Int?
    /// Passes when events <= N (inclusive).
    public var maxEventsPermitted: Int?
    /// Passes when executions < N.
    public var maxExecutionsPermitted: Int?
    /// Passes when there is no event yet or now - first event > D (ms).
    public var minTimeSinceFirstEvent: Int64?
    /// Passes when there is no event yet or now - last event > D (ms).
    public var minTimeSinceLastEvent: Int64?
    /// Passes when never executed or now - last execution > D (ms).
    public var minTimeBetweenExecutions: Int64?
    /// Rules that must all hold.
    public var conditions: [RuleSource]
    /// A declared event whose donations count as this scenario's events, instead of its triggers.
    public var event: String?
    /// Where the scenario is declared.
    public var span: SourceSpan

    /// Creates a scenario declaration.
    public init(
        id: String, minEventsRequired: Int? = nil, maxEventsPermitted: Int? = nil, maxExecutionsPermitted: Int? = nil,
        minTimeSinceFirstEvent: Int64? = nil, minTimeSinceLastEvent: Int64? = nil, minTimeBetweenExecutions: Int64? = nil,
        conditions: [RuleSource] = [], event: String? = nil, span: SourceSpan
    ) {
        self.id = id
        self.minEventsRequired = minEventsRequired
        self.maxEventsPermitted = maxEventsPermitted
        self.maxExecutionsPermitted = maxExecutionsPermitted
        self.minTimeSinceFirstEvent = minTimeSinceFirstEvent
        self.minTimeSinceLastEvent = minTimeSinceLastEvent
        self.minTimeBetweenExecutions = minTimeBetweenExecutions
        self.conditions = conditions
        self.event = event
        self.span = span
    }
}
