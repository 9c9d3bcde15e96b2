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
    /// Its `check_options` (ABI 1.2), nil when its struct_size does not cover it or it has none.
    var checkOptions: (@convention(c) (UnsafeMutableRawPointer?, beckon_string, UnsafeMutablePointer<beckon_config_problem_sink>?,
                                       UnsafeMutablePointer<beckon_error>?) -> beckon_status)?

    /// Never runs two operations of one open store at once (`BECKON_STORE_SERIALIZE`).
    var serializesCalls: Bool { flags & UInt32(BECKON_STORE_SERIALIZE) != 0 }
}
