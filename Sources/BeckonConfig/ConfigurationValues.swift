import BeckonCore
import BeckonRules

/// The enumerations and value syntaxes the loader accepts, as lists and patterns: what
/// `beckon schema` writes as `enum` and `pattern`, taken from the loader's own lists.
public enum ConfigurationValues {
    /// The configuration format version this Beckon reads (`version: 1`).
    public static let formatVersion = 1
    /// The names `display.frequency` accepts, smallest first, with their length in milliseconds
    /// (SEMANTICS §1).
    public static let namedFrequencies: [(name: String, milliseconds: Int64)] = [
        ("immediate", 0), ("hourly", 3_600_000), ("daily", 86_400_000), ("weekly", 7 * 86_400_000), ("monthly", 30 * 86_400_000),
    ]
    /// The stores `store.backend` names without a plugin.
    public static let builtInStoreBackends = ["memory", "sqlite"]
    /// The types a parameter may declare: a scalar type or `list<T>` of one.
    public static var parameterTypes: [String] { ValueType.declarationNames }
    /// The types an event's info field may declare.
    public static var infoFieldTypes: [String] { ValueType.scalarTypes.map(\.description) }
    /// `groups.ID.priority`.
    public static var groupPriorities: [String] { TipGroupPriority.allCases.map(\.rawValue) }
    /// `whatsNew.mode`.
    public static var whatsNewModes: [String] { WhatsNewMode.allCases.map(\.rawValue) }
    /// `whatsNew.freshInstall`.
    public static var freshInstallPolicies: [String] { FreshInstallPolicy.allCases.map(\.rawValue) }
    /// `store.synchronous`.
    public static var storeSynchronousModes: [String] { StoreSynchronous.allCases.map(\.rawValue) }
    /// Words a plugin's `as:` cannot be: rules read them as something else.
    public static var reservedNamespaces: [String] { PluginNames.reservedNamespaces }

    // MARK: Patterns (ECMA-262, as JSON Schema writes them)

    /// An id of tips, events, parameters, scenarios, groups, plugins and actions.
    public static let idPattern = "^[A-Za-z][A-Za-z0-9_-]*$"
    /// A well-formed BCP 47 language tag (RFC 5646's grammar as `LanguageTag` checks it, without
    /// the few irregular grandfathered tags such as `i-klingon`).
    public static let languageTagPattern = "^(((?:[A-Za-z]{2,3}(-[A-Za-z]{3}){0,3}|[A-Za-z]{5,8})(-[A-Za-z]{4})?(-([A-Za-z]{2}|[0-9]{3}))?"
        + "(-([A-Za-z0-9]{5,8}|[0-9][A-Za-z0-9]{3}))*(-[A-WY-Za-wy-z0-9](-[A-Za-z0-9]{2,8})+)*(-[Xx](-[A-Za-z0-9]{1,8})+)?)|[Xx](-[A-Za-z0-9]{1,8})+)$"
    /// A plugin's namespace (`as:`): a name rules can write.
    public static let namespacePattern = "^\(PluginNames.namespacePattern)$"
    /// `PLUGIN.STORE`: a store of a loaded plugin.
    public static let pluginStorePattern = "^[A-Za-z][A-Za-z0-9_-]*\\.[A-Za-z][A-Za-z0-9_-]*$"
    /// A duration literal: units from the largest down, each once (`500ms`, `7d`, `1d12h`).
    public static let durationPattern = "^(?=[0-9])([0-9]{1,15}w)?([0-9]{1,15}d)?([0-9]{1,15}h)?([0-9]{1,15}m)?([0-9]{1,15}s)?([0-9]{1,15}ms)?$"
    /// A version `MAJOR[.MINOR[.PATCH]]` of non-negative integers.
    public static let versionPattern = "^[0-9]{1,9}(\\.[0-9]{1,9}){0,2}$"
    /// An ISO-8601 date-time with its offset, or a bare date.
    public static let timestampPattern = "^[0-9]{4}-[0-9]{2}-[0-9]{2}([Tt ][0-9]{2}:[0-9]{2}:[0-9]{2}(\\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2}))?$"
}
