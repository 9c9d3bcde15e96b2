public import BeckonConfig
public import BeckonCore
import BeckonDiagnostics
import BeckonRules

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

    /// A value written as text for something declared with `type`.
    static func value(_ text: String, as type: ValueType, for what: String) throws(EngineError) -> Value {
        switch Value.parse(text, as: type) {
        case .success(let value): return value
        case .failure(let error): throw .invalidValue("\(what) is \(type): \(error.message)")
        }
    }
}
