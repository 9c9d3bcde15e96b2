public import BeckonCore

/// What an operation changed (`--changes`, `BECKON_REQUEST_REPORT_CHANGES`), for scripts (the
/// `changes` member) and for people (one line per changed answer).
public enum ChangesRenderer {
    /// `{tips: [{id, before: {status, reasonCode}, after: …}], groups: [{id, before: {current},
    /// after: …}], scenarios: [{id, before: {wouldRun}, after: …}]}`; empty arrays when nothing
    /// changed.
    public static func json(_ changes: SubjectChanges) -> JSONValue {
        func entries<A>(_ list: [AnswerChange<A>], _ answer: (A) -> JSONObject) -> JSONValue {
            .array(list.map { .object(["id": .string($0.id), "before": .object(answer($0.before)), "after": .object(answer($0.after))]) })
        }
        return .object([
            "tips": entries(changes.tips) { ["status": .string($0.status.rawValue), "reasonCode": .string($0.reason.code)] },
            "groups": entries(changes.groups) { ["current": .string($0.current)] },
            "scenarios": entries(changes.scenarios) { ["wouldRun": .bool($0.wouldRun)] },
        ])
    }

    /// `changed: tip welcome pending → available`, one line per changed answer, or
    /// `changed: nothing`.
    public static func lines(_ changes: SubjectChanges) -> [String] {
        let tips = changes.tips.map { "changed: tip \($0.id) \($0.before.status.rawValue) → \($0.after.status.rawValue) (\($0.after.reason.code))" }
        let groups = changes.groups.map { "changed: group \($0.id) current \($0.before.current ?? "none") → \($0.after.current ?? "none")" }
        let scenarios = changes.scenarios.map { "changed: scenario \($0.id) \($0.before.wouldRun ? "would run" : "would not run") → \($0.after.wouldRun ? "would run" : "would not run")" }
        let all = tips + groups + scenarios
        return all.isEmpty ? ["changed: nothing"] : all
    }
}
