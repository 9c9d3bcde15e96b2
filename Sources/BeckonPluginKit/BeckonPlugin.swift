public import CBeckonPlugin
import Synchronization

/// A Beckon plugin written in Swift: its descriptor declared with Swift values, turned once into
/// the static `beckon_plugin` that the entry point returns, with every C callback generated.
///
/// BeckonPluginKit is for plugin authors who write Swift instead of C; the plugin is still a
/// `.so` built against `beckon_plugin.h` (module `CBeckonPlugin`) and loaded by any Beckon host.
/// Declare the plugin once, as a global, and export the entry point **from the plugin's own
/// target** — a library cannot export it for you, because the symbol must be in the `.so`
/// the host opens:
///
/// ```swift
/// import BeckonPluginKit
/// public import CBeckonPlugin
///
/// let plugin = BeckonPlugin(name: "memstore", version: "1.0.0", summary: "Stores in memory.",
///                           stores: [PluginStore("memory", backend: MemoryBackend.self)])
///
/// @_cdecl("beckon_plugin_entry_v1")
/// public func beckonPluginEntry(_ host: UnsafePointer<beckon_host>?) -> UnsafePointer<beckon_plugin>? {
///     plugin.entry(host)
/// }
///
/// // Fails to compile if the entry ever drifts from the header's `beckon_plugin_entry_fn`.
/// private let entryMatchesHeader: beckon_plugin_entry_fn = beckonPluginEntry
/// ```
///
/// In `Package.swift`, build the target as a dynamic library product
/// (`.library(name: "my-plugin", type: .dynamic, targets: ["MyPlugin"])`), which gives
/// `.build/release/libmy-plugin.so`.
///
/// **Toolchains.** A Swift plugin links the Swift runtime dynamically by default. Loaded into a
/// host that is itself written in Swift (the `beckon` CLI), both share one runtime, so the plugin
/// must be built by the same Swift toolchain as the host. To ship a plugin that does not depend
/// on the host's toolchain, link its runtime statically:
/// `swift build -c release -Xswiftc -static-stdlib`.
///
/// **Safety.** The generated callbacks catch every `PluginError` and hand the host a status and
/// a message; the kit's closures and protocols can throw nothing else. A Swift runtime trap
/// (a force unwrap of nil, an index out of range, an overflow) cannot be caught: it ends the
/// host process, so plugin code must not trap.
///
/// **Limits.** One plugin image holds at most 8 stores and 32 conditions, over all the
/// `BeckonPlugin` values it creates (the ABI does not tell `open` and `bind` which descriptor
/// they belong to, so each gets one of a fixed set of generated callbacks).
public final class BeckonPlugin: Sendable {
    /// Its default namespace ([A-Za-z][A-Za-z0-9_-]*).
    public let name: String
    /// Its own version ("1.4.0").
    public let version: String
    /// One line for `beckon plugins`.
    public let summary: String?
    /// Whether the host must run one call into the plugin at a time (`BECKON_PLUGIN_SERIALIZE`).
    public let serialized: Bool
    /// The lowest host ABI minor the plugin works with.
    public let minHostMinor: UInt32
    /// Its conditions, in order.
    public let conditions: [PluginCondition]
    /// Its store backends, in order.
    public let stores: [PluginStore]
    let validateConfig: (@Sendable (String) throws(PluginError) -> Void)?
    let checkConfig: (@Sendable (String) -> [PluginConfigProblem])?
    let setUp: (@Sendable (String, PluginHostServices) throws(PluginError) -> Void)?
    let shutdown: (@Sendable () -> Void)?
    /// The descriptor's address, or why it could not be built.
    private let built: Result<UInt, PluginError>

    /// Declares a plugin and builds its descriptor (once: create it as a global).
    ///
    /// - Parameters:
    ///   - name: the plugin's name: the default namespace of its functions in rules, and the
    ///     name a configuration's `plugins:` entry finds it by.
    ///   - version: its semantic version, which entries' `version:` ranges are matched against.
    ///   - summary: one line saying what it offers (`beckon plugins` prints it).
    ///   - serialized: whether the host must call it one call at a time (`BECKON_PLUGIN_SERIALIZE`).
    ///   - minHostMinor: the lowest host ABI 1.x minor it works with.
    ///   - conditions: its conditions, in order.
    ///   - stores: its store backends, in order.
    ///   - validateConfig: checks the YAML `config:` subtree (canonical JSON, `null` when absent)
    ///     before anything else runs; throw `.invalidArgument(message, jsonPointer:)` to have the
    ///     host show the message at the offending value.
    ///   - checkConfig: instead of `validateConfig`, returns every problem of the config, each at
    ///     a value or at a key (ABI 1.1 `check_config`; a 1.0 host is shown the first one).
    ///   - setUp: called once after validation with the config and the host's services.
    ///   - shutdown: called once at exit.
    public init(name: String, version: String, summary: String? = nil, serialized: Bool = false, minHostMinor: UInt32 = 0,
                conditions: [PluginCondition] = [], stores: [PluginStore] = [],
                validateConfig: (@Sendable (_ config: String) throws(PluginError) -> Void)? = nil,
                checkConfig: (@Sendable (_ config: String) -> [PluginConfigProblem])? = nil,
                setUp: (@Sendable (_ config: String, _ host: PluginHostServices) throws(PluginError) -> Void)? = nil,
                shutdown: (@Sendable () -> Void)? = nil) {
        self.name = name
        self.version = version
        self.summary = summary
        self.serialized = serialized
        self.minHostMinor = minHostMinor
        self.conditions = conditions
        self.stores = stores
        self.validateConfig = validateConfig
        self.checkConfig = checkConfig
        self.setUp = setUp
        self.shutdown = shutdown
        built = DescriptorBuilder.build(name: name, version: version, summary: summary, serialized: serialized, minHostMinor: minHostMinor,
                                        conditions: conditions, stores: stores, validatesConfig: validateConfig != nil || checkConfig != nil,
                                        checksConfig: checkConfig != nil)
            .map { UInt(bitPattern: $0) }
    }

    /// The static descriptor (allocated once, never freed). Throws when it could not be built:
    /// more stores or conditions than the kit has callbacks for.
    public var descriptor: UnsafePointer<beckon_plugin> {
        get throws(PluginError) {
            // The address came from a pointer, so it is never 0.
            try UnsafePointer(bitPattern: built.get())!
        }
    }

    /// What `beckon_plugin_entry_v1` returns: the descriptor, or NULL after logging why through
    /// the host. Makes this the plugin whose `validateConfig`, `setUp` and `shutdown` run.
    public func entry(_ host: UnsafePointer<beckon_host>?) -> UnsafePointer<beckon_plugin>? {
        do {
            let descriptor = try descriptor
            PluginRuntime.active.withLock { $0 = self }
            return descriptor
        } catch {
            if let host { PluginHostServices(host, pluginName: name).log(.error, error.message) }
            return nil
        }
    }
}
