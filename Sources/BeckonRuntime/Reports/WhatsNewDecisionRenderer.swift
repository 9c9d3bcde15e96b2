public import BeckonCore
public import BeckonRules

/// What's-new decisions for people (`2.3.0 "What's New in Landmarks"`, `nothing (2.3.0 was
/// already presented)`) and for scripts (every entry with its content).
public enum WhatsNewDecisionRenderer {
    /// The entries chosen, newest first, or `nothing (why)`; `presenting` adds what is now presented.
    public static func text(_ decision: Engine.WhatsNewDecision, presenting: Bool) -> String {
        guard !decision.entries.isEmpty else { return "nothing (\(decision.reason ?? "no entry"))" }
        var text = decision.entries.map { "\($0.version) \(Value.string(ContentWriter.text($0.title)))" }.joined(separator: ", ")
        if decision.isFreshInstall { text += " (fresh install)" }
        if presenting { text += "; " + presentedText(decision.presented) }
        return text
    }

    /// `presented: 2.2.0, 2.3.0` or `presented: none`.
    public static func presentedText(_ versions: [Version]) -> String {
        "presented: " + (versions.isEmpty ? "none" : versions.map(\.description).joined(separator: ", "))
    }

    /// `version` (the app version decided for), `entries` (their texts in `locale`), `locale`,
    /// `reason`, `freshInstall`, `presented`.
    public static func json(_ decision: Engine.WhatsNewDecision) -> JSONObject {
        [
            "version": .string(decision.version.description),
            "locale": .string(decision.locale),
            "entries": .array(decision.entries.map(json)),
            "reason": .string(decision.reason),
            "freshInstall": .bool(decision.isFreshInstall),
            "presented": presentedJSON(decision.presented),
        ]
    }

    public static func presentedJSON(_ versions: [Version]) -> JSONValue {
        .array(versions.map { .string($0.description) })
    }

    /// An entry with its content, as the host would present it.
    public static func json(_ entry: WhatsNewEntry) -> JSONValue {
        func action(_ action: WhatsNewAction?) -> JSONValue {
            action.map { .object(["title": ContentWriter.json($0.title), "url": .string($0.url)]) } ?? .null
        }
        let features: [JSONValue] = entry.features.map {
            .object(["image": .string($0.image), "title": ContentWriter.json($0.title), "subtitle": ContentWriter.json($0.subtitle)])
        }
        return .object([
            "version": .string(entry.version.description),
            "title": ContentWriter.json(entry.title),
            "features": .array(features),
            "primaryAction": action(entry.primaryAction),
            "secondaryAction": action(entry.secondaryAction),
        ])
    }
}
