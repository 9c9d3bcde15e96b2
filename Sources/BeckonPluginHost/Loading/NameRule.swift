internal import BeckonRules

/// The spelling rules for the names a descriptor declares.
///
/// Condition names and namespaces appear inside rule expressions (`ns.name(...)`), so they
/// follow the rule language's `PluginNames`. A plugin's own name is its namespace unless the
/// configuration gives it another with `as:`; renamed, it is only shown, and keeps ABI 1.0's
/// looser rule (which allowed '-'). Store names appear only in YAML (`store.backend: ns.name`)
/// and may also use '-'.
enum NameRule {
    /// A plugin's name that the configuration renames with `as:`.
    case plugin
    /// A plugin's name that is also its namespace (no `as:`).
    case namespace
    case condition
    case store

    /// ABI 1.0's rule for the names YAML alone writes.
    static let yamlNamePattern = PluginNames.pluginNamePattern

    /// What is wrong with `name` under this rule, as the clause after the field and the name
    /// ("is not a valid store name: it must match …"); nil when it follows the rule.
    func problem(with name: String) -> String? {
        switch self {
        case .plugin, .store:
            return PluginNames.isPluginName(name) ? nil : "is not a valid \(noun): it must match \(Self.yamlNamePattern)"
        case .condition:
            return PluginNames.conditionProblem(with: name).map { "is not a valid \(noun): \($0)" }
        case .namespace:
            // Not even a 1.0 name: `as:` would not help, so the rule to follow is the whole advice.
            if !PluginNames.isPluginName(name) { return "is not a valid \(noun): it must match \(PluginNames.namespacePattern)" }
            guard let problem = PluginNames.namespaceProblem(with: name) else { return nil }
            let example = PluginNames.writableNamespace(for: name).map { ", such as '\($0)'" } ?? ""
            return "cannot be the namespace rules call the plugin by: \(problem); "
                + "give the plugin 'as:' with a name rules can write\(example)"
        }
    }

    /// What the name names, for messages.
    private var noun: String {
        switch self {
        case .plugin, .namespace: "plugin name"
        case .condition: "condition name"
        case .store: "store name"
        }
    }
}
