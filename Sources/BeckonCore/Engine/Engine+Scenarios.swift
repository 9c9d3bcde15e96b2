import BeckonRules

/// Scenario operations (SEMANTICS §6), with WaitForIt's exact checks.
extension Engine {
    struct ScenarioCounts {
        var events: Int64
        var firstEvent: Int64?
        var lastEvent: Int64?
        var executions: Int64
        var lastExecution: Int64?
    }

    /// The scenario's counters: its own triggers, or its event's donations (since its last reset).
    func scenarioCounts(_ slot: Int, scope: EvaluationScope) -> ScenarioCounts {
        scenarioCounts(slot, record: scope.record)
    }

    func scenarioCounts(_ slot: Int, record: SubjectRecord) -> ScenarioCounts {
        let own = record.scenarios[scenarioIDs[slot]] ?? ScenarioRecord()
        guard let event = configuration.scenarios.all[slot].event else {
            return ScenarioCounts(events: own.events, firstEvent: own.firstEvent, lastEvent: own.lastEvent,
                                  executions: own.executions, lastExecution: own.lastExecution)
        }
        let counters = record.events[event] ?? EventCounters()
        if own.resetAt == nil {
            return ScenarioCounts(events: counters.count, firstEvent: counters.first, lastEvent: counters.last,
                                  executions: own.executions, lastExecution: own.lastExecution)
        }
        // After a reset, only donations since then count; donate keeps first and last up to date.
        return ScenarioCounts(events: max(0, counters.count - own.eventCountAtReset), firstEvent: own.firstEvent,
                              lastEvent: own.lastEvent, executions: own.executions, lastExecution: own.lastExecution)
    }

    /// Every check of the scenario, each evaluated: unset settings pass, times compare strictly.
    func scenarioChecks(_ slot: Int, scope: EvaluationScope, record: SubjectRecord, explaining: Bool) -> (passed: Bool, checks: [ScenarioCheck], counts: ScenarioCounts) {
        let counts = scenarioCounts(slot, record: record)
        let now = scope.request.now
        var checks: [ScenarioCheck] = []
        checks.reserveCapacity(6 + rules.scenarioConditions[slot].count)
        func add(_ kind: ScenarioCheck.Kind, _ limit: Int?, actual: Int64, _ passes: (Int64) -> Bool) {
            guard let limit else { return }
            let bound = Int64(limit)
            checks.append(ScenarioCheck(kind: kind, passed: passes(bound), actual: actual, limit: bound))
        }
        func addTime(_ kind: ScenarioCheck.Kind, _ limit: Int64?, since instant: Int64?) {
            guard let limit else { return }
            guard let instant else {
                checks.append(ScenarioCheck(kind: kind, passed: true, actual: nil, limit: limit))
                return
            }
            let (elapsed, overflow) = now.subtractingReportingOverflow(instant)
            checks.append(ScenarioCheck(kind: kind, passed: !overflow && elapsed > limit, actual: overflow ? nil : elapsed, limit: limit))
        }
        add(.minEventsRequired, configuration.scenarios.all[slot].minEventsRequired, actual: counts.events) { counts.events >= $0 }
        add(.maxEventsPermitted, configuration.scenarios.all[slot].maxEventsPermitted, actual: counts.events) { counts.events <= $0 }
        add(.maxExecutionsPermitted, configuration.scenarios.all[slot].maxExecutionsPermitted, actual: counts.executions) { counts.executions < $0 }
        addTime(.minTimeSinceFirstEvent, configuration.scenarios.all[slot].minTimeSinceFirstEvent, since: counts.firstEvent)
        addTime(.minTimeSinceLastEvent, configuration.scenarios.all[slot].minTimeSinceLastEvent, since: counts.lastEvent)
        addTime(.minTimeBetweenExecutions, configuration.scenarios.all[slot].minTimeBetweenExecutions, since: counts.lastExecution)
        for (index, rule) in rules.scenarioConditions[slot].enumerated() {
            var check = ScenarioCheck(kind: .condition, passed: false, actual: nil, limit: Int64(index), rule: rule)
            if explaining {
                let explanation = rule.explain(in: scope)
                check.outcome = explanation.outcome
                check.explanation = explanation
            } else {
                check.outcome = rule.evaluate(in: scope)
            }
            check.passed = check.outcome == .satisfied
            checks.append(check)
        }
        return (checks.allSatisfy(\.passed), checks, counts)
    }

    /// Counts one event of a scenario that counts its own triggers.
    public func triggerScenario(_ id: String, _ request: DecisionRequest) throws(EngineError) -> ScenarioDecision {
        let slot = try slot(ofScenario: id)
        if let event = configuration.scenarios.all[slot].event {
            throw .notApplicable("scenario '\(id)' counts the event '\(event)'; donate that event instead of triggering the scenario")
        }
        return try mutate(request) { record, scope throws(EngineError) in
            var own = record.scenarios[id] ?? ScenarioRecord()
            own.events += 1
            if own.firstEvent == nil { own.firstEvent = request.now }
            own.lastEvent = request.now
            record.scenarios[id] = own
            let (passed, checks, counts) = scenarioChecks(slot, scope: scope, record: record, explaining: false)
            return Outcome(result: ScenarioDecision(scenario: id, executed: passed, checks: checks, events: counts.events, executions: counts.executions))
        }
    }

    /// Decides and commits: when every check passes, counts an execution, atomically with the
    /// checks, so two racing callers never both take the last permitted execution.
    public func tryScenario(_ id: String, _ request: DecisionRequest) throws(EngineError) -> ScenarioDecision {
        let slot = try slot(ofScenario: id)
        return try mutate(request) { record, scope throws(EngineError) in
            let (passed, checks, counts) = scenarioChecks(slot, scope: scope, record: record, explaining: false)
            guard passed else {
                return Outcome(result: ScenarioDecision(scenario: id, executed: false, checks: checks, events: counts.events, executions: counts.executions), writes: false)
            }
            var own = record.scenarios[id] ?? ScenarioRecord()
            own.executions += 1
            own.lastExecution = request.now
            record.scenarios[id] = own
            return Outcome(result: ScenarioDecision(scenario: id, executed: true, checks: checks, events: counts.events, executions: counts.executions + 1), writes: true)
        }
    }

    /// The same checks as `try`, without committing anything.
    public func scenarioStatus(_ id: String, _ request: DecisionRequest, explaining: Bool = false) throws(EngineError) -> ScenarioDecision {
        let slot = try slot(ofScenario: id)
        return try read(request) { scope throws(EngineError) in
            let (passed, checks, counts) = scenarioChecks(slot, scope: scope, record: scope.record, explaining: explaining)
            return ScenarioDecision(scenario: id, executed: passed, checks: checks, events: counts.events, executions: counts.executions)
        }
    }

    /// Clears the scenario's events and executions; a scenario counting an event counts only
    /// that event's later donations.
    public func resetScenario(_ id: String, _ request: DecisionRequest) throws(EngineError) -> ScenarioDecision {
        let slot = try slot(ofScenario: id)
        let scenario = configuration.scenarios.all[slot]
        return try mutate(request) { record, scope throws(EngineError) in
            if let event = scenario.event {
                record.scenarios[id] = ScenarioRecord(resetAt: request.now, eventCountAtReset: record.events[event]?.count ?? 0)
            } else {
                record.scenarios[id] = nil
            }
            let (passed, checks, counts) = scenarioChecks(slot, scope: scope, record: record, explaining: false)
            return Outcome(result: ScenarioDecision(scenario: id, executed: passed, checks: checks, events: counts.events, executions: counts.executions))
        }
    }
}
