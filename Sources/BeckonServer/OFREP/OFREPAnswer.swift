import BeckonCore
import BeckonRuntime
import NIOCore

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
/// is the `/v1` answer's array as JSON text. A tip's evaluation is written as bytes by the
/// runtime's tip-answer writer (`TipAnswerTemplates.withOFREPEvaluationJSONText`); the others
/// are mapped here from their `/v1` answers' members.
enum OFREPAnswer {
    /// Appends the evaluation of `flag` for `request` on `serving` to `buffer`, or throws why
    /// it failed (leaving `buffer` as it was).
    static func write(_ flag: OFREPFlag, _ request: DecisionRequest, on serving: ReloadableRuntime.Serving,
                      to buffer: inout ByteBuffer) throws(OFREPFailure) {
        let engine = serving.runtime.engine
        do throws(EngineError) {
            switch flag {
            case .tip(_, let slot):
                writeTip(try engine.tipStatus(slot: slot, request), slot: slot, key: flag.key, on: serving, to: &buffer)
            case .group(let id):
                let decision = try engine.groupCurrent(id, request)
                let json = GroupDecisionRenderer.json(decision, in: engine)
                let priority = engine.configuration.groups[id]?.priority ?? .firstAvailable
                var metadata = Self.metadata(json, ["actions", "image", "locale", "message", "priority", "revisitAt", "title"])
                metadata.append(("reason", .string(GroupDecisionRenderer.text(decision, priority: priority))))
                write(answer(key: flag.key, value: .string(decision.current ?? ""), variant: decision.current ?? "none", metadata: metadata),
                      to: &buffer)
            case .scenario(let id):
                let decision = try engine.scenarioStatus(id, request)
                let json = ScenarioDecisionRenderer.json(decision, .wouldTry)
                var metadata = Self.metadata(json, ["events", "executions", "revisitAt"])
                metadata.append(("reason", .string(ScenarioDecisionRenderer.text(decision, .wouldTry))))
                write(answer(key: flag.key, value: json["wouldRun"] ?? .bool(decision.executed), variant: decision.executed ? "run" : "wait",
                             metadata: metadata), to: &buffer)
            case .whatsNew:
                let decision = try engine.whatsNewPreview(request)
                let json = WhatsNewDecisionRenderer.json(decision)
                var metadata = Self.metadata(json, ["locale", "version"])
                metadata.append(("reason", .string(WhatsNewDecisionRenderer.text(decision, presenting: false))))
                write(answer(key: flag.key, value: .object(json), variant: decision.entries.isEmpty ? "none" : "show", metadata: metadata),
                      to: &buffer)
            }
        } catch {
            throw OFREPFailure(error)
        }
    }

    /// Appends a tip's evaluation, from its `tip.status` decision.
    static func writeTip(_ decision: TipDecision, slot: Int, key: String, on serving: ReloadableRuntime.Serving, to buffer: inout ByteBuffer) {
        serving.tipAnswers.withOFREPEvaluationJSONText(slot: slot, key: key, decision) { _ = buffer.writeBytes($0) }
    }

    /// Appends the JSON text of `members`.
    static func write(_ members: JSONObject, to buffer: inout ByteBuffer) {
        JSONValue.withObjectUTF8(members, overriding: [:]) { _ = buffer.writeBytes($0) }
    }

    /// An evaluation's members (of a flag other than a tip), keys sorted.
    private static func answer(key: String, value: JSONValue, variant: String, metadata: [(JSONKey, JSONValue)]) -> JSONObject {
        JSONObject(sortedKeys: [
            ("key", .string(key)),
            ("metadata", .object(JSONObject(uniqueKeys: metadata))),  // written sorted
            ("reason", .string("TARGETING_MATCH")),
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
