import BeckonConfig
import BeckonDiagnostics
import BeckonRuntime

/// Replacing the configuration of a long-running host (the C API's `beckon_reload_path`/`_text`).
///
/// A reload loads and checks the new configuration with its plugins first; only then is it
/// swapped in, atomically: calls in flight finish on the old configuration, later calls decide on
/// the new one, and no answer mixes the two. The store stays the same object, so no state is lost.
extension BeckonEngine {
    /// Replaces the configuration with the file at `path` (with its includes and plugins);
    /// returns its warnings.
    ///
    /// - Throws: `configurationUnreadable`, `invalidConfiguration` (every diagnostic; a
    ///   configuration whose `store:` differs from the one in use is refused with
    ///   `reload.storeChanged`) or `pluginUnavailable`. The old configuration keeps serving.
    @discardableResult
    public func reload(path: String) throws(BeckonError) -> [BeckonDiagnostic] {
        try reload { () throws(ConfigurationLoadError) in try runtimes.reload(configPath: path) }
    }

    /// Replaces the configuration with YAML text (`name` names it in diagnostics and anchors its
    /// relative paths); returns its warnings. Throws as `reload(path:)`.
    @discardableResult
    public func reload(yaml: String, name: String) throws(BeckonError) -> [BeckonDiagnostic] {
        try reload { () throws(ConfigurationLoadError) in try runtimes.reload(yaml: yaml, path: name) }
    }

    private func reload(_ swap: () throws(ConfigurationLoadError) -> [Diagnostic]) throws(BeckonError) -> [BeckonDiagnostic] {
        do {
            return try swap().map(BeckonDiagnostic.init)
        } catch {
            throw BeckonError(error)
        }
    }
}
