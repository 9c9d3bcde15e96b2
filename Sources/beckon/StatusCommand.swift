import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime

/// `beckon status`: everything the subject would see now, recording nothing.
struct StatusCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Print every tip, group and scenario and the what's-new answer for the subject, recording nothing.")
    @OptionGroup var options: DecisionOptions

    func run() throws {
        let request = try options.request()
        let runtime = try options.openRuntime()
        let engine = runtime.engine
        let configuration = engine.configuration
        do {
            let tips = try engine.allTipStatuses(request)
            let groups = try configuration.groups.all.map { try engine.groupCurrent($0.id, request) }
            let scenarios = try configuration.scenarios.all.map { try engine.scenarioStatus($0.id, request) }
            let whatsNew = (request.appVersion ?? configuration.appVersion) == nil ? nil : try engine.whatsNewPreview(request)
            if options.json {
                printJSON(request, configuration, tips, groups, scenarios, whatsNew)
            } else {
                printTable(request, tips, groups, scenarios, whatsNew)
            }
        } catch let error as EngineError {
            throw DecisionOptions.exit(for: error)
        }
    }

    private func printTable(_ request: DecisionRequest, _ tips: [TipDecision], _ groups: [GroupDecision],
                            _ scenarios: [ScenarioDecision], _ whatsNew: Engine.WhatsNewDecision?) {
        let configuration = options.configOptions.configPath
        Output.line("subject \(request.subject) at \(TimestampSyntax.format(request.now)) (\(configuration))")
        let width = (tips.map(\.tip.count) + scenarios.map(\.scenario.count) + [8]).max()! + 2
        func pad(_ text: String) -> String { text + String(repeating: " ", count: max(1, width - text.count)) }
        Output.line("")
        Output.line(pad("TIP") + "STATUS")
        for tip in tips { Output.line(pad(tip.tip) + TipDecisionRenderer.text(tip)) }
        if !groups.isEmpty {
            Output.line("")
            Output.line(pad("GROUP") + "CURRENT")
            for group in groups { Output.line(pad(group.group) + (group.current ?? "none")) }
        }
        if !scenarios.isEmpty {
            Output.line("")
            Output.line(pad("SCENARIO") + "TRY NOW")
            for scenario in scenarios { Output.line(pad(scenario.scenario) + ScenarioDecisionRenderer.text(scenario, .wouldTry)) }
        }
        Output.line("")
        if let whatsNew {
            Output.line("what's new for \(whatsNew.version): " + WhatsNewDecisionRenderer.text(whatsNew, presenting: false))
        } else {
            Output.line("what's new: no app version (set app.version or pass --app-version)")
        }
    }

    private func printJSON(_ request: DecisionRequest, _ configuration: Configuration, _ tips: [TipDecision], _ groups: [GroupDecision],
                           _ scenarios: [ScenarioDecision], _ whatsNew: Engine.WhatsNewDecision?) {
        var object: JSONObject = [
            "subject": .string(request.subject),
            "now": .instant(request.now),
            "tips": .array(tips.map { tip in
                var json = TipDecisionRenderer.json(tip)
                json["id"] = .string(tip.tip)
                return .object(json)
            }),
            "groups": .array(groups.map { group in
                var json = GroupDecisionRenderer.json(group, priority: configuration.groups[group.group]?.priority ?? .firstAvailable)
                json["id"] = .string(group.group)
                return .object(json)
            }),
            "scenarios": .array(scenarios.map { scenario in
                var json = ScenarioDecisionRenderer.json(scenario, .wouldTry)
                json["id"] = .string(scenario.scenario)
                return .object(json)
            }),
        ]
        object["whatsNew"] = whatsNew.map { .object(WhatsNewDecisionRenderer.json($0)) } ?? .null
        Output.printJSON(JSONValue.object(object))
    }
}
