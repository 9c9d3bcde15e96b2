internal import CBeckonPlugin

/// A plugin's descriptor after validation: every required field present and well formed.
///
/// `@unchecked Sendable`: `raw` points at the plugin's static, immutable descriptor, which the
/// host never frees (plugins are never closed), so sharing the pointer across threads is safe.
struct PluginDescriptor: @unchecked Sendable {
    /// The plugin file, as the configuration wrote it.
    var path: String
    /// Its default namespace (`name`).
    var name: String
    /// Its own version (`version`).
    var version: String
    /// One line for `beckon plugins`, when it gives one.
    var summary: String?
    /// The ABI version it was compiled against.
    var abiMajor: UInt32
    var abiMinor: UInt32
    /// The lowest host minor it works with.
    var minHostMinor: UInt32
    /// `BECKON_PLUGIN_` flags.
    var flags: UInt32
    /// Its conditions, in the descriptor's order.
    var conditions: [ConditionDescriptor]
    /// Its store backends, in the descriptor's order.
    var stores: [StoreDescriptor]
    /// The descriptor itself, where the plugin keeps it.
    var raw: UnsafePointer<beckon_plugin>
    /// A copy of the descriptor as this host's struct, for the calls (`validate_config`,
    /// `check_config`, `init`, `shutdown`): the bytes the plugin's `struct_size` covers, the rest
    /// zero, so that a field added after the plugin's minor reads as NULL and the host never
    /// reads past the end of an older plugin's struct.
    var contents: beckon_plugin

    /// Whether the host must run the plugin's calls one at a time (`BECKON_PLUGIN_SERIALIZE`).
    var serializesCalls: Bool { flags & UInt32(BECKON_PLUGIN_SERIALIZE) != 0 }
}
