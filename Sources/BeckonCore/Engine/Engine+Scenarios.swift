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

    /// A scenario's checks and when whether it runs may change with no new input.
    struct ScenarioEvaluation {
        var passed: Bool
        var checks: [ScenarioCheck]
        var counts: ScenarioCounts
        var revisitAt: Int64?
        /// When the conditions alone may change (`Int64.max`: never), kept so that the counter
        /// checks can be asked again without evaluating the conditions a second time.
        var conditionsRevisitAt: Int64
    }

    /// What the counter and time checks found, besides the checks themselves.
    struct CounterVerdict {
        /// A failing counter check never passes by itself.
        var failsForGood = false
        /// The instant at which the last failing time check passes (and stays passing).
        var lastTimePass: Int64?

        /// When the scenario's answer may change, given when its conditions may: nil when a
        /// check fails for good or nothing depends on time.
        func revisitAt(conditions: Int64) -> Int64? {
            if failsForGood { return nil }
            let earliest = min(lastTimePass ?? .max, conditions)
            return earliest == .max ? nil : earliest
        }
    }

    /// Every check of the scenario, each evaluated: unset settings pass, times compare strictly.
    /// `revisitAt`: a failing counter check never passes by itself (nil then); a failing time
    /// check passes at `instant + D + 1 ms` and stays passing, so the answer may change when the
    /// last of them passes, or when a condition may change, whichever comes first.
    func scenarioChecks(_ slot: Int, scope: EvaluationScope, record: SubjectRecord, explaining: Bool) -> ScenarioEvaluation {
        let counts = scenarioCounts(slot, record: record)
        var checks: [ScenarioCheck] = []
        checks.reserveCapacity(6 + rules.scenarioConditions[slot].count)
        let verdict = counterChecks(slot, counts: counts, now: scope.request.now) { checks.append($0) }
        let outer = scope.revisitAt
        scope.revisitAt = .max
        for (index, rule) in rules.scenarioConditions[slot].enumerated() {
            var check = ScenarioCheck(kind: .condition, passed: false, actual: nil, limit: Int64(index), rule: rule)
            if explaining {
                let explanation = rule.explain(in: scope)
                check.outcome = explanation.outcome
                check.explanation = explanation
                if let instant = explanation.revisitAt { scope.changes(at: instant) }
            } else {
                var ruleRevisit = Int64.max
                check.outcome = rule.evaluate(in: scope, revisitAt: &ruleRevisit)
                scope.changes(at: ruleRevisit)
            }
            check.passed = check.outcome == .satisfied
            checks.append(check)
        }
        let conditionsRevisitAt = scope.revisitAt
        scope.revisitAt = min(outer, conditionsRevisitAt)
        return ScenarioEvaluation(passed: !checks.contains { !$0.passed }, checks: checks, counts: counts,
                                  revisitAt: verdict.revisitAt(conditions: conditionsRevisitAt),
                                  conditionsRevisitAt: conditionsRevisitAt)
    }

    /// The scenario's counter and time checks against `counts`, each given to `found` in order.
    func counterChecks(_ slot: Int, counts: ScenarioCounts, now: Int64, _ found: (ScenarioCheck) -> Void) -> CounterVerdict {
        var verdict = CounterVerdict()
        func add(_ kind: ScenarioCheck.Kind, _ limit: Int?, actual: Int64, _ passes: (Int64) -> Bool) {
            guard let limit else { return }
            let bound = Int64(limit)
            let passed = passes(bound)
            if !passed { verdict.failsForGood = true }
            found(ScenarioCheck(kind: kind, passed: passed, actual: actual, limit: bound))
        }
        func addTime(_ kind: ScenarioCheck.Kind, _ limit: Int64?, since instant: Int64?) {
            guard let limit else { return }
            guard let instant else {
                found(ScenarioCheck(kind: kind, passed: true, actual: nil, limit: limit))
                return
            }
            let (elapsed, overflow) = now.subtractingReportingOverflow(instant)
            let passed = !overflow && elapsed > limit
            if !passed {
                // It passes once `now - instant > limit`, and then for good.
                let (passes, never) = instant.addingReportingOverflow(limit)
                if never || passes == .max {
                    verdict.failsForGood = true
                } else {
                    verdict.lastTimePass = max(verdict.lastTimePass ?? .min, passes + 1)
                }
            }
            found(ScenarioCheck(kind: kind, passed: passed, actual: overflow ? nil : elapsed, limit: limit))
        }
        // Field by field: a copy of the whole declaration would retain and release every field.
        let scenarios = configuration.scenarios.all
        add(.minEventsRequired, scenarios[slot].minEventsRequired, actual: counts.events) { counts.events >= $0 }
        add(.maxEventsPermitted, scenarios[slot].maxEventsPermitted, actual: counts.events) { counts.events <= $0 }
        add(.maxExecutionsPermitted, scenarios[slot].maxExecutionsPermitted, actual: counts.executions) { counts.executions < $0 }
        addTime(.minTimeSinceFirstEvent, scenarios[slot].minTimeSinceFirstEvent, since: counts.firstEvent)
        addTime(.minTimeSinceLastEvent, scenarios[slot].minTimeSinceLastEvent, since: counts.lastEvent)
        addTime(.minTimeBetweenExecutions, scenarios[slot].minTimeBetweenExecutions, since: counts.lastExecution)
        return verdict
    }

    /// The answer of an operation that leaves the scenario as `evaluation` found it.
    private func decision(_ id: String, _ evaluation: ScenarioEvaluation) -> ScenarioDecision {
        ScenarioDecision(scenario: id, executed: evaluation.passed, checks: evaluation.checks, events: evaluation.counts.events,
                         executions: evaluation.counts.executions, revisitAt: evaluation.revisitAt)
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
            return Outcome(result: decision(id, scenarioChecks(slot, scope: scope, record: record, explaining: false)))
        }
    }

    /// Decides and commits: when every check passes, counts an execution, atomically with the
    /// checks, so two racing callers never both take the last permitted execution.
    public func tryScenario(_ id: String, _ request: DecisionRequest) throws(EngineError) -> ScenarioDecision {
        let slot = try slot(ofScenario: id)
        return try mutate(request) { record, scope throws(EngineError) in
            let evaluation = scenarioChecks(slot, scope: scope, record: record, explaining: false)
            guard evaluation.passed else { return Outcome(result: decision(id, evaluation), writes: false) }
            var own = record.scenarios[id] ?? ScenarioRecord()
            own.executions += 1
            own.lastExecution = request.now
            record.scenarios[id] = own
            // When a next `try` may run: the counter checks asked again of the counters this
            // execution leaves; the conditions read the operation's scope (as in `trigger` and
            // `reset`), so their instant is the one just found.
            var after = evaluation.counts
            after.executions += 1
            after.lastExecution = request.now
            let verdict = counterChecks(slot, counts: after, now: request.now) { _ in }
            return Outcome(result: ScenarioDecision(scenario: id, executed: true, checks: evaluation.checks, events: evaluation.counts.events,
                                                    executions: after.executions,
                                                    revisitAt: verdict.revisitAt(conditions: evaluation.conditionsRevisitAt)), writes: true)
        }
    }

    /// The same checks as `try`, without committing anything.
    public func scenarioStatus(_ id: String, _ request: DecisionRequest, explaining: Bool = false) throws(EngineError) -> ScenarioDecision {
        let slot = try slot(ofScenario: id)
        return try read(request) { scope throws(EngineError) in
            decision(id, scenarioChecks(slot, scope: scope, record: scope.record, explaining: explaining))
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
            return Outcome(result: decision(id, scenarioChecks(slot, scope: scope, record: record, explaining: false)))
        }
    }
}
