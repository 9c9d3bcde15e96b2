public import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// Everything a subject would see now, recording nothing: `beckon status` and the C API's
/// `beckon_subject_status`. Its JSON is one object with `subject`, `now`, `tips` (each a tip
/// status answer with its `id` and content), `groups`, `scenarios`, `whatsNew` and `locale`.
public struct StatusReport {
    /// The request's subject and instant.
    public let subject: String
    public let now: Int64
    /// The tips asked about (every tip, in declaration order, unless the host named some).
    public let tips: [TipDecision]
    public let groups: [GroupDecision]
    public let scenarios: [ScenarioDecision]
    /// The what's-new answer; nil when there is no app version (neither the request's nor `app.version`).
    public let whatsNew: Engine.WhatsNewDecision?
    /// The locale the content is in, as the configuration writes it (its default locale when the
    /// request named none or none matched).
    public let locale: String
    private let engine: Engine

    /// Decides everything for `request`. `tips` restricts the `tips` member to those tips, in
    /// that order (each once); nil means every tip. Groups, scenarios and what's new are always
    /// whole. A tip the configuration does not declare is an `undeclared` error, with a suggestion.
    public static func make(_ request: DecisionRequest, on engine: Engine, tips: [String]? = nil) throws(EngineError) -> StatusReport {
        let configuration = engine.configuration
        var decisions = try engine.allTipStatuses(request)
        if let tips {
            var asked: [String] = []
            for tip in tips where !asked.contains(tip) {
                guard configuration.tips[tip] != nil else {
                    throw .undeclared(kind: "tip", id: tip, suggestion: NameSuggester.suggestion(for: tip, among: configuration.tips.ids))
                }
                asked.append(tip)
            }
            let byID = Dictionary(decisions.map { ($0.tip, $0) }) { first, _ in first }
            decisions = asked.compactMap { byID[$0] }
        }
        return StatusReport(
            subject: request.subject, now: request.now, tips: decisions,
            groups: try configuration.groups.all.map { group throws(EngineError) in try engine.groupCurrent(group.id, request) },
            scenarios: try configuration.scenarios.all.map { scenario throws(EngineError) in try engine.scenarioStatus(scenario.id, request) },
            whatsNew: (request.appVersion ?? configuration.appVersion) == nil ? nil : try engine.whatsNewPreview(request),
            locale: engine.content.locales[engine.content.localeIndex(for: request.locales)], engine: engine)
    }

    /// The answer's JSON: `subject`, `now`, `tips`, `groups`, `scenarios` (each answer with its
    /// `id`), `whatsNew` (null without an app version) and `locale`.
    public var json: JSONObject {
        [
            "subject": .string(subject),
            "locale": .string(locale),
            "now": .instant(now),
            "tips": .array(tips.map { tip in
                var json = TipDecisionRenderer.json(tip)
                json["id"] = .string(tip.tip)
                return .object(json)
            }),
            "groups": .array(groups.map { group in
                var json = GroupDecisionRenderer.json(group, in: engine)
                json["id"] = .string(group.group)
                return .object(json)
            }),
            "scenarios": .array(scenarios.map { scenario in
                var json = ScenarioDecisionRenderer.json(scenario, .wouldTry)
                json["id"] = .string(scenario.scenario)
                return .object(json)
            }),
            "whatsNew": whatsNew.map { .object(WhatsNewDecisionRenderer.json($0)) } ?? .null,
        ]
    }

    /// The JSON text, borrowed for the duration of `body`.
    public func withJSONText<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try JSONValue.withObjectUTF8(json, overriding: [:], body)
    }

    /// The answer for people: a table of tips, groups and scenarios, then what's new.
    /// `configPath` names the configuration in the first line.
    public func lines(configPath: String) -> [String] {
        var lines = ["subject \(subject) at \(TimestampSyntax.format(now)) (\(configPath))"]
        let width = (tips.map(\.tip.count) + scenarios.map(\.scenario.count) + [8]).max()! + 2
        func pad(_ text: String) -> String { text + String(repeating: " ", count: max(1, width - text.count)) }
        lines += ["", pad("TIP") + "STATUS"]
        lines += tips.map { pad($0.tip) + TipDecisionRenderer.text($0) }
        if !groups.isEmpty {
            lines += ["", pad("GROUP") + "CURRENT"]
            lines += groups.map { pad($0.group) + ($0.current ?? "none") }
        }
        if !scenarios.isEmpty {
            lines += ["", pad("SCENARIO") + "TRY NOW"]
            lines += scenarios.map { pad($0.scenario) + ScenarioDecisionRenderer.text($0, .wouldTry) }
        }
        lines.append("")
        if let whatsNew {
            lines.append("what's new for \(whatsNew.version): " + WhatsNewDecisionRenderer.text(whatsNew, presenting: false))
        } else {
            lines.append("what's new: no app version (set app.version or pass --app-version)")
        }
        return lines
    }
}
