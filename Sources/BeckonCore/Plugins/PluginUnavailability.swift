public import BeckonDiagnostics

/// The diagnostic codes of plugin loading that mean a plugin is not there to be loaded as the
/// configuration asks (exit 69, like a store that cannot be opened), rather than that the
/// configuration is wrong (exit 65): the one place every host asks.
public enum PluginUnavailability {
    /// The file, its descriptor or its `init` failed, or no installed plugin has the name.
    public static let unavailable = "plugin.unavailable"
    /// The file is not the one the entry pins (`sha256:`).
    public static let integrity = "plugin.integrity"
    /// The plugin is not a version the entry accepts (`version:`).
    public static let version = "plugin.version"

    /// Every such code.
    public static let codes: Set<String> = [unavailable, integrity, version]

    /// Whether any of `diagnostics` says a plugin is unavailable.
    public static func any(in diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { codes.contains($0.code) }
    }
}
