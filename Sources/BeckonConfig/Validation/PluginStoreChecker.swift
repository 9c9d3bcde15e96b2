import BeckonCore
import BeckonDiagnostics

/// Checks, once the plugins are loaded, that a `store.backend` of the form `PLUGIN.STORE` names a
/// store that a loaded plugin offers: the plugins' own names (when declared without `as:`) are
/// known only then.
struct PluginStoreChecker {
    let assembly: ConfigurationAssembly
    /// The stores the loaded plugins offer, `NAMESPACE.NAME`.
    let offered: [String]
    /// Whether some plugin failed to load: the store may have been its own.
    let somePluginFailed: Bool
    /// Asks the offered store about `store.options`, when the loader can.
    var optionsChecking: ConfigurationLoader.StoreOptionsChecking?

    func check(into diagnostics: inout DiagnosticList) {
        guard case .plugin(let namespace, let name) = assembly.store.backend, let node = assembly.storeBackendNode else { return }
        let qualified = "\(namespace).\(name)"
        if offered.contains(qualified) {
            if let optionsChecking {
                let problems = optionsChecking(qualified, assembly.store.options)
                for problem in problems {
                    diagnostics.append(assembly.storeOptionsLocation.diagnostic(problem, store: qualified, fallback: node.span))
                }
            }
            return
        }
        // Reported already (an undeclared namespace), or unknowable (a plugin that did not load
        // and offers no store of this namespace may be the one that would have).
        if diagnostics.all.contains(where: { $0.span == node.span && $0.severity == .error }) { return }
        let namespaceLoaded = offered.contains { $0.hasPrefix(namespace + ".") }
        if somePluginFailed, !namespaceLoaded { return }
        let known = offered.isEmpty ? "no loaded plugin offers a store" : "loaded plugins offer \(offered.joined(separator: ", "))"
        diagnostics.error(
            "config.value",
            "'store.backend' names the store '\(qualified)', which no loaded plugin offers (\(known))\(NameSuggester.hint(for: qualified, among: offered + ConfigurationValues.builtInStoreBackends))",
            at: node.span
        )
    }
}
