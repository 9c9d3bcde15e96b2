import BeckonConfig
import BeckonCore
import BeckonPluginHost
import BeckonRules

/// The JSON Schema (draft 2020-12) of a configuration file, as `beckon schema` prints it: every
/// key of the key catalog the loader reads with, its type, default, enumeration and a short
/// description, for editors (the YAML language server) and CI (`check-jsonschema`).
///
/// It checks structure only: rules' meaning, references between ids and plugins' own options
/// are `beckon check`'s.
public enum ConfigurationSchema {
    /// The schema's `$id`: a stable name (a URN, not a download) for format version 1.
    public static let id = "urn:beckon:configuration:\(ConfigurationValues.formatVersion)"
    /// The JSON Schema dialect it is written in.
    public static let dialect = "https://json-schema.org/draft/2020-12/schema"

    /// The schema as a JSON value.
    public static var document: JSONValue {
        typealias F = SchemaFragments
        let root = F.mapping(ConfigurationKeys.topLevel, "A Beckon configuration file (the main file or one it includes).", properties: [
            "version": F.object([
                ("type", .string("integer")), ("const", .int(Int64(ConfigurationValues.formatVersion))),
                ("description", .string("Configuration format version; must be 1. Required in the main file, optional in included files.")),
            ]),
            "include": F.object([
                ("description", .string("More configuration files, relative to the including file.")),
                ("anyOf", .array([
                    .object(["type": .string("string")]),
                    .object(["type": .string("array"), "items": .object(["type": .string("string")])]),
                ])),
            ]),
            "app": F.mapping(ConfigurationKeys.app, "The app.", properties: [
                "version": F.version("The current app version; the CLI's --app-version wins."),
                "defaultLocale": F.object([
                    ("type", .string("string")), ("default", .string("en")),
                    ("description", .string("The BCP 47 language tag plain texts are in, and the locale every request falls back to.")),
                    ("pattern", .string(ConfigurationValues.languageTagPattern)),
                ]),
            ]),
            "display": F.mapping(ConfigurationKeys.display, "Tip display settings.", properties: [
                "frequency": displayFrequency,
            ]),
            "store": store,
            "plugins": plugins,
            "parameters": F.declarations("Typed values per subject.", of: parameter),
            "events": F.declarations("Events that can be donated.", of: event),
            "tips": F.declarations("Tips.", of: tip),
            "groups": F.declarations("Tip groups.", of: group),
            "scenarios": F.declarations("One-off scenarios.", of: scenario),
            "whatsNew": whatsNew,
            "testing": testing,
        ], requiring: false)
        guard case .object(var members) = root else { return root }
        members["$schema"] = .string(dialect)
        members["$id"] = .string(id)
        members["title"] = .string("Beckon configuration")
        return .object(members)
    }

    /// The schema as indented JSON text with keys sorted, ending in a newline: what `beckon
    /// schema` prints and `Config/beckon.schema.json` holds.
    public static var text: String {
        document.indentedText + "\n"
    }

    // MARK: Sections

    private static var displayFrequency: JSONValue {
        let names = ConfigurationValues.namedFrequencies.map(\.name)
        return SchemaFragments.object([
            ("type", .string("string")),
            ("description", .string("Minimum time between the first displays of two different tips for one subject: "
                + "\(names.joined(separator: ", ")) or a duration.")),
            ("default", .string(names[0])),
            ("anyOf", .array([
                .object(["enum": .array(names.map(JSONValue.string))]),
                .object(["pattern": .string(ConfigurationValues.durationPattern)]),
            ])),
        ])
    }

