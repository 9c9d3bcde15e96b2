import BeckonCore

/// Scenarios (SEMANTICS §6): count events, then `tryScenario` runs one when every check passes.
extension BeckonEngine {
    /// Counts one event of a scenario that counts its own triggers (a scenario with `event:`
    /// counts that event's donations instead: triggering it is `notApplicable`). `runs` says
    /// whether a `tryScenario` now would run it.
    @discardableResult
    public func triggerScenario(_ scenario: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> ScenarioAnswer {
        try record(request) { engine, decision throws(EngineError) in ScenarioAnswer(try engine.triggerScenario(scenario, decision)) }
    }

    /// Runs the scenario if every check passes, counting the execution atomically with the checks
    /// (two racing callers never both take the last permitted execution). `runs` says whether it ran.
    public func tryScenario(_ scenario: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> ScenarioAnswer {
        try record(request) { engine, decision throws(EngineError) in ScenarioAnswer(try engine.tryScenario(scenario, decision)) }
    }

    /// What `tryScenario` would do now, recording nothing.
    public func scenarioStatus(_ scenario: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> ScenarioAnswer {
        try decide(request) { engine, decision throws(EngineError) in ScenarioAnswer(try engine.scenarioStatus(scenario, decision)) }
    }

    /// The same as `scenarioStatus`, each check's `detail` saying what it found.
    public func explainScenario(_ scenario: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> ScenarioAnswer {
        try decide(request) { engine, decision throws(EngineError) in
            ScenarioAnswer(try engine.scenarioStatus(scenario, decision, explaining: true))
        }
    }

    /// Clears the scenario's events and executions for the subject; a scenario counting an event
    /// counts only that event's later donations.
    @discardableResult
    public func resetScenario(_ scenario: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> ScenarioAnswer {
        try record(request) { engine, decision throws(EngineError) in ScenarioAnswer(try engine.resetScenario(scenario, decision)) }
    }
}
