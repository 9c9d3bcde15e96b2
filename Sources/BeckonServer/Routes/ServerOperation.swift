import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime
import NIOCore

/// The operations `beckon serve` answers, by the names a batch gives them (`tip.status`,
/// `donate`, `param.set`, …), each built the same way whether a route or a batch asks for it:
/// from its id (the route's path parameter, the batch operation's `id`) and the request's
/// `DecisionInput`. Each is a route's (`ServerRoute.table`, whose OpenAPI summary names the CLI
/// command). The members some take of their own are `ownMembers`.
enum ServerOperation {
    /// The member each operation takes of its own, by its body name: `tip.shown` needs `for`,
    /// `tip.invalidate` `reason`, `param.set` `value`; `donate` may take `info`, `status` `tips`
    /// (`tip` in a query). No other operation takes them: given to one (`for` to `tip.status`),
    /// each is an unknown member (`DecisionInput.queryMembers(of:)`,
    /// `DecisionInput.Body.members(of:)`), as the CLI refuses `--for` there, rather than ignored
    /// as if taken.
    static let ownMembers: [String: String] = ["tip.shown": "for", "tip.invalidate": "reason", "param.set": "value", "donate": "info", "status": "tips"]

    /// Whether an operation is about an id.
    enum Identified {
        /// It needs one (a tip, an event, a version, …).
        case required
        /// It may have one (`whatsNew.unmark`: none means every version).
        case optional
        /// It has none (`status`, `reset`, `whatsNew.next`).
        case none
    }

    /// Every operation's name with whether it needs an id, in the order of `ServerRoute.table`:
    /// required when each of its routes has an id parameter, optional when some have (`whatsNew.unmark`:
    /// none means every version), none when none has.
    static let all: [(name: String, id: Identified)] = {
        var names: [String] = []
        var withID: [String: (some: Bool, all: Bool)] = [:]
        for route in ServerRoute.table {
            guard let name = route.operation else { continue }
            if withID[name] == nil { names.append(name) }
            let has = route.idParameter != nil
            let seen = withID[name] ?? (false, true)
            withID[name] = (seen.some || has, seen.all && has)
        }
        return names.map { name in
            let seen = withID[name]!
            return (name, seen.all ? .required : seen.some ? .optional : .none)
        }
    }()

    /// Whether the operation named `name` needs an id; nil when there is no such operation.
    static func identified(_ name: String) -> Identified? {
        all.first { $0.name == name }?.id
    }

    /// What an operation asks the engine.
    enum Action {
        case operation(TraceOperation)
        /// A parameter's value.
        case parameter(String)
        /// Everything the subject would see (`beckon status`), its tips narrowed to these.
        case status(tips: [String]?)
    }

    /// The action of the operation `name` about `id`, with the request's members, checked
    /// against `runtime`'s configuration where the CLI checks them before deciding (a version,
    /// a duration, a reason, an event's info, a parameter's value).
    static func action(_ name: String, id: String?, input: DecisionInput, runtime: Runtime) throws(Problem) -> Action {
        func required() throws(Problem) -> String {
            guard let id else { throw Problem(.usage, "\(name) needs an id") }
            return id
        }
        switch name {
        case "tip.status": return .operation(.tipStatus(try required()))
        case "tip.display": return .operation(.tipDisplay(try required()))
        case "tip.shown":
            let tip = try required()
            let text = try input.required(input.duration, "for")
            switch DurationSyntax.parse(text) {
            case .success(let milliseconds): return .operation(.tipShown(tip, duration: milliseconds))
            case .failure(let error): throw Problem(.invalidArgument, "for: \(error.message)")
            }
        case "tip.invalidate":
            let tip = try required()
            let text = try input.required(input.reason, "reason")
            guard let reason = HostInvalidationReason(rawValue: text) else {
                let reasons = HostInvalidationReason.allCases.map(\.rawValue).joined(separator: ", ")
                throw Problem(.usage, "reason '\(text)' is not one of \(reasons)")
            }
            return .operation(.tipInvalidate(tip, reason: reason.reason))
        case "tip.reset": return .operation(.tipReset(try required()))
        case "explain.tip": return .operation(.explainTip(try required()))
        case "group.current": return .operation(.groupCurrent(try required()))
        case "donate":
            let event = try required()
            do throws(EngineError) {
                return .operation(try runtime.donation(of: event, info: input.info))
            } catch {
                throw Problem(error)
            }
        case "scenario.status": return .operation(.scenarioStatus(try required()))
        case "scenario.try": return .operation(.scenarioTry(try required()))
        case "scenario.trigger": return .operation(.scenarioTrigger(try required()))
        case "scenario.reset": return .operation(.scenarioReset(try required()))
        case "explain.scenario": return .operation(.explainScenario(try required()))
        case "whatsNew.next": return .operation(.whatsNewNext)
        case "whatsNew.present": return .operation(.whatsNewPresent)
        case "whatsNew.mark": return .operation(.whatsNewMark(try version(try required())))
        case "whatsNew.unmark": return .operation(.whatsNewUnmark(try id.map { text throws(Problem) in try version(text) }))
        case "param.get": return .parameter(try required())
        case "param.set":
            let parameter = try required()
            let value = try input.required(input.value, "value")
            do throws(EngineError) {
                return .operation(try runtime.assignment(of: parameter, text: value))
            } catch {
                throw Problem(error)
            }
        case "status": return .status(tips: input.tips.isEmpty ? nil : input.tips)
        case "reset": return .operation(.resetAll)
        default:
            throw Problem(.usage, "unknown operation '\(name)'; the operations are \(all.map(\.name).joined(separator: ", "))")
        }
    }

