/// The keys of one kind of mapping in a configuration file, in the order of `Docs/configuration.md`.
public struct MappingKeys: Hashable, Sendable {
    /// Every key the mapping may hold; any other is a `config.unknownKey` error.
    public let keys: [String]
    /// The keys it must hold (`config.missingKey` when absent).
    public let required: [String]

    /// A mapping kind with `keys`, of which `required` must be present.
    public init(_ keys: [String], required: [String] = []) {
        self.keys = keys
        self.required = required
    }
}

/// Every mapping of a configuration file and its keys: the one list that the loader reads with
/// and that `beckon schema` builds the JSON Schema's `properties` and `required` from.
public enum ConfigurationKeys {
    /// The root mapping; `version` is required in the main file only (included files may omit it).
    public static let topLevel = MappingKeys([
        "version", "include", "app", "display", "store", "plugins", "parameters", "events", "tips",
        "groups", "scenarios", "whatsNew", "testing",
    ], required: ["version"])
    /// `app:`.
    public static let app = MappingKeys(["version", "defaultLocale"])
    /// `display:`.
    public static let display = MappingKeys(["frequency"])
    /// `store:`.
    public static let store = MappingKeys(["backend", "path", "options", "synchronous", "busyTimeout", "expireSubjectsAfter"])
    /// `plugins:` written as a mapping (rather than as the list of plugins alone).
    public static let pluginSettings = MappingKeys(["requirePins", "load"])
    /// An item of `plugins:` (or of `plugins.load`): exactly one of `path` and `name`.
    public static let plugin = MappingKeys(["path", "name", "version", "sha256", "as", "timeout", "config"])
    /// `parameters.ID`.
    public static let parameter = MappingKeys(["type", "default", "transient"], required: ["type"])
    /// `events.ID`.
    public static let event = MappingKeys(["info", "retention"])
    /// `events.ID.retention`.
    public static let eventRetention = MappingKeys(["maxCount", "maxAge"])
    /// `tips.ID`.
    public static let tip = MappingKeys([
        "title", "message", "image", "actions", "rules", "maxDisplayCount", "maxDisplayDuration", "ignoresDisplayFrequency",
    ], required: ["title"])
    /// An item of a tip's `actions:`.
    public static let tipAction = MappingKeys(["id", "title"], required: ["id", "title"])
    /// `groups.ID`.
    public static let group = MappingKeys(["priority", "tips"], required: ["tips"])
    /// `scenarios.ID`: its counts, its durations and their WaitForIt aliases, its conditions.
    public static let scenario = MappingKeys(["minEventsRequired", "maxEventsPermitted", "maxExecutionsPermitted", "conditions", "event"]
        + scenarioDurationAliases.flatMap { [$0.name, $0.alias] })
    /// A scenario's duration settings and their WaitForIt aliases (a number of seconds).
    public static let scenarioDurationAliases: [(name: String, alias: String)] = [
        ("minTimeSinceFirstEvent", "minSecondsSinceFirstEvent"),
        ("minTimeSinceLastEvent", "minSecondsSinceLastEvent"),
        ("minTimeBetweenExecutions", "minSecondsBetweenExecutions"),
    ]
    /// `whatsNew:`.
    public static let whatsNew = MappingKeys(["mode", "freshInstall", "entries"])
    /// An item of `whatsNew.entries`.
    public static let whatsNewEntry = MappingKeys(["version", "title", "features", "primaryAction", "secondaryAction"],
                                                  required: ["version", "title"])
    /// An item of a what's-new entry's `features`.
    public static let whatsNewFeature = MappingKeys(["image", "title", "subtitle"], required: ["title"])
    /// A what's-new entry's `primaryAction` or `secondaryAction`.
    public static let whatsNewAction = MappingKeys(["title", "url"], required: ["title"])
    /// `testing:`.
    public static let testing = MappingKeys(["show", "hide", "showAll", "hideAll"])
}
