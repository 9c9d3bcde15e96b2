import BeckonRules
import Synchronization

/// The answers an operation changed for its subject (SEMANTICS §4–§6): each tip, group and
/// scenario whose answer differs between the record the operation committed over and the record
/// it wrote, with both answers. Asked for with `Engine.reportingChanges`.
public struct SubjectChanges: Sendable, Equatable {
    /// Tips whose status or reason code changed.
    public var tips: [AnswerChange<TipAnswer>] = []
    /// Groups whose current tip changed.
    public var groups: [AnswerChange<GroupAnswer>] = []
    /// Scenarios whose `try` would now decide otherwise.
    public var scenarios: [AnswerChange<ScenarioAnswer>] = []

    /// Nothing changed.
    public static let none = SubjectChanges()

    /// Whether no answer changed.
    public var isEmpty: Bool { tips.isEmpty && groups.isEmpty && scenarios.isEmpty }
}

/// One answer before and after an operation.
public struct AnswerChange<Answer: Equatable & Sendable>: Sendable, Equatable {
    /// The tip, group or scenario.
    public var id: String
    /// The answer computed from the record the operation read (and committed over).
    public var before: Answer
    /// The answer computed from the record the operation wrote.
    public var after: Answer
}

/// A tip's answer as far as changes go: its status and why. Two answers are the same when their
/// status and their reason's code are (a display-frequency wait that only got shorter is no change).
public struct TipAnswer: Sendable, Equatable {
    public var status: TipStatus
    public var reason: TipReason

    public static func == (lhs: TipAnswer, rhs: TipAnswer) -> Bool {
        lhs.status == rhs.status && lhs.reason.code == rhs.reason.code
    }
}

/// A group's answer: its current tip, if any.
public struct GroupAnswer: Sendable, Equatable {
    public var current: String?
}

/// A scenario's answer: whether a `try` would run it.
public struct ScenarioAnswer: Sendable, Equatable {
    public var wouldRun: Bool
}

/// Every answer of one subject at one instant, by slot: what changes are computed from.
struct SubjectOverview {
    var tips: [TipAnswer]
    var groups: [GroupAnswer]
    var scenarios: [ScenarioAnswer]

    /// The answers that differ from `before` to `after`, in declaration order.
    static func changes(from before: SubjectOverview, to after: SubjectOverview, engine: Engine) -> SubjectChanges {
        func differences<A>(_ old: [A], _ new: [A], _ ids: [String]) -> [AnswerChange<A>] {
            ids.indices.compactMap { slot in old[slot] == new[slot] ? nil : AnswerChange(id: ids[slot], before: old[slot], after: new[slot]) }
        }
        return SubjectChanges(tips: differences(before.tips, after.tips, engine.tipIDs),
                              groups: differences(before.groups, after.groups, engine.configuration.groups.ids),
                              scenarios: differences(before.scenarios, after.scenarios, engine.scenarioIDs))
    }
}

/// Where `mutate` leaves the overviews of each successful commit of an operation that asked for
/// its changes. An operation that commits more than once (setting several parameters) reports
/// from the first record read to the last record written.
final class ChangeRecorder: Sendable {
    private let overviews = Mutex<(before: SubjectOverview, after: SubjectOverview)?>(nil)

    func record(before: SubjectOverview, after: SubjectOverview) {
        overviews.withLock { recorded in
            recorded = (recorded?.before ?? before, after)
        }
    }

    func changes(_ engine: Engine) -> SubjectChanges {
        guard let recorded = overviews.withLock({ $0 }) else { return .none }
        return SubjectOverview.changes(from: recorded.before, to: recorded.after, engine: engine)
    }
}

extension Engine {
    /// Runs `operation` (one of this engine's operations, given the request to pass on) and
    /// reports the answers it changed for the request's subject. Before and after are computed
    /// inside the attempt whose compare-and-set succeeded, from the record it replaced and the
    /// record it wrote (with its donations), so they are exact under concurrent writers. An
    /// operation that writes nothing (a read, a display of a tip that is not available) changes
    /// nothing. Operations run without it pay nothing for it.
    public func reportingChanges<T>(_ request: DecisionRequest,
                                    _ operation: (DecisionRequest) throws(EngineError) -> T) throws(EngineError) -> (result: T, changes: SubjectChanges) {
        let recorder = ChangeRecorder()
        var recording = request
        recording.changeRecorder = recorder
        let result = try operation(recording)
        return (result, recorder.changes(self))
    }

    /// Every answer for the scope's subject and instant.
    func overview(_ scope: EvaluationScope) -> SubjectOverview {
        SubjectOverview(
            tips: tipIDs.indices.map { slot in
                let evaluation = tipEvaluation(slot, scope: scope, explaining: false)
                return TipAnswer(status: evaluation.status, reason: evaluation.reason)
            },
            groups: configuration.groups.all.indices.map { GroupAnswer(current: groupCurrent($0, scope: scope).map { tipIDs[$0] }) },
            scenarios: scenarioIDs.indices.map { ScenarioAnswer(wouldRun: scenarioChecks($0, scope: scope, record: scope.record, explaining: false).passed) })
    }

    /// The overviews before and after a commit about to be made: `before` on the record read,
    /// `after` on the record to write with the donation changes committed with it.
    func overviews(before scope: EvaluationScope, writing record: SubjectRecord,
                   donations: DonationChanges) throws(EngineError) -> (before: SubjectOverview, after: SubjectOverview) {
        let before = overview(scope)
        let afterScope = EvaluationScope(engine: self, request: scope.request, record: record, pendingDonations: donations)
        let after = overview(afterScope)
        if let failure = scope.storeFailure ?? afterScope.storeFailure { throw .store(failure) }
        return (before, after)
    }
}
