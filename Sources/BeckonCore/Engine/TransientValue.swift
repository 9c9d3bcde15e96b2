public import BeckonRules

/// A transient parameter's value for one request, named by the parameter's slot: what hosts that
/// resolve names once (the embedding API's typed transients) pass instead of a `[String: Value]`,
/// so that a decision reads it with no hashing and no allocation.
public struct TransientValue: Sendable, Hashable {
    /// The parameter's slot in the engine that checked it (`Engine.transientValue(slot:_:)`).
    public let slot: Int
    /// The value, of the parameter's declared type (never `null`: `null` means "not passed").
    public let value: Value

    fileprivate init(slot: Int, value: Value) {
        self.slot = slot
        self.value = value
    }
}

extension Engine {
    /// The slot of the declared parameter `id` (stored or transient).
    public func parameterSlot(of id: String) throws(EngineError) -> Int {
        if let slot = parameterIndex.slot(of: id) { return slot }
        guard let slot = parameterFacts.firstIndex(where: { $0.id == id }) else {
            throw undeclared("parameter", id, parameterFacts.lazy.map(\.id))
        }
        return slot
    }

    /// Whether the parameter in `slot` (in range) is declared transient.
    public func isTransientParameter(slot: Int) -> Bool {
        parameterIsTransient[slot]
    }

    /// `value` checked as the transient parameter in `slot`: nil for `null` (the parameter's
    /// default, as if not passed); a refusal for a slot out of range, a stored parameter or a
    /// value of another type than the one declared (an `int` is taken for a `double`, as JSON
    /// numbers are).
    public func transientValue(slot: Int, _ value: Value) throws(EngineError) -> TransientValue? {
        try checkTransient(slot)
        // The flat facts: a whole declaration read on every call would retain all its fields.
        let type = parameterTypes[slot]
        switch (value, type) {
        case (.null, _): return nil
        case (.bool, .bool), (.int, .int), (.string, .string), (.double, .double): return TransientValue(slot: slot, value: value)
        case (.int(let integer), .double): return TransientValue(slot: slot, value: .double(Double(integer)))
        default:
            guard value.conforms(to: type) else {
                throw .invalidValue("transient parameter '\(parameterFacts[slot].id)' is \(type), not \(value.type)")
            }
            return TransientValue(slot: slot, value: value)
        }
    }

    /// `text`, written as on the command line, read as the declared type of the transient
    /// parameter in `slot` and checked as `transientValue(slot:_:)` checks a value.
    public func transientValue(slot: Int, text: String) throws(EngineError) -> TransientValue? {
        try checkTransient(slot)
        switch Value.parse(text, as: parameterTypes[slot]) {
        case .success(let value): return try transientValue(slot: slot, value)
        case .failure(let error):
            throw .invalidValue("transient parameter '\(parameterFacts[slot].id)' is \(parameterTypes[slot]): \(error.message)")
        }
    }

    private func checkTransient(_ slot: Int) throws(EngineError) {
        guard parameterFacts.indices.contains(slot) else {
            throw .invalidValue("parameter slot \(slot) is not one of this configuration's \(parameterFacts.count) parameters")
        }
        guard parameterIsTransient[slot] else {
            throw .invalidValue("parameter '\(parameterFacts[slot].id)' is stored, not transient (set it with 'param set')")
        }
    }
}
