internal import CBeckonPlugin

/// One validated store backend of a plugin.
///
/// `@unchecked Sendable`: `raw` points at the plugin's static, immutable store descriptor,
/// which stays mapped for the life of the process (plugins are never closed).
struct StoreDescriptor: @unchecked Sendable {
    /// The name after the namespace in `store.backend`.
    var name: String
    /// `BECKON_STORE_` capability bits (shown, never checked).
    var capabilities: UInt32
    /// `BECKON_STORE_` flags.
    var flags: UInt32
    /// One line for `beckon plugins`, when it gives one.
    var summary: String?
    /// The descriptor itself, for `open`, `close`, `load`, `commit` and `read_log`.
    var raw: UnsafePointer<beckon_store>

    /// Never runs two operations of one open store at once (`BECKON_STORE_SERIALIZE`).
    var serializesCalls: Bool { flags & UInt32(BECKON_STORE_SERIALIZE) != 0 }
}
