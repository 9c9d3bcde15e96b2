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
    /// Its `list_subjects` and `erase_subject` (ABI 1.3), nil when its struct_size does not cover
    /// them or it has neither.
    var subjectData: SubjectDataFunctions?

    /// Never runs two operations of one open store at once (`BECKON_STORE_SERIALIZE`).
    var serializesCalls: Bool { flags & UInt32(BECKON_STORE_SERIALIZE) != 0 }
}

/// A 1.3 store's functions over whole subjects: both or neither (the validator refuses one alone).
struct SubjectDataFunctions: @unchecked Sendable {
    // @unchecked: C function pointers into the plugin's image, which is never unloaded.
    var listSubjects: @convention(c) (UnsafeMutableRawPointer?, beckon_string, Int64, UnsafeMutablePointer<beckon_item_sink>?,
                                      UnsafeMutablePointer<beckon_error>?) -> beckon_status
    var eraseSubject: @convention(c) (UnsafeMutableRawPointer?, beckon_string, Int64, UnsafeMutablePointer<beckon_error>?) -> beckon_status
}
