import BeckonCore
import BeckonDiagnostics

/// Scenarios, with WaitForIt's seconds-based names accepted as aliases.
extension ConfigFileReader {
    mutating func readScenarios(_ node: YAMLNode) {
        forEachDeclaration(in: node, section: "scenarios", kind: "scenario") { this, id, pair in
            let what = "scenario '\(id)'"
            guard let fields = this.reader.fields(pair.value, what, ConfigurationKeys.scenario, allowNull: true) else { return }
            var scenario = ScenarioDeclaration(id: id, span: pair.key.span)
            func count(_ key: String) -> Int? {
                fields[key].flatMap { this.reader.int($0, "'\(key)' of \(what)", minimum: 0) }
            }
            scenario.minEventsRequired = count("minEventsRequired")
            scenario.maxEventsPermitted = count("maxEventsPermitted")
            scenario.maxExecutionsPermitted = count("maxExecutionsPermitted")
            var durations: [String: Int64] = [:]
            for (name, alias) in ConfigurationKeys.scenarioDurationAliases {
                if let canonical = fields.pair(name), let aliased = fields.pair(alias) {
                    this.reader.diagnostics.error("config.conflict", "\(what) sets both '\(name)' and its alias '\(alias)'; keep one", at: aliased.key.span,
                                                  notes: ["'\(name)' is set at \(canonical.key.span)"])
                } else if let node = fields[name] {
                    durations[name] = this.reader.duration(node, "'\(name)' of \(what)")
                } else if let node = fields[alias] {
                    durations[name] = this.reader.duration(node, "'\(alias)' of \(what)", bareSeconds: true)
                }
            }
            scenario.minTimeSinceFirstEvent = durations["minTimeSinceFirstEvent"]
            scenario.minTimeSinceLastEvent = durations["minTimeSinceLastEvent"]
            scenario.minTimeBetweenExecutions = durations["minTimeBetweenExecutions"]
            if let conditions = fields["conditions"] {
                scenario.conditions = this.readRules(conditions, "the conditions of \(what)")
            }
            if let eventNode = fields["event"], let event = this.reader.id(eventNode, kind: "event") {
                this.assembly.references.append(.init(kind: .event, id: event, span: eventNode.span, owner: what))
                scenario.event = event
            }
            this.assembly.scenarios.append(scenario)
        }
    }
}
