public import BeckonConfig
public import BeckonCore
public import BeckonDiagnostics
import Synchronization

/// A runtime that long-running hosts share and whose configuration can be replaced while they
/// run (`beckon_reload_path`, the Swift library).
///
/// Each call reads `current` once and decides with that runtime to the end, so a reload never
/// mixes two configurations in one answer; calls in flight when a reload happens finish on the
/// old runtime, which lives as long as they hold it. A short read may borrow the serving runtime
/// instead (`withServing`: no lock, no retain), and a reload waits for such reads of the runtime it
/// replaces before letting it go. A reload checks the new configuration with its plugins before
/// swapping it in: one that does not check leaves the old one serving.
///
/// The store is kept across reloads: the new configuration decides over the same store object,
/// so no state is lost or reopened. A configuration whose `store:` differs from the one in use is
/// refused (diagnostic `reload.storeChanged`): a store is chosen when a host opens, not while it
/// runs. A runtime opened over a given store (`keepingStore`) keeps it whatever `store:` says.
public final class ReloadableRuntime: Sendable {
    /// One configuration's runtime as served: a call holds it from start to end. Holding it
    /// costs one reference, where copying a `Runtime` retains each of its parts (hosts that
    /// answer many calls a second read `serving`, not `current`).
    public final class Serving: Sendable {
        /// The runtime.
        public let runtime: Runtime
        /// The constant parts of its tips' `tip.status` answers, for hosts that ask for them as JSON.
        public let tipAnswers: TipAnswerTemplates

        init(_ runtime: Runtime) {
            self.runtime = runtime
            tipAnswers = TipAnswerTemplates(content: runtime.engine.content)
        }
    }

    /// The serving runtime, read with no lock and no retain (`withServing`); a reload swaps in
    /// the next one and releases the old one once no read may still hold it.
    @usableFromInline let served: ReadCopyUpdate<Serving>
    /// Reloads run one at a time, so each checks its store against the runtime it replaces.
    private let reloading = Mutex<Void>(())
    /// Whether the store was given at open (a memory store for tests and `BECKON_STORE_MEMORY`)
    /// rather than opened from the configuration's `store:`.
    private let storeIsGiven: Bool

    /// Serves `runtime`. With `keepingStore`, its store was not opened from its configuration's
    /// `store:` and reloads keep it whatever the new `store:` says.
    public init(_ runtime: Runtime, keepingStore: Bool = false) {
        served = ReadCopyUpdate(Serving(runtime))
        storeIsGiven = keepingStore
    }

    /// Opens the configuration at `configPath` with its plugins and its store (or `store`, which
    /// reloads then keep), ready to serve and to reload.
    public convenience init(configPath: String, store: (any Store)? = nil) throws(RuntimeError) {
        self.init(try Runtime.open(configPath: configPath, store: store), keepingStore: store != nil)
    }

    /// The runtime serving now. Read it once per call and decide with it to the end.
    public var current: Runtime {
        serving.runtime
    }

    /// The runtime serving now, as one reference to hold for a call.
    public var serving: Serving {
        withServing { $0 }
    }

    /// Runs `body` on the runtime serving now, borrowed: no lock and no retain (a reload waits
    /// for `body` to return before it lets that runtime go). For short reads such as the fast
    /// path's: `body` must not reload this runtime, and a long one keeps reloads waiting (read
    /// `serving` to hold a runtime for a longer call).
    @inlinable @inline(__always)
    public func withServing<T>(_ body: (Serving) -> T) -> T {
        served.read(body)
    }

    /// Replaces the configuration with the file at `configPath`; returns its warnings.
    @discardableResult
    public func reload(configPath: String) throws(ConfigurationLoadError) -> [Diagnostic] {
        try reload(try Runtime.load(configPath: configPath), named: configPath)
    }

    /// Replaces the configuration with YAML text (`path` names it and anchors its relative
    /// paths); returns its warnings.
    @discardableResult
    public func reload(yaml: String, path: String) throws(ConfigurationLoadError) -> [Diagnostic] {
        try reload(try Runtime.load(yaml: yaml, path: path), named: path)
    }

    /// Swaps in a configuration that loaded, over the store in use; returns its warnings.
    /// `name` is the file the configuration came from, where a refusal points.
    @discardableResult
    public func reload(_ configuration: PluggedConfiguration, named name: String) throws(ConfigurationLoadError) -> [Diagnostic] {
        try reloading.withLock { _ throws(ConfigurationLoadError) in
            let old = current
            let oldStore = old.loaded.configuration.store, newStore = configuration.loaded.configuration.store
            if !storeIsGiven, oldStore != newStore {
                let refusal = Diagnostic.error(
                    "reload.storeChanged",
                    "the configuration names another store (\(Self.describe(newStore))) than the one in use (\(Self.describe(oldStore))); "
                        + "a reload keeps the store: open a new engine to change it",
                    at: .wholeFile(name))
                throw .invalid(DiagnosticsError(diagnostics: [refusal] + configuration.loaded.warnings, sources: configuration.loaded.sources))
            }
            let engine = Engine(configuration: configuration.loaded.configuration, rules: configuration.loaded.rules, store: old.engine.store)
            let runtime = Runtime(loaded: configuration.loaded, plugins: configuration.plugins, engine: engine)
            let serving = Serving(runtime)
            // Under `reloading`: replacements run one at a time, as `ReadCopyUpdate` asks.
            served.replace(with: serving)
            return configuration.loaded.warnings
        }
    }

    private static func describe(_ settings: StoreSettings) -> String {
        switch settings.backend {
        case .memory: "memory"
        case .sqlite: "sqlite at \(settings.path)"
        case .plugin(let namespace, let store): "plugin store \(namespace).\(store)"
        }
    }
}