    /// A version, as the CLI reads `whatsnew mark VERSION`.
    static func version(_ text: String) throws(Problem) -> Version {
        guard let version = Version(text) else { throw Problem(.invalidArgument, Version.problem(with: text)) }
        return version
    }

    /// One operation's answer: the JSON `--json` prints for it, and what is known about it.
    struct Answer {
        /// The answer's JSON text.
        var json: ByteBuffer
        /// The operation's name in metrics (`tip.status`, `param.get`, `status`, …).
        var operation: String
        /// Whether the answer is positive (the CLI's exit 0 rather than 1); nil for an overview.
        var positive: Bool?
        /// Whether it carries content in the request's locale (`OperationReport.carriesContent`;
        /// the overview always does).
        var carriesContent: Bool
        /// Whether the operation may have recorded something for the subject.
        var records: Bool
        /// The answers it changed for the subject, when they were asked for or watched.
        var changes: SubjectChanges? = nil
        /// The parameters it set (`param.set`).
        var parameters: [String] = []
        /// Whether it recorded what's new (its answers are not among `changes`).
        var recordsWhatsNew = false
    }

    /// Runs `action` for `request` on `runtime` and renders its answer. With `reportingChanges`
    /// the answer carries its `changes` member (the request's `changes`); with `watching` (the
    /// subject has change-stream subscribers) the changes are computed for them without being
    /// rendered. Reads pay for neither.
    static func perform(_ action: Action, _ request: DecisionRequest, on runtime: Runtime,
                        reportingChanges: Bool, watching: Bool) throws(Problem) -> Answer {
        do throws(EngineError) {
            switch action {
            case .operation(let operation):
                let records = OperationRunner.records(operation)
                let report: OperationReport
                var changes: SubjectChanges?
                if watching, records, !reportingChanges {
                    let engine = runtime.engine
                    (report, changes) = try engine.reportingChanges(request) { request throws(EngineError) in
                        try OperationRunner.perform(operation, request, on: engine)
                    }
                } else {
                    report = try OperationRunner.perform(operation, request, on: runtime.engine, reportingChanges: reportingChanges)
                    changes = report.changes
                }
                let json = report.withJSONText(subject: request.subject, now: request.now) { ByteBuffer(bytes: $0) }
                var answer = Answer(json: json, operation: operation.name, positive: report.isPositive,
                                    carriesContent: report.carriesContent, records: records, changes: changes)
                switch operation {
                case .set(let values): answer.parameters = values.map(\.name)
                case .whatsNewNext, .whatsNewPresent, .whatsNewMark, .whatsNewUnmark: answer.recordsWhatsNew = true
                default: break
                }
                return answer
            case .parameter(let name):
                let report = try OperationRunner.parameter(name, request, on: runtime.engine)
                let json = report.withJSONText(subject: request.subject, now: request.now) { ByteBuffer(bytes: $0) }
                return Answer(json: json, operation: "param.get", positive: report.isPositive, carriesContent: report.carriesContent,
                              records: false)
            case .status(let tips):
                let report = try StatusReport.make(request, on: runtime.engine, tips: tips)
                return Answer(json: report.withJSONText { ByteBuffer(bytes: $0) }, operation: "status", positive: nil, carriesContent: true,
                              records: false)
            }
        } catch {
            throw Problem(error)
        }
    }
}
