/// The bounds that keep hostile YAML from hanging or exhausting the host.
enum YAMLLimits {
    /// Largest configuration file read, in bytes.
    static let maxFileBytes = 16 * 1024 * 1024
    /// How many nodes aliases may add to a document in total (a "billion laughs" file is far over).
    static let maxAliasExpansion = 100_000
    /// Deepest nesting of mappings and lists.
    static let maxDepth = 256
}
