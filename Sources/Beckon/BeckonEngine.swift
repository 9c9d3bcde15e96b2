import BeckonClock
import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import BeckonRuntime
import FoundationEssentials

/// A configuration, its plugins and its store, deciding for a Swift host: tips, groups,
/// scenarios, what's new, parameters and donations, with typed answers.
///
/// Open one per configuration and share it (`reload` replaces its configuration while it serves):
/// every method may be called from any thread at once, and each operation on a subject is atomic
/// (one winner when threads race to display a tip or run a scenario, also across processes sharing
/// a SQLite store). Methods throw `BeckonError`; nothing is written when one is thrown.
public final class BeckonEngine: Sendable {
    /// Where state is kept.
    public enum Storage: Sendable, Hashable {
        /// The configuration's `store:` (SQLite by default, or a plugin's store).
        case configured
        /// In this process's memory, gone when the engine is released (tests, previews).
        case memory
    }

    /// The serving configuration's warnings (a valid configuration may have some), in reading
    /// order; after a `reload`, the new configuration's.
    public var warnings: [BeckonDiagnostic] {
        runtimes.current.loaded.warnings.map(BeckonDiagnostic.init)
    }

    /// The runtime serving calls, replaced as a whole by `reload` (BeckonEngine+Reload.swift).
    /// Every call reads it once, in `decide`, so a call never mixes two configurations.
    let runtimes: ReloadableRuntime

    /// Opens the configuration at `path` (with its includes and plugins) and its store.
    ///
    /// - Throws: `configurationUnreadable`, `invalidConfiguration`, `pluginUnavailable` or
    ///   `storeUnavailable`.
    public convenience init(path: String, storage: Storage = .configured) throws(BeckonError) {
        try self.init(storage: storage) { () throws(ConfigurationLoadError) in try Runtime.load(configPath: path) }
    }

    /// Opens a configuration given as YAML text; `name` names it in diagnostics and anchors its
    /// relative paths (includes, plugins, the SQLite file).
    public convenience init(yaml: String, name: String, storage: Storage = .configured) throws(BeckonError) {
        try self.init(storage: storage) { () throws(ConfigurationLoadError) in try Runtime.load(yaml: yaml, path: name) }
    }

    private init(storage: Storage, load: () throws(ConfigurationLoadError) -> PluggedConfiguration) throws(BeckonError) {
        let configuration: PluggedConfiguration
        do {
            configuration = try load()
        } catch {
            throw BeckonError(error)
        }
        do {
            let opened = try Runtime.open(configuration, store: storage == .memory ? MemoryStore(clock: HostClock.now) : nil)
            // A memory store was given, not opened from `store:`: reloads keep it whatever `store:` says.
            runtimes = ReloadableRuntime(opened, keepingStore: storage == .memory)
        } catch {
            switch error {
            case .store(let failure): throw .storeUnavailable(failure.message)
            case .configuration(let loadError): throw BeckonError(loadError)
            }
        }
    }

    /// The version of this build of Beckon.
    public static var version: String { Runtime.version }

    // MARK: Running operations

    /// Runs an engine operation for `request`, with the request checked against the
    /// configuration first, and engine errors turned into the library's.
    func decide<T>(_ request: BeckonRequest,
                   _ body: (Engine, DecisionRequest) throws(EngineError) -> T) throws(BeckonError) -> T {
        // Read once: the whole call decides with the configuration serving now.
        let engine = runtimes.serving.runtime.engine
        let decision = try RequestResolver.resolve(request, for: engine.configuration)
        do {
            return try body(engine, decision)
        } catch {
            throw BeckonError(error)
        }
    }
}
