import BeckonCore
import BeckonRuntime

/// One flag's OFREP evaluation: `key`, `value`, `variant`, `reason` and `metadata`, mapped from
/// the runtime's own answer of the same read (`tip.status`, `group.current`, `scenario.status`,
/// and for what's new the preview of `whatsnew next`); evaluating records nothing.
///
/// `reason` is `TARGETING_MATCH`, or `DISABLED` for an invalidated tip. `metadata` holds only
/// primitive values, each the `/v1` answer's member of the same name:
///
/// | flag        | metadata                                                                 |
/// |-------------|--------------------------------------------------------------------------|
/// | tip         | `reasonCode`, `reason`, `revisitAt`, `locale`, `title`, `message`, `image`, `actions` |
/// | group       | `reason` (the CLI's line), `priority`, `revisitAt`, and the current tip's `locale`, `title`, `message`, `image`, `actions` |
/// | scenario    | `reason` (the CLI's line), `events`, `executions`, `revisitAt`          |
/// | what's new  | `reason` (the CLI's line), `version`, `locale`                          |
///
/// `locale` is the locale the content was chosen in (the context's `locale`, by RFC 4647 lookup).
///
/// `revisitAt` (RFC 3339) and content members the tip does not declare are absent; `actions`
/// is the `/v1` answer's array as JSON text.
enum OFREPAnswer {
    /// The evaluation of `flag` for `request` on `runtime`: the answer's members, or why it failed.
    static func evaluate(_ flag: OFREPFlag, _ request: DecisionRequest, on runtime: Runtime) -> Result<JSONObject, OFREPFailure> {
        let engine = runtime.engine
        do throws(EngineError) {
            switch flag {
            case .tip(_, let slot):
                return .success(tip(try engine.tipStatus(slot: slot, request), key: flag.key))
            case .group(let id):
                let decision = try engine.groupCurrent(id, request)
                let json = GroupDecisionRenderer.json(decision, in: engine)
                let priority = engine.configuration.groups[id]?.priority ?? .firstAvailable
                var metadata = Self.metadata(json, ["actions", "image", "locale", "message", "priority", "revisitAt", "title"])
                metadata.append(("reason", .string(GroupDecisionRenderer.text(decision, priority: priority))))
                return .success(answer(key: flag.key, value: .string(decision.current ?? ""), variant: decision.current ?? "none",
                                       disabled: false, metadata: metadata))
            case .scenario:
                let decision = try engine.scenarioStatus(flagID(flag), request)
                let json = ScenarioDecisionRenderer.json(decision, .wouldTry)
                var metadata = Self.metadata(json, ["events", "executions", "revisitAt"])
                metadata.append(("reason", .string(ScenarioDecisionRenderer.text(decision, .wouldTry))))
                return .success(answer(key: flag.key, value: json["wouldRun"] ?? .bool(decision.executed),
                                       variant: decision.executed ? "run" : "wait", disabled: false, metadata: metadata))
            case .whatsNew:
                let decision = try engine.whatsNewPreview(request)
                let json = WhatsNewDecisionRenderer.json(decision)
                var metadata = Self.metadata(json, ["locale", "version"])
                metadata.append(("reason", .string(WhatsNewDecisionRenderer.text(decision, presenting: false))))
                return .success(answer(key: flag.key, value: .object(json), variant: decision.entries.isEmpty ? "none" : "show",
                                       disabled: false, metadata: metadata))
            }
        } catch {
            return .failure(OFREPFailure(error))
        }
    }

    /// A tip's evaluation, from its `tip.status` decision.
    static func tip(_ decision: TipDecision, key: String) -> JSONObject {
        let metadata = Self.metadata(TipDecisionRenderer.json(decision),
                                     ["actions", "image", "locale", "message", "reason", "reasonCode", "revisitAt", "title"])
        return answer(key: key, value: .bool(decision.status == .available), variant: decision.status.rawValue,
                      disabled: decision.status == .invalidated, metadata: metadata)
    }

    /// The id of a group's or scenario's flag.
    private static func flagID(_ flag: OFREPFlag) -> String {
        switch flag {
        case .tip(let id, _): id
        case .group(let id), .scenario(let id): id
        case .whatsNew: ""
        }
    }

    /// An evaluation's members, keys sorted.
    private static func answer(key: String, value: JSONValue, variant: String, disabled: Bool,
                               metadata: [(JSONKey, JSONValue)]) -> JSONObject {
        JSONObject(sortedKeys: [
            ("key", .string(key)),
            ("metadata", .object(JSONObject(uniqueKeys: metadata))),  // written sorted
            ("reason", .string(disabled ? "DISABLED" : "TARGETING_MATCH")),
            ("value", value),
            ("variant", .string(variant)),
        ])
    }

    /// The members `names` of a `/v1` answer as OFREP metadata, which holds only primitive
    /// values: a null one is left out, an array or object is its JSON text.
    private static func metadata(_ answer: JSONObject, _ names: [JSONKey]) -> [(JSONKey, JSONValue)] {
        names.compactMap { name in
            switch answer[name] {
            case nil, .null?: nil
            case .array(let items)?: (name, .string(JSONValue.array(items).text))
            case .object(let members)?: (name, .string(JSONValue.object(members).text))
            case let value?: (name, value)
            }
        }
    }
}
