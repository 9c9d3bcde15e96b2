import BeckonRules
import Dispatch
import Synchronization

/// The time limit on a plugin's condition calls (`timeout:` on its entry), and what it counts.
///
/// A timed call runs on a worker thread while its caller waits at most the limit. Past it, the
/// caller answers the rule with a `TIMEOUT` error and goes on; the worker stays with the plugin
/// until its call returns (a thread cannot be stopped from outside), and every host service the
/// plugin asks for after that answers as if nothing were there, so the plugin never touches the
/// decision its caller has moved past. While `maximumOverdue` calls of one plugin are still
/// running past their limit, its further calls fail at once rather than pile up threads.
final class CallTimeLimit: Sendable {
    /// The limit, in milliseconds.
    let milliseconds: Int64
    /// The plugin's namespace, for messages, the log and `/metrics`.
    let plugin: String
    /// Calls still running after their limit.
    private let overdue = Atomic<Int>(0)

    /// How many calls of one plugin may be running past their limit before its calls fail at once.
    static let maximumOverdue = 4

    init(milliseconds: Int64, plugin: String) {
        self.milliseconds = milliseconds
        self.plugin = plugin
    }

    /// Runs `body` (the whole evaluation, given the call's own frame) on a worker and waits for
    /// it at most the limit; `qualifiedName` names the condition in the TIMEOUT message.
    func run(_ call: TimedCall, qualifiedName: String) -> TimedCall.Outcome {
        let stuck = overdue.load(ordering: .relaxed)
        if stuck >= Self.maximumOverdue {
            return .init(result: .failure(RuleCallError(message: "TIMEOUT: \(qualifiedName) was not called: \(stuck) calls of plugin '\(plugin)' "
                + "are still running past their \(milliseconds) ms limit")), holdsUntil: nil)
        }
        DispatchQueue.global().async { call.runOnWorker(limit: self) }
        if call.done.wait(timeout: .now() + .milliseconds(Int(clamping: milliseconds))) == .success, let outcome = call.finishedOutcome() {
            return outcome
        }
        guard call.abandon() else { return call.finishedOutcome()! }  // it finished just now
        overdue.add(1, ordering: .relaxed)
        PluginCallTimeouts.record(plugin: plugin, condition: qualifiedName, milliseconds: milliseconds)
        return .init(result: .failure(RuleCallError(message: "TIMEOUT: \(qualifiedName) did not answer within \(milliseconds) ms")), holdsUntil: nil)
    }

    /// A call abandoned at its limit has returned.
    func overdueCallReturned() {
        overdue.subtract(1, ordering: .relaxed)
    }
}

/// A bound call site of a condition whose plugin has a time limit: each evaluation runs on a
/// worker (`CallTimeLimit.run`). Only such call sites pay for the hand-off; the others are
/// `PluginConditionCall`s, unchanged.
final class TimedConditionCall: RuleFunctionCall {
    private let call: PluginConditionCall
    private let limit: CallTimeLimit
    private let qualifiedName: String

    init(_ call: PluginConditionCall, limit: CallTimeLimit, qualifiedName: String) {
        self.call = call
        self.limit = limit
        self.qualifiedName = qualifiedName
    }

    func evaluate(_ arguments: UnsafeBufferPointer<Value>, context: any RuleContext) -> Result<Value, RuleCallError> {
        run(arguments, context).result
    }

    func evaluateWithLifetime(_ arguments: UnsafeBufferPointer<Value>,
                              context: any RuleContext) -> (result: Result<Value, RuleCallError>, holdsUntil: Int64?) {
        let outcome = run(arguments, context)
        return (outcome.result, outcome.holdsUntil)
    }

    /// The bound call is kept by the worker's closure until the plugin returns.
    private func run(_ arguments: UnsafeBufferPointer<Value>, _ context: any RuleContext) -> TimedCall.Outcome {
        let call = self.call
        return limit.run(TimedCall(arguments: Array(arguments), context: context) { call.evaluate($0) }, qualifiedName: qualifiedName)
    }
}

/// One condition call with a time limit: what the worker and the waiting caller share. The
/// worker owns the frame and the arguments; the caller's context and the bound call are
/// retained until the plugin returns, so nothing the plugin may still point at is freed.
final class TimedCall: @unchecked Sendable {
    // @unchecked: `state` guards every mutable member; the rest is immutable.
    enum State {
        case running
        case finished(Outcome)
        case abandoned
    }

    /// What the call answered: its value or error, and until when it holds.
    struct Outcome {
        var result: Result<Value, RuleCallError>
        var holdsUntil: Int64?
    }

    private let state = Mutex<State>(.running)
    /// Signalled when the worker finishes.
    let done = DispatchSemaphore(value: 0)
    let arguments: [Value]
    let context: any RuleContext
    /// The evaluation, run by the worker with the call's frame; keeps the bound call alive.
    private let evaluation: (TimedCall) -> Outcome

    init(arguments: [Value], context: any RuleContext, evaluation: @escaping (TimedCall) -> Outcome) {
        self.arguments = arguments
        self.context = context
        self.evaluation = evaluation
    }

    /// On the worker: the evaluation, then its outcome kept for the caller (or, when the caller
    /// has given up, the overdue count lowered).
    func runOnWorker(limit: CallTimeLimit) {
        let outcome = evaluation(self)
        let abandoned = state.withLock { state -> Bool in
            if case .abandoned = state { return true }
            state = .finished(outcome)
            return false
        }
        if abandoned { limit.overdueCallReturned() } else { done.signal() }
    }

    /// The outcome, once the worker has finished.
    func finishedOutcome() -> Outcome? {
        state.withLock { state in
            if case .finished(let outcome) = state { return outcome }
            return nil
        }
    }

    /// The caller gives up: false when the worker finished first.
    func abandon() -> Bool {
        state.withLock { state in
            guard case .running = state else { return false }
            state = .abandoned
            return true
        }
    }

    /// Runs a host service for the plugin while the caller still waits; `fallback` once it has
    /// given up (under the same lock, so the caller never moves on while a service runs).
    func whileWaited<R>(_ fallback: R, _ body: () -> R) -> R {
        var answer: R?
        state.withLock { state in
            guard case .running = state else { return }
            answer = body()
        }
        return answer ?? fallback
    }
}
