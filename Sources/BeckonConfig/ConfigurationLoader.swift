public import BeckonCore
public import BeckonDiagnostics
public import BeckonRules

/// Loads a configuration file (and the files it includes) into a validated `Configuration`,
/// reporting every problem of every file at once.
public struct ConfigurationLoader: Sendable {
    /// Loads a configuration's plugins before its rules are checked: returns the functions rules
    /// may call, the namespaces of plugins that failed (whose calls then raise no diagnostics of
    /// their own), the stores the plugins offer (`NAMESPACE.NAME`, so that `store.backend` is
    /// checked) and a diagnostic for each plugin problem.
    public typealias PluginLoading = @Sendable (Configuration)
        -> (functions: [String: RuleSchema.Function], unavailableNamespaces: Set<String>, stores: [String], diagnostics: [Diagnostic])

    /// Asks the plugin store that `store.backend` selects (`NAMESPACE.NAME`, offered by a plugin
    /// that `PluginLoading` loaded) about `store.options`: every problem it finds, empty when it
    /// accepts them or does not check them (plugin ABI 1.2 `check_options`).
    public typealias StoreOptionsChecking = @Sendable (_ backend: String, _ options: ConfigValue) -> [StoreOptionsProblem]

    private let pluginLoading: PluginLoading?
    private let storeOptionsChecking: StoreOptionsChecking?

    /// Creates a loader; without `pluginLoading`, rules may call no plugin function; without
    /// `storeOptionsChecking`, a plugin store's options are first seen when it opens.
    public init(pluginLoading: PluginLoading? = nil, storeOptionsChecking: StoreOptionsChecking? = nil) {
        self.pluginLoading = pluginLoading
        self.storeOptionsChecking = storeOptionsChecking
    }

    /// Loads the configuration at `path`.
    ///
    /// - Throws: `ConfigurationLoadError.unreadable` when the main file cannot be read, and
    ///   `.invalid` with every diagnostic (sorted, errors and warnings) when any error was found.
    public func load(path: String) throws(ConfigurationLoadError) -> LoadedConfiguration {
        var session = LoadSession()
        switch FileBytes.read(path, maxBytes: YAMLLimits.maxFileBytes) {
        case .failure(.unreadable(let reason)):
            throw .unreadable(path: path, reason: reason)
        case .failure(.tooLarge(let bytes)):
            session.diagnostics.append(LoadSession.tooLarge(path, bytes: bytes))
            session.files.append(path)
        case .success(let bytes):
            session.readFile(path: path, bytes: bytes, isMainFile: true, includeChain: [])
        }
        return try session.finish(pluginLoading: pluginLoading, storeOptionsChecking: storeOptionsChecking)
    }

    /// Loads a configuration from YAML text; `path` names it in diagnostics and anchors relative
    /// paths (includes, plugins, the store file).
    public func load(yaml text: String, path: String) throws(ConfigurationLoadError) -> LoadedConfiguration {
        var session = LoadSession()
        let bytes = Array(text.utf8)
        if bytes.count > YAMLLimits.maxFileBytes {
            session.diagnostics.append(LoadSession.tooLarge(path, bytes: bytes.count))
            session.files.append(path)
        } else {
            session.readFile(path: path, bytes: bytes, isMainFile: true, includeChain: [])
        }
        return try session.finish(pluginLoading: pluginLoading, storeOptionsChecking: storeOptionsChecking)
    }
}

/// A configuration that loaded without errors.
public struct LoadedConfiguration: Sendable {
    /// The validated configuration.
    public var configuration: Configuration
    /// Every rule of the configuration, type-checked and compiled.
    public var rules: RuleBook
    /// Warnings found while loading, sorted by position.
    public var warnings: [Diagnostic]
    /// The texts of the files read, for rendering diagnostics that point into them.
    public var sources: SourceTexts
}

/// Why a configuration did not load.
public enum ConfigurationLoadError: Error, Sendable {
    /// The main file cannot be read (missing, a folder, no permission).
    case unreadable(path: String, reason: String)
    /// The configuration has errors; the error carries all diagnostics.
    case invalid(DiagnosticsError)
}
