internal import CBeckonPlugin
import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// The steps of loading a configuration's plugins, one declaration at a time, collecting what
/// loaded and a diagnostic for every plugin that did not.
struct PluginLoader {
    private(set) var plugins: [PluginInfo] = []
    private(set) var functions: [String: RuleSchema.Function] = [:]
    private(set) var stores: [String: StoreEntry] = [:]
    private(set) var instances: [PluginInstance] = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var unavailableNamespaces: Set<String> = []
    /// Which declaration took each namespace.
    private var namespaceOwners: [String: String] = [:]

    mutating func load(_ declaration: PluginDeclaration) {
        let descriptor: PluginDescriptor
        switch PluginLibrary.load(path: declaration.path, writtenPath: declaration.writtenPath, host: HostServices.table,
                                  nameIsNamespace: declaration.namespace == nil) {
        case .failure(let failure):
            for message in failure.messages { unavailable(message, declaration) }
            if let namespace = declaration.namespace { unavailableNamespaces.insert(namespace) }
            return
        case .success(let loaded):
            descriptor = loaded
        }
        let label = "plugin '\(declaration.writtenPath)'"
        let namespace = declaration.namespace ?? descriptor.name
        if let owner = namespaceOwners[namespace] {
            let hint = declaration.namespace == nil ? "; give one of them another with 'as:'" : ""
            diagnostics.append(.error("plugin.duplicate", "\(label): namespace '\(namespace)' is already taken by plugin '\(owner)'\(hint)", at: declaration.span))
            return
        }
        let config = CanonicalJSON.text(declaration.config)
        guard validateConfig(descriptor, config, declaration, label),
              let state = initialize(descriptor, config, declaration, label) else {
            unavailableNamespaces.insert(namespace)
            return
        }
        namespaceOwners[namespace] = declaration.writtenPath
        let instance = PluginInstance(descriptor: descriptor, state: state)
        instances.append(instance)
        plugins.append(PluginInfo(descriptor, path: declaration.writtenPath, namespace: namespace))
        for condition in descriptor.conditions {
            let qualified = "\(namespace).\(condition.name)"
            let gate = instance.gate ?? (condition.serializesCalls ? CallGate() : nil)
            let implementation = PluginCondition(raw: condition.raw, instance: instance, qualifiedName: qualified,
                                                 parameters: condition.parameters, gate: gate)
            functions[qualified] = RuleSchema.Function(parameters: condition.parameters, result: condition.result,
                                                       implementation: implementation)
        }
        for store in descriptor.stores {
            stores["\(namespace).\(store.name)"] = StoreEntry(descriptor: store, instance: instance)
        }
    }

    /// Asks the plugin about its config (`check_config`, else `validate_config`); each problem is
    /// shown at the value, or the key, its JSON pointer names.
    private mutating func validateConfig(_ descriptor: PluginDescriptor, _ config: String, _ declaration: PluginDeclaration,
                                         _ label: String) -> Bool {
        let problems = ConfigCheck.problems(descriptor, config: config)
        for problem in problems {
            let keySpan = problem.atKey ? declaration.configKeySpans[problem.pointer] : nil
            let span = keySpan ?? declaration.configSpans[problem.pointer] ?? declaration.configSpans[""] ?? declaration.span
            let location = problem.pointer.isEmpty ? "" : " at \(problem.pointer)"
            var diagnostic = Diagnostic.error("plugin.config", "\(label) refused its config\(location): \(problem.message)", at: span)
            if problem.secret {
                // BECKON_CONFIG_PROBLEM_SECRET (1.2): the excerpt never shows the value.
                diagnostic.secret = declaration.configSpans[problem.pointer]
                    ?? SourceSpan(file: span.file, start: span.start, end: SourcePosition(line: span.start.line, column: Int.max))
            }
            diagnostics.append(diagnostic)
        }
        return problems.isEmpty
    }

    /// Calls the plugin's `init`; nil (with a diagnostic) when it fails.
    private mutating func initialize(_ descriptor: PluginDescriptor, _ config: String, _ declaration: PluginDeclaration,
                                     _ label: String) -> UnsafeMutableRawPointer?? {
        guard let initialize = descriptor.contents.`init` else { return .some(nil) }
        var state: UnsafeMutableRawPointer?
        let failure: String? = CallGate.lifecycle.run {
            withView(config) { view in
                CError.with { error in
                    let status = initialize(HostServices.table, view, &state, error)
                    return status == BECKON_OK ? nil : CError.message(error, status: status)
                }
            }
        }
        if let failure {
            unavailable("\(label): init failed: \(failure)", declaration)
            return nil
        }
        return .some(state)
    }

    private mutating func unavailable(_ message: String, _ declaration: PluginDeclaration) {
        diagnostics.append(.error("plugin.unavailable", message, at: declaration.span))
    }
}

/// A borrowed view of `text` for the duration of `body`.
func withView<R>(_ text: String, _ body: (beckon_string) -> R) -> R {
    var text = text
    return text.withUTF8 { bytes in
        body(beckon_string(ptr: UnsafeRawPointer(bytes.baseAddress)?.assumingMemoryBound(to: CChar.self), len: bytes.count))
    }
}
