import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// Parameters, donations and resetting a subject (SEMANTICS §2, §3).
extension BeckonEngine {
    /// Records a donation of `event` at the request's instant, with info fields typed by the
    /// event's declaration (undeclared fields are refused; missing ones are null).
    @discardableResult
    public func donate(_ event: String, info: [String: BeckonValue] = [:],
                       _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> DonationAnswer {
        try record(request) { engine, decision throws(EngineError) in
            guard let declaration = engine.configuration.events[event] else {
                throw .undeclared(kind: "event", id: event, suggestion: NameSuggester.suggestion(for: event, among: engine.configuration.events.ids))
            }
            var values: [String: Value] = [:]
            for (name, value) in info {
                // An undeclared field is passed as given: the engine refuses it, naming the declared ones.
                guard let type = declaration.infoType(name) else { values[name] = RuleValues.value(value); continue }
                values[name] = try RuleValues.typed(value, as: type, for: "info field '\(name)' of event '\(event)'")
            }
            let counters = try engine.donate(event, info: values, decision)
            return DonationAnswer(event: event, count: counters.count, firstMilliseconds: counters.first, lastMilliseconds: counters.last)
        }
    }

    /// Sets a stored parameter for the subject, typed by its declaration (a string is read as
    /// its command-line text; `nil` returns it to its default). A transient parameter cannot be
    /// set: pass it in `BeckonRequest.transients`. Returns what it changed for the subject when
    /// the request is `reportingChanges` (nil otherwise).
    @discardableResult
    public func setParameter(_ name: String, to value: BeckonValue,
                             _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> SubjectChanges? {
        try recordReportingChanges(request) { engine, decision throws(EngineError) in
            guard let declaration = engine.configuration.parameters[name], !declaration.isTransient else {
                // The engine refuses an undeclared or transient parameter, with its own message.
                return try engine.setParameter(name, to: RuleValues.value(value), decision)
            }
            try engine.setParameter(name, to: try RuleValues.typed(value, as: declaration.type, for: "parameter '\(name)'"), decision)
        }.1
    }

    /// A parameter's value for the subject: what was set, else its default (a transient one:
    /// the request's value, else its default).
    public func parameter(_ name: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> BeckonValue {
        try decide(request) { engine, decision throws(EngineError) in RuleValues.beckonValue(try engine.parameter(name, decision)) }
    }

    /// Clears the subject's whole state: parameters, donations, tips, scenarios, what's new.
    /// Returns what it changed for the subject when the request is `reportingChanges` (nil otherwise).
    @discardableResult
    public func resetSubject(_ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> SubjectChanges? {
        try recordReportingChanges(request) { engine, decision throws(EngineError) in try engine.resetSubject(decision) }.1
    }
}
