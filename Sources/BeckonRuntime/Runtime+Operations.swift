public import BeckonConfig
public import BeckonCore
import BeckonDiagnostics
public import BeckonRules

extension Runtime {
    /// A donation of `event` with info fields written as text (`landmark=Eiffel` on the command
    /// line, a `beckon_field` in the C API), each typed by the event's declaration.
    public func donation(of event: String, info: [(name: String, text: String)]) throws(EngineError) -> TraceOperation {
        let configuration = loaded.configuration
        guard let declaration = configuration.events[event] else {
            throw .undeclared(kind: "event", id: event, suggestion: NameSuggester.suggestion(for: event, among: configuration.events.ids))
        }
        var fields: [NamedValue] = []
        for (name, text) in info {
            guard let type = declaration.infoType(name) else {
                throw .invalidValue("event '\(event)' declares no info field '\(name)'\(NameSuggester.hint(for: name, among: declaration.infoFields.map(\.name)))")
            }
            fields.append(NamedValue(name: name, value: try Self.value(text, as: type, for: "info field '\(name)' of event '\(event)'")))
        }
        return .donate(event: event, info: fields)
    }

    /// Setting `parameter` to a value written as text, typed by its declaration (lists
    /// comma-separated; `null` returns it to its default).
    public func assignment(of parameter: String, text: String) throws(EngineError) -> TraceOperation {
        let configuration = loaded.configuration
        guard let declaration = configuration.parameters[parameter] else {
            throw .undeclared(kind: "parameter", id: parameter, suggestion: NameSuggester.suggestion(for: parameter, among: configuration.parameters.ids))
        }
        return .set([NamedValue(name: parameter, value: try Self.value(text, as: declaration.type, for: "parameter '\(parameter)'"))])
    }

    /// The values of transient parameters written as text (`--transient NAME=VALUE`, a
    /// `beckon_request`'s `transients`), each typed by its declaration, for one request; `null`
    /// is the default. A name given twice, an undeclared parameter or a stored one is refused
    /// with "did you mean".
    public func transientParameters(_ pairs: [(name: String, text: String)]) throws(EngineError) -> [String: Value] {
        // Found and typed on the engine's flat facts: a declaration read from the configuration
        // is copied whole (~0.8 k instructions a name, on every request with transients).
        let engine = self.engine
        // Sized once, and no list of the names given: a request's transients are read on every call.
        var values = [String: Value](minimumCapacity: pairs.count)
        for (index, (name, text)) in pairs.enumerated() {
            guard let slot = try? engine.parameterSlot(of: name), engine.isTransientParameter(slot: slot) else {
                throw notTransient(name)
            }
            guard !pairs[..<index].contains(where: { $0.name == name }) else {
                throw .invalidValue("transient parameter '\(name)' is given twice")
            }
            // `null` means the default, as in `param set`: the rules see the parameter as if not passed.
            if let checked = try engine.transientValue(slot: slot, text: text) { values[name] = checked.value }
        }
        return values
    }

    /// The refusal of `name` as a transient parameter: undeclared, or declared stored; with
    /// "did you mean" among the transient ones.
    private func notTransient(_ name: String) -> EngineError {
        let parameters = loaded.configuration.parameters
        let transientNames = parameters.all.filter(\.isTransient).map(\.id)
        guard let declaration = parameters[name], !declaration.isTransient else {
            return .undeclared(kind: "transient parameter", id: name, suggestion: NameSuggester.suggestion(for: name, among: transientNames))
        }
        let hint = NameSuggester.suggestion(for: name, among: transientNames).map { "; did you mean '\($0)'?" }
            ?? (transientNames.isEmpty ? "; the configuration declares no transient parameter"
                : "; the transient parameters are " + transientNames.joined(separator: ", "))
        return .invalidValue("parameter '\(name)' is stored, not transient (set it with 'param set')" + hint)
    }

    /// Testing overrides for one request (QA), naming declared tips; merged by the engine with
    /// the configuration's `testing:` (SEMANTICS §4.1).
    public func testingOverrides(show: [String], hide: [String], showAll: Bool, hideAll: Bool) throws(EngineError) -> TestingOverrides {
        try TestingOverrides.forRequest(show: show, hide: hide, showAll: showAll, hideAll: hideAll, in: loaded.configuration)
    }

    /// A value written as text for something declared with `type`; `what` is written only for
    /// a refusal.
    static func value(_ text: String, as type: ValueType, for what: @autoclosure () -> String) throws(EngineError) -> Value {
        switch Value.parse(text, as: type) {
        case .success(let value): return value
        case .failure(let error): throw .invalidValue("\(what()) is \(type): \(error.message)")
        }
    }
}
