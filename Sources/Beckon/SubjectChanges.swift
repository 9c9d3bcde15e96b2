/// What a recording operation changed for its subject: each tip, group and scenario whose answer
/// differs before and after it, with both (SEMANTICS §4–§6). How a UI learns that a donation made
/// a tip available without asking about everything again.
///
/// Asked for with `BeckonRequest.reportingChanges`; found in the `changes` member of the
/// operation's answer. Before is computed from the record the operation committed over and after
/// from the record it wrote, in the one attempt that committed, so it is exact under concurrent
/// writers. Lists are in declaration order and empty when nothing changed.
public struct SubjectChanges: Sendable, Hashable {
    /// Tips whose status or reason code changed.
    public var tips: [Change<TipState>]
    /// Groups whose current tip changed.
    public var groups: [Change<GroupState>]
    /// Scenarios for which a `tryScenario` would now decide otherwise.
    public var scenarios: [Change<ScenarioState>]

    /// Changes; the default is none.
    public init(tips: [Change<TipState>] = [], groups: [Change<GroupState>] = [], scenarios: [Change<ScenarioState>] = []) {
        self.tips = tips
        self.groups = groups
        self.scenarios = scenarios
    }

    /// Whether no answer changed.
    public var isEmpty: Bool { tips.isEmpty && groups.isEmpty && scenarios.isEmpty }

    /// One tip's, group's or scenario's answer before and after the operation.
    public struct Change<State: Sendable & Hashable>: Sendable, Hashable {
        /// The tip, group or scenario.
        public var id: String
        /// Its answer before the operation.
        public var before: State
        /// Its answer after it.
        public var after: State

        /// A change of `id` from `before` to `after`.
        public init(id: String, before: State, after: State) {
            self.id = id
            self.before = before
            self.after = after
        }
    }

    /// A tip's answer, as far as changes go.
    public struct TipState: Sendable, Hashable {
        /// Its status.
        public var status: TipAnswer.Status
        /// Why, as `TipAnswer.reasonCode`.
        public var reasonCode: String

        /// A tip's status and reason code.
        public init(status: TipAnswer.Status, reasonCode: String) {
            self.status = status
            self.reasonCode = reasonCode
        }
    }

    /// A group's answer: its current tip, if any.
    public struct GroupState: Sendable, Hashable {
        /// The tip the group shows, or nil.
        public var current: String?

        /// A group showing `current`.
        public init(current: String?) {
            self.current = current
        }
    }

    /// A scenario's answer: whether a `tryScenario` would run it.
    public struct ScenarioState: Sendable, Hashable {
        /// Whether it would run.
        public var wouldRun: Bool

        /// A scenario that would run, or not.
        public init(wouldRun: Bool) {
            self.wouldRun = wouldRun
        }
    }
}
