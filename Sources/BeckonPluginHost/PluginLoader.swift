internal import CBeckonPlugin
import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// The steps of loading a configuration's plugins, one declaration at a time, collecting what
/// loaded and a diagnostic for every plugin that did not.
struct PluginLoader {
    init(requirePins: Bool, searchPath: PluginSearchPath?) {
        self.requirePins = requirePins
        self.searchPath = searchPath
    }

    private(set) var plugins: [PluginInfo] = []
    private(set) var functions: [String: RuleSchema.Function] = [:]
    private(set) var stores: [String: StoreEntry] = [:]
    private(set) var instances: [PluginInstance] = []
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var unavailableNamespaces: Set<String> = []
    /// Which declaration took each namespace.
    private var namespaceOwners: [String: String] = [:]
    /// Whether an entry without `sha256:` is refused.
    let requirePins: Bool
    /// Where entries given by `name:` are found; the process's own unless given.
    let searchPath: PluginSearchPath?

    mutating func load(_ declaration: PluginDeclaration) {
        guard let declaration = locate(declaration) else {
            if let namespace = declaration.namespace ?? declaration.lookupName { unavailableNamespaces.insert(namespace) }
            return
        }
        let access = PluginFileAccess.problems(ofFileAt: declaration.path)
        if !access.isEmpty {
            diagnostics.append(.warning("plugin.permissions", "plugin '\(declaration.writtenPath)': \(access.joined(separator: "; ")): "
                + "whoever can change the file runs code in this process", at: declaration.span))
        }
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
        if let versions = declaration.versions, let problem = PluginFinder.versionProblem(versions.value, descriptor.version) {
            diagnostics.append(.error(PluginUnavailability.version, "\(label) \(problem)", at: versions.span))
            unavailableNamespaces.insert(declaration.namespace ?? descriptor.name)
            return
        }
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
        plugins.append(PluginInfo(descriptor, declaration: declaration, namespace: namespace))
        PluginCrashReport.register(path: declaration.path, name: namespace)
        let timeLimit = declaration.callTimeLimit.map { CallTimeLimit(milliseconds: $0, plugin: namespace) }
        for condition in descriptor.conditions {
            let qualified = "\(namespace).\(condition.name)"
            let gate = instance.gate ?? (condition.serializesCalls ? CallGate() : nil)
            let implementation = PluginCondition(raw: condition.raw, instance: instance, qualifiedName: qualified,
                                                 parameters: condition.parameters, gate: gate, timeLimit: timeLimit)
            functions[qualified] = RuleSchema.Function(parameters: condition.parameters, result: condition.result,
                                                       implementation: implementation)
        }
        for store in descriptor.stores {
            stores["\(namespace).\(store.name)"] = StoreEntry(descriptor: store, instance: instance)
        }
    }

    /// The entry with the file to open, once the pin policy, the lookup by name and the pin
    /// allow it; nil (with a diagnostic) when they do not. No file is opened here except, for a
    /// lookup by name, the candidates whose descriptor must be read.
    private mutating func locate(_ declaration: PluginDeclaration) -> PluginDeclaration? {
        var declaration = declaration
        let label = "plugin '\(declaration.lookupName ?? declaration.writtenPath)'"
        if requirePins, declaration.sha256 == nil {
            diagnostics.append(.error("plugin.unpinned", "\(label) has no 'sha256:', and pins are required (plugins.requirePins or --require-pins): "
                + "`beckon plugins --pin` prints the digest to pin after review", at: declaration.span))
            return nil
        }
        if let name = declaration.lookupName {
            switch PluginFinder(searchPath: searchPath ?? .standard()).file(for: declaration, named: name) {
            case .found(let file):
                (declaration.path, declaration.writtenPath) = (file, file)
                return declaration
            case .refused(let diagnostic):
                diagnostics.append(diagnostic)
                return nil
            }
        }
        guard let pin = declaration.sha256 else { return declaration }
        switch FileDigest.sha256(ofFile: declaration.path) {
        case .failure(let problem):
            unavailable("\(label): \(problem.clause)", declaration)
            return nil
        case .success(let actual) where actual != pin.hex:
            diagnostics.append(.error(PluginUnavailability.integrity, "\(label) is not the file its pin names: its sha256 is \(PinnedDigest.short(actual, beside: pin.hex)), "
                + "the entry pins \(PinnedDigest.short(pin.hex, beside: actual)); it was not opened", at: pin.span))
            return nil
        case .success:
            return declaration
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
