import BeckonClock
public import BeckonConfig
public import BeckonCore
public import BeckonPluginHost
import BeckonDiagnostics
import BeckonSQLite
import Synchronization

/// A configuration, its plugins, its store and a ready engine: what every host (the CLI, the
/// C API) opens.
public struct Runtime: Sendable {
    /// The version of this build of Beckon (the CLI's `--version`, the C API's `beckon_version`).
    public static let version = "0.2.0"

    /// The loaded configuration with its compiled rules and warnings.
    public let loaded: LoadedConfiguration
    /// The configuration's plugins.
    public let plugins: PluginHost
    /// The engine deciding with it.
    public let engine: Engine

    /// Loads the configuration at `configPath` with its plugins, and opens its store.
    ///
    /// - Parameter store: a store to use instead of the configured one (tests, `simulate`).
    public static func open(configPath: String, store: (any Store)? = nil) throws(RuntimeError) -> Runtime {
        let configuration: PluggedConfiguration
        do {
            configuration = try load(configPath: configPath)
        } catch {
            throw .configuration(error)
        }
        return try open(configuration, store: store)
    }

    /// Loads the configuration at `configPath` and its plugins; the rules are checked against
    /// the plugins' conditions. `pins` says whether every plugin entry must be pinned.
    public static func load(configPath: String, pins: PinRequirement = .asConfigured) throws(ConfigurationLoadError) -> PluggedConfiguration {
        let plugins = PluginSlot(pins: pins)
        let loaded = try plugins.loader.load(path: configPath)
        return PluggedConfiguration(loaded: loaded, plugins: plugins.host)
    }

    /// Loads a configuration from YAML text (`path` names it and anchors its relative paths)
    /// and its plugins.
    public static func load(yaml: String, path: String) throws(ConfigurationLoadError) -> PluggedConfiguration {
        let plugins = PluginSlot()
        let loaded = try plugins.loader.load(yaml: yaml, path: path)
        return PluggedConfiguration(loaded: loaded, plugins: plugins.host)
    }

    /// Opens the store of a loaded configuration.
    public static func open(_ configuration: PluggedConfiguration, store: (any Store)? = nil) throws(RuntimeError) -> Runtime {
        let chosen: any Store
        if let store {
            chosen = store
        } else {
            chosen = try openStore(configuration.loaded.configuration.store, plugins: configuration.plugins)
        }
        let engine = Engine(configuration: configuration.loaded.configuration, rules: configuration.loaded.rules, store: chosen)
        return Runtime(loaded: configuration.loaded, plugins: configuration.plugins, engine: engine)
    }

    /// Opens the store of a configuration loaded without plugins.
    public static func open(_ loaded: LoadedConfiguration, store: (any Store)? = nil) throws(RuntimeError) -> Runtime {
        try open(PluggedConfiguration(loaded: loaded, plugins: .empty), store: store)
    }

    /// The store the settings name.
    static func openStore(_ settings: StoreSettings, plugins: PluginHost) throws(RuntimeError) -> any Store {
        do {
            switch settings.backend {
            case .memory:
                return MemoryStore(clock: HostClock.now)
            case .sqlite:
                return try SQLiteStore(path: settings.path, synchronous: settings.synchronous == .full ? .full : .normal,
                                       busyTimeout: settings.busyTimeout)
            case .plugin(let namespace, let store):
                return try plugins.openStore(namespace: namespace, name: store, options: settings.options)
            }
        } catch {
            throw .store(error)
        }
    }
}

/// A configuration that loaded, with the plugins its rules were checked against.
public struct PluggedConfiguration: Sendable {
    public var loaded: LoadedConfiguration
    public var plugins: PluginHost

    /// Pairs a configuration with its plugins.
    public init(loaded: LoadedConfiguration, plugins: PluginHost) {
        self.loaded = loaded
        self.plugins = plugins
    }
}

/// Whether every `plugins:` entry must pin its file (`sha256:`).
public enum PinRequirement: Sendable {
    /// As `plugins.requirePins` says.
    case asConfigured
    /// Always (`beckon check --require-pins`): an unpinned entry is refused.
    case required
    /// Never (`beckon plugins --pin`, which prints the pins to add).
    case notRequired
}

/// Why a runtime could not be opened.
public enum RuntimeError: Error, Sendable {
    /// The configuration did not load (unreadable or invalid).
    case configuration(ConfigurationLoadError)
    /// The store could not be opened.
    case store(StoreError)
}

/// Where the loader's plugin step leaves the plugins it loaded.
private final class PluginSlot: Sendable {
    private let loadedHost = Mutex<PluginHost>(.empty)
    private let pins: PinRequirement

    init(pins: PinRequirement = .asConfigured) {
        self.pins = pins
    }

    var host: PluginHost { loadedHost.withLock { $0 } }

    var loader: ConfigurationLoader {
        ConfigurationLoader(pluginLoading: { configuration in
            let requirePins = switch self.pins {
            case .asConfigured: configuration.requirePluginPins
            case .required: true
            case .notRequired: false
            }
            let (host, diagnostics) = PluginHost.load(configuration.plugins, requirePins: requirePins)
            self.loadedHost.withLock { $0 = host }
            return (host.functions, host.unavailableNamespaces, host.storeNames, diagnostics)
        }, storeOptionsChecking: { backend, options in
            // The plugins the step above just loaded: the store's options are checked at load,
            // each problem at its YAML position, before anything connects.
            self.host.checkOptions(ofStore: backend, options: options).map {
                StoreOptionsProblem(pointer: $0.pointer, atKey: $0.atKey, message: $0.message, secret: $0.secret)
            }
        })
    }
}

extension ConfigurationLoadError {
    /// Whether the configuration failed because a plugin could not be loaded (exit 69), rather
    /// than because it is wrong (exit 65).
    public var isPluginUnavailable: Bool {
        guard case .invalid(let error) = self else { return false }
        return PluginUnavailability.any(in: error.diagnostics)
    }
}
