import BeckonCore
import BeckonDiagnostics

/// Everything at once.
extension BeckonEngine {
    /// Every tip (or only `tips`, in declaration order), group and scenario, and what's new, for
    /// the subject at one instant, recording nothing: what `beckon status` prints.
    public func status(tips: [String]? = nil, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> StatusOverview {
        try decide(request) { engine, decision throws(EngineError) in
            let configuration = engine.configuration
            for tip in tips ?? [] where !configuration.tips.contains(tip) {
                throw .undeclared(kind: "tip", id: tip, suggestion: NameSuggester.suggestion(for: tip, among: configuration.tips.ids))
            }
            let asked = tips.map(Set.init)
            let decisions = try engine.allTipStatuses(decision).filter { asked?.contains($0.tip) ?? true }
            let groups = try configuration.groups.all.map { group throws(EngineError) in try engine.groupCurrent(group.id, decision) }
            let scenarios = try configuration.scenarios.all.map { scenario throws(EngineError) in try engine.scenarioStatus(scenario.id, decision) }
            let hasVersion = (decision.appVersion ?? configuration.appVersion) != nil
            return StatusOverview(subject: decision.subject, milliseconds: decision.now,
                                  tips: decisions.map(TipAnswer.init),
                                  groups: groups.map { GroupAnswer($0, engine: engine) },
                                  scenarios: scenarios.map(ScenarioAnswer.init),
                                  whatsNew: hasVersion ? WhatsNewAnswer(try engine.whatsNewPreview(decision)) : nil,
                                  locale: engine.content.locales[engine.content.localeIndex(for: decision.locales)])
        }
    }
}
