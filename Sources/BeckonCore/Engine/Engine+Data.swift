public import BeckonRules

/// Parameters (SEMANTICS §2) and event donations (SEMANTICS §3).
extension Engine {
    /// Sets a parameter for the subject; a value of the wrong type is refused and nothing is
    /// written. Setting `null` removes the stored value, so the default applies again.
    public func setParameter(_ name: String, to value: Value, _ request: DecisionRequest) throws(EngineError) {
        guard let declaration = configuration.parameters[name] else {
            throw undeclared("parameter", name, configuration.parameters.ids)
        }
        guard !declaration.isTransient else {
            throw .notApplicable("parameter '\(name)' is transient: it is never stored; pass it with each request")
        }
        let stored = try Self.conformed(value, to: declaration.type, what: "parameter '\(name)'")
        try mutate(request) { record, _ throws(EngineError) in
            record.parameters[name] = stored == .null ? nil : stored
            return Outcome(result: ())
        }
    }

    /// A parameter's value for the subject: what was set, else its default.
    public func parameter(_ name: String, _ request: DecisionRequest) throws(EngineError) -> Value {
        guard let slot = configuration.parameters.all.firstIndex(where: { $0.id == name }) else {
            throw undeclared("parameter", name, configuration.parameters.ids)
        }
        return try read(request) { scope throws(EngineError) in scope.parameter(slot) }
    }

    /// Records a donation of an event at the request's instant, with optional typed `info`.
    public func donate(_ id: String, info: [String: Value] = [:], _ request: DecisionRequest) throws(EngineError) -> EventCounters {
        let slot = try slot(ofEvent: id)
        let event = configuration.events.all[slot]
        for field in info.keys where event.infoType(field) == nil {
            throw .invalidValue("event '\(id)' declares no info field '\(field)'" + (event.infoFields.isEmpty ? "" : "; it has \(event.infoFields.map(\.name).joined(separator: ", "))"))
        }
        var values: [Value] = []
        for field in event.infoFields {
            values.append(try Self.conformed(info[field.name] ?? .null, to: field.type, what: "info field '\(field.name)' of event '\(id)'"))
        }
        let donation = Donation(time: request.now, info: values)
        let retention = Retention(maxCount: event.maxLogCount, maxAge: event.maxAge)
        return try mutate(request) { record, _ throws(EngineError) in
            var counters = record.events[id] ?? EventCounters()
            counters.count += 1
            // First and last are instants: a donation at an earlier instant (a clock set back)
            // never makes them later or earlier than a donation already recorded.
            counters.first = min(counters.first ?? request.now, request.now)
            counters.last = max(counters.last ?? request.now, request.now)
            record.events[id] = counters
            for scenarioSlot in scenariosCountingEvent[slot] ?? [] {
                let scenario = configuration.scenarios.all[scenarioSlot].id
                guard var own = record.scenarios[scenario], own.resetAt != nil else { continue }
                if own.firstEvent == nil { own.firstEvent = request.now }
                own.lastEvent = request.now
                record.scenarios[scenario] = own
            }
            return Outcome(result: counters, donations: DonationChanges(appends: [(id, donation, retention)]), writes: true)
        }
    }

    /// `value` as stored for something declared with `type` (ints widen to double), or why not.
    static func conformed(_ value: Value, to type: ValueType, what: String) throws(EngineError) -> Value {
        var widened = value
        switch (value, type) {
        case (.int(let integer), .double):
            widened = .double(Double(integer))
        case (.list(let items), .list(.double)):
            widened = .list(items.map { if case .int(let integer) = $0 { .double(Double(integer)) } else { $0 } })
        default:
            break
        }
        guard widened.conforms(to: type) else {
            throw .invalidValue("\(what) is \(type); \(value) is \(value.type)")
        }
        return widened
    }
}
