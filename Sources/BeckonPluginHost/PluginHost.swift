internal import CBeckonPlugin
public import BeckonCore
public import BeckonDiagnostics
public import BeckonRules

/// The plugins of a configuration, loaded: their conditions as rule functions, their stores
/// ready to open, and what `beckon plugins` shows about them.
///
/// Loading follows PLUGIN-ABI: each file is opened with `dlopen(RTLD_NOW | RTLD_LOCAL |
/// RTLD_NODELETE)` and never closed, its whole descriptor is validated, its config is checked
/// (`check_config`, else `validate_config`) and handed to `init` as canonical JSON, once per
/// declaration. Plugins shut down in reverse load order once nothing uses them any more.
public final class PluginHost: Sendable {
    /// What was loaded, in load order.
    public let plugins: [PluginInfo]
    /// Every condition, keyed `NAMESPACE.NAME`, for the rule checker.
    public let functions: [String: RuleSchema.Function]
    /// The namespaces of declared plugins that failed to load (when known: the `as:`, or the
    /// name of a plugin whose descriptor was read).
    public let unavailableNamespaces: Set<String>
    /// Every store backend, keyed `NAMESPACE.NAME`.
    private let stores: [String: StoreEntry]
    /// Released last to first in `deinit`, so that plugins shut down in reverse load order.
    private let instances: InstanceList

    private init(plugins: [PluginInfo], functions: [String: RuleSchema.Function], unavailableNamespaces: Set<String> = [],
                 stores: [String: StoreEntry], instances: [PluginInstance]) {
        self.plugins = plugins
        self.functions = functions
        self.unavailableNamespaces = unavailableNamespaces
        self.stores = stores
        self.instances = InstanceList(instances)
    }

    /// The ABI this host speaks ("1.0"): it loads plugins built for 1.x that need at most this minor.
    public static let abiVersion = "\(BECKON_PLUGIN_ABI_MAJOR).\(BECKON_PLUGIN_ABI_MINOR)"

    /// No plugins.
    public static let empty = PluginHost(plugins: [], functions: [:], stores: [:], instances: [])

    /// Loads `declarations` in order. A plugin that fails is left out and explained by a
    /// diagnostic at its declaration (or, for a config problem, at the offending value): codes
    /// `plugin.unavailable` (the file, its descriptor or its `init`), `plugin.config` (one per
    /// problem the plugin found in its config, at the value or key it names) and
    /// `plugin.duplicate` (a namespace taken twice); and for what an entry asks of its file:
    /// `plugin.integrity` (not the pinned file; never opened), `plugin.version` (a version
    /// `version:` does not accept), `plugin.ambiguous` (two files answer a `name:` in one folder)
    /// and `plugin.unpinned` (no `sha256:` while `requirePins`; never opened). Entries given by
    /// `name:` are found in `searchPath`, by default the process's (`PluginSearchPath.standard()`).
    public static func load(_ declarations: [PluginDeclaration], requirePins: Bool = false,
                            searchPath: PluginSearchPath? = nil) -> (host: PluginHost, diagnostics: [Diagnostic]) {
        var loader = PluginLoader(requirePins: requirePins, searchPath: searchPath)
        for declaration in declarations { loader.load(declaration) }
        let host = PluginHost(plugins: loader.plugins, functions: loader.functions, unavailableNamespaces: loader.unavailableNamespaces,
                              stores: loader.stores, instances: loader.instances)
        return (host, loader.diagnostics)
    }

    /// The names of the stores plugins offer (`NAMESPACE.NAME`), sorted.
    public var storeNames: [String] { stores.keys.sorted() }

    /// One problem a store found in its options: a JSON pointer into them (at the value, or at the
    /// key it names), a message, and whether the value there is a secret never to be shown.
    public struct OptionsProblem: Hashable, Sendable {
        /// An RFC 6901 pointer into the options; "" is the options as a whole.
        public var pointer: String
        /// Whether the problem is about the key of the member `pointer` names.
        public var atKey: Bool
        /// A sentence for a person, as the plugin wrote it.
        public var message: String
        /// `BECKON_CONFIG_PROBLEM_SECRET`: the value at `pointer` must never be shown.
        public var secret: Bool
    }

    /// Asks the store `qualified` (`NAMESPACE.NAME`) about `options` through its `check_options`
    /// (ABI 1.2), before it is opened: every problem it finds. Empty when the store accepts them,
    /// does not check its options (a 1.0 or 1.1 store) or does not exist. Lifecycle call.
    public func checkOptions(ofStore qualified: String, options: ConfigValue) -> [OptionsProblem] {
        guard let entry = stores[qualified],
              let problems = ConfigCheck.optionProblems(entry.descriptor, state: entry.instance.state, options: CanonicalJSON.text(options))
        else { return [] }
        return problems.map { OptionsProblem(pointer: $0.pointer, atKey: $0.atKey, message: $0.message, secret: $0.secret) }
    }

    /// Opens the store `namespace.name` with `options` (handed over as canonical JSON).
    public func openStore(namespace: String, name: String, options: ConfigValue) throws(StoreError) -> any Store {
        let qualified = "\(namespace).\(name)"
        guard let entry = stores[qualified] else {
            let known = storeNames.isEmpty ? "no loaded plugin offers a store" : "loaded plugins offer \(storeNames.joined(separator: ", "))"
            throw StoreError(.unavailable, "store '\(qualified)' does not exist: \(known)")
        }
        let gate = entry.instance.gate ?? (entry.descriptor.serializesCalls ? CallGate() : nil)
        return try PluginStore(raw: entry.descriptor.raw, instance: entry.instance, qualifiedName: qualified,
                               optionsJSON: CanonicalJSON.text(options), gate: gate, subjectData: entry.descriptor.subjectData)
    }
}

/// A store backend and the plugin it belongs to.
struct StoreEntry: Sendable {
    var descriptor: StoreDescriptor
    var instance: PluginInstance
}

/// The plugins' instances, released last to first.
private final class InstanceList: Sendable {
    nonisolated(unsafe) private var instances: [PluginInstance]

    init(_ instances: [PluginInstance]) {
        self.instances = instances
    }

    deinit {
        while !instances.isEmpty { instances.removeLast() }
    }
}
