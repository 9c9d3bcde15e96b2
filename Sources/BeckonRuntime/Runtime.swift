public import BeckonConfig
public import BeckonCore
import BeckonSQLite

/// A configuration, its store and a ready engine: what every host (the CLI, the C API) opens.
public struct Runtime: Sendable {
    /// The loaded configuration with its compiled rules and warnings.
    public let loaded: LoadedConfiguration
    /// The engine deciding with it.
    public let engine: Engine

    /// Loads the configuration at `configPath` and opens its store.
    ///
    /// - Parameter store: a store to use instead of the configured one (tests, `simulate`).
    public static func open(configPath: String, store: (any Store)? = nil) throws(RuntimeError) -> Runtime {
        let loaded: LoadedConfiguration
        do {
            loaded = try ConfigurationLoader().load(path: configPath)
        } catch {
            throw .configuration(error)
        }
        return try open(loaded, store: store)
    }

    /// Opens the store of an already loaded configuration.
    public static func open(_ loaded: LoadedConfiguration, store: (any Store)? = nil) throws(RuntimeError) -> Runtime {
        let chosen: any Store
        if let store {
            chosen = store
        } else {
            chosen = try openStore(loaded.configuration.store)
        }
        return Runtime(loaded: loaded, engine: Engine(configuration: loaded.configuration, rules: loaded.rules, store: chosen))
    }

    /// The store the settings name.
    static func openStore(_ settings: StoreSettings) throws(RuntimeError) -> any Store {
        switch settings.backend {
        case .memory:
            return MemoryStore()
        case .sqlite:
            do {
                return try SQLiteStore(path: settings.path, synchronous: settings.synchronous == .full ? .full : .normal,
                                       busyTimeout: settings.busyTimeout)
            } catch {
                throw .store(error)
            }
        case .plugin(let namespace, let store):
            throw .store(StoreError(.unavailable, "store '\(namespace).\(store)' comes from a plugin, and plugins are not loaded yet"))
        }
    }
}

/// Why a runtime could not be opened.
public enum RuntimeError: Error, Sendable {
    /// The configuration did not load (unreadable or invalid).
    case configuration(ConfigurationLoadError)
    /// The store could not be opened.
    case store(StoreError)
}