    private static var store: JSONValue {
        typealias F = SchemaFragments
        let backends = ConfigurationValues.builtInStoreBackends
        return F.mapping(ConfigurationKeys.store, "Where state is kept.", properties: [
            "backend": F.object([
                ("type", .string("string")),
                ("description", .string("The store: \(backends.joined(separator: ", ")) or PLUGIN.STORE, a store of a loaded plugin by its namespace.")),
                ("default", .string(StoreBackend.sqlite.description)),
                ("anyOf", .array([
                    .object(["enum": .array(backends.map(JSONValue.string))]),
                    .object(["pattern": .string(ConfigurationValues.pluginStorePattern)]),
                ])),
            ]),
            "path": F.object([
                ("type", F.types("string", "number", "boolean")), ("default", .string(StoreSettings.defaultPath)),
                ("description", .string("The SQLite file: a file path, absolute or relative to the file that sets it, never a URI.")),
            ]),
            "options": F.anyValue("Options for a plugin store, handed to its open as canonical JSON; the store checks them."),
            "synchronous": F.choice(ConfigurationValues.storeSynchronousModes,
                                    "SQLite durability: normal survives a crash of the process; full also survives a power loss.",
                                    default: StoreSynchronous.normal.rawValue),
            "busyTimeout": F.duration("How long a write waits for another process's lock before the store is reported unavailable.",
                                      default: DurationSyntax.format(StoreSettings.defaultBusyTimeout)),
            "expireSubjectsAfter": F.duration("How long a subject may stay inactive before `beckon data expire` erases it; unset: never.", default: nil),
        ])
    }

    /// The list of plugins, or a mapping of `requirePins` and that list.
    private static var plugins: JSONValue {
        typealias F = SchemaFragments
        let list = F.list("Plugins to load, in order.", of: plugin, default: nil)
        let settings = F.mapping(ConfigurationKeys.pluginSettings, "Plugins to load and how they must be pinned.", properties: [
            "requirePins": F.boolean("Refuse any plugin entry without sha256 (for production).", default: false),
            "load": list,
        ])
        return F.object([
            ("description", .string("Plugins to load, in order: a list, or a mapping with requirePins and the list as load.")),
            ("default", .array([])),
            ("anyOf", .array([list, settings])),
        ])
    }

    private static var plugin: JSONValue {
        typealias F = SchemaFragments
        let entry = F.mapping(ConfigurationKeys.plugin, "A plugin to load: its file (path) or its name to find in the plugin folders.", properties: [
            "path": F.text("The .so file, relative to the declaring file; absolute allowed."),
            "name": F.object([
                ("type", .string("string")),
                ("description", .string("The plugin's own name, found in \(PluginSearchPath.order).")),
                ("pattern", .string("^" + PluginNames.pluginNamePattern + "$")),
            ]),
            "version": F.text("The plugin versions accepted, as a range: \">=1.2, <2\", \"^1.4\", \"~1.2.3\", \"=1.2.3\", \"1.*\"."),
            "sha256": F.object([
                ("type", .string("string")),
                ("description", .string("The file's SHA-256 digest (beckon plugins --pin prints it): any other file is refused.")),
                ("pattern", .string("^[0-9A-Fa-f]{64}$")),
            ]),
            "as": F.object([
                ("type", .string("string")),
                ("description", .string("The namespace of its functions in rules and of its stores; defaults to the plugin's own name.")),
                ("pattern", .string(ConfigurationValues.namespacePattern)),
                ("not", .object(["enum": .array(ConfigurationValues.reservedNamespaces.map(JSONValue.string))])),
            ]),
            "timeout": F.duration("How long one call of one of its conditions may take: past it the rule gets a TIMEOUT error; unset: no limit.", default: nil),
            "config": F.anyValue("Any YAML, handed to the plugin as canonical JSON; the plugin checks it."),
        ])
        guard case .object(var members) = entry else { return entry }
        members["oneOf"] = .array([.object(["required": .array([.string("path")])]), .object(["required": .array([.string("name")])])])
        return .object(members)
    }

    private static var testing: JSONValue {
        typealias F = SchemaFragments
        let tipIDs = F.id("a tip id")
        return F.mapping(ConfigurationKeys.testing, "Testing overrides of tip status; normally absent.", properties: [
            "show": F.list("These tips are available.", of: tipIDs, default: .array([])),
            "hide": F.list("These tips are pending.", of: tipIDs, default: .array([])),
            "showAll": F.boolean("Every tip is available.", default: false),
            "hideAll": F.boolean("Every tip is pending.", default: false),
        ])
    }
}
