internal import CBeckonPlugin

/// The size of each plugin-filled struct as ABI 1.0 defined it; the host refuses anything smaller.
///
/// Computed like the header's `BECKON_*_SIZE_1_0` macros (the offset of the last 1.0 field plus its
/// size), which Swift cannot import because they use `offsetof`. Unlike `MemoryLayout.size`, these
/// stay the 1.0 sizes when a later minor appends fields to the structs.
enum ABISizes {
    /// `BECKON_PLUGIN_SIZE_1_0`.
    static let plugin = MemoryLayout<beckon_plugin>.offset(of: \.store_count)! + MemoryLayout<Int>.size
    /// `BECKON_CONDITION_SIZE_1_0`.
    static let condition = MemoryLayout<beckon_condition>.offset(of: \.unbind)! + MemoryLayout<UnsafeRawPointer>.size
    /// `BECKON_STORE_SIZE_1_0`.
    static let store = MemoryLayout<beckon_store>.offset(of: \.read_log)! + MemoryLayout<UnsafeRawPointer>.size
    /// `BECKON_STORE_SIZE_1_2`: a store this large has `check_options`.
    static let store12 = MemoryLayout<beckon_store>.offset(of: \.check_options)! + MemoryLayout<UnsafeRawPointer>.size
    /// `BECKON_STORE_SIZE_1_3`: a store this large has `list_subjects` and `erase_subject`.
    static let store13 = MemoryLayout<beckon_store>.offset(of: \.erase_subject)! + MemoryLayout<UnsafeRawPointer>.size
    /// `BECKON_CONFIG_PROBLEM_SIZE_1_1`: the smallest problem the host reads (no `flags`).
    static let configProblem = MemoryLayout<beckon_config_problem>.offset(of: \.message)! + MemoryLayout<beckon_string>.size
}
