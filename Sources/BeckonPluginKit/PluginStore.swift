import CBeckonPlugin

/// One store backend of a plugin: its name, what it offers, and the Swift type that implements
/// it. The kit turns it into a static `beckon_store` with generated callbacks.
///
/// ```swift
/// PluginStore("memory", summary: "Process memory; gone at exit.", backend: MemoryBackend.self)
/// ```
public struct PluginStore: Sendable {
    /// The name after the namespace in `store.backend` ([A-Za-z][A-Za-z0-9_-]*).
    public var name: String
    /// One line for `beckon plugins`.
    public var summary: String?
    /// What `beckon plugins` shows about it (the host checks none of them).
    public var capabilities: PluginStoreCapabilities
    /// Whether the host must run one operation of an open store at a time (`BECKON_STORE_SERIALIZE`).
    public var serialized: Bool
    /// Whether the backend is a `PluginSubjectDataBackend` (ABI 1.3 `list_subjects`, `erase_subject`).
    public let offersSubjectData: Bool
    /// Creates the backend from its options: `Backend.init(options:)`.
    let open: @Sendable (String) throws(PluginError) -> any PluginStoreBackend
    /// Every problem of the options (canonical JSON), when the store checks them at load.
    let checkOptions: (@Sendable (String) -> [PluginConfigProblem])?

    /// Declares a store implemented by `backend`.
    ///
    /// - Parameters:
    ///   - name: the store's name; a configuration selects it as `store.backend: PLUGIN.NAME`.
    ///   - summary: one line saying what it keeps and where (`beckon plugins` prints it).
    ///   - capabilities: what the store offers beyond the contract's core.
    ///   - serialized: whether the host must run one operation of an open store at a time.
    ///   - backend: the type the host opens, with `init(options:)`, for each configuration.
    ///   - checkOptions: returns every problem of `store.options` (canonical JSON, `null`
    ///     when absent), each at a value or at a key of the options (ABI 1.2 `check_options`): the
    ///     host shows them at their YAML positions when the configuration loads, before any
    ///     `open`. Mark a problem `secret` when the value it names must never be shown. `open`
    ///     still gets the same options (hosts older than 1.2 never call this).
    public init<Backend: PluginStoreBackend>(_ name: String, summary: String? = nil, capabilities: PluginStoreCapabilities = [],
                                             serialized: Bool = false, backend: Backend.Type,
                                             checkOptions: (@Sendable (_ options: String) -> [PluginConfigProblem])? = nil) {
        self.name = name
        self.summary = summary
        self.capabilities = capabilities
        self.serialized = serialized
        self.offersSubjectData = Backend.self is any PluginSubjectDataBackend.Type
        self.open = { options throws(PluginError) in try Backend(options: options) }
        self.checkOptions = checkOptions
    }
}

/// The `BECKON_STORE_` capability bits.
public struct PluginStoreCapabilities: OptionSet, Hashable, Sendable {
    /// The bits, as `beckon_store.capabilities` holds them.
    public let rawValue: UInt32

    /// Creates capabilities from their bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// An acknowledged commit survives a crash.
    public static let durable = PluginStoreCapabilities(rawValue: BECKON_STORE_DURABLE)
    /// Several processes on one host may share it.
    public static let sharedAcrossProcesses = PluginStoreCapabilities(rawValue: BECKON_STORE_SHARED_ACROSS_PROCESSES)
    /// Several hosts may share it (a server).
    public static let sharedAcrossHosts = PluginStoreCapabilities(rawValue: BECKON_STORE_SHARED_ACROSS_HOSTS)
    /// It expires idle subjects by itself.
    public static let ttl = PluginStoreCapabilities(rawValue: BECKON_STORE_TTL)
}
