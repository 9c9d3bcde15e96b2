import BeckonContent
import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// The state of one load: files read so far, the assembly they feed, and the diagnostics.
struct LoadSession {
    var assembly = ConfigurationAssembly()
    var diagnostics = DiagnosticList()
    var sources = SourceTexts()
    var files: [String] = []
    /// Canonical paths already read, so a file included twice is read once.
    private var readCanonicalPaths: Set<String> = []
    /// The trees of the files read, freed on another processor while the load finishes.
    private var treeRelease = TreeRelease()

    /// Parses and validates one file, then follows its includes.
    mutating func readFile(path: String, bytes: [UInt8], isMainFile: Bool, includeChain: [String]) {
        files.append(path)
        if let canonical = FileBytes.canonicalPath(path) { readCanonicalPaths.insert(canonical) }
        let text = String(decoding: bytes, as: UTF8.self)
        sources.add(file: path, text: text)
        let (root, yamlDiagnostics) = YAMLDocumentReader(file: path).read(bytes)
        diagnostics.append(contentsOf: yamlDiagnostics)
        guard let root else {
            if yamlDiagnostics.isEmpty {
                let message = isMainFile
                    ? "the configuration is empty; it needs at least 'version: \(ConfigFileReader.supportedFormatVersion)'"
                    : "the included file is empty"
                diagnostics.error("config.empty", message, at: .wholeFile(path))
            }
            return
        }
        guard case .mapping(let pairs) = root.content else {
            diagnostics.error("config.notMapping", "the configuration must be a mapping of keys (version, tips, events, …), not \(root.kindDescription)", at: root.span)
            return
        }
        var reader = ConfigFileReader(file: path, isMainFile: isMainFile, source: SourceLines(text: text), assembly: assembly)
        reader.read(root: root)
        assembly = reader.assembly
        diagnostics.append(contentsOf: reader.reader.diagnostics.all)
        if let include = pairs.first(where: { $0.key.scalarText == "include" })?.value {
            followIncludes(include, from: path, source: reader.source, includeChain: includeChain + [FileBytes.canonicalPath(path) ?? path])
        }
        treeRelease.keep(root, bytes: bytes.count)
    }

    private mutating func followIncludes(_ node: YAMLNode, from path: String, source: SourceLines, includeChain: [String]) {
        let items: [YAMLNode]
        switch node.content {
        case .sequence(let list): items = list
        case .scalar: items = [node]
        case .mapping:
            diagnostics.error("config.type", "'include' must be a file name or a list of them, not a mapping", at: node.span)
            return
        }
        for item in items {
            guard let written = item.scalarText, !item.isNull else {
                diagnostics.error("config.type", "an item of 'include' must be a file name, not \(item.kindDescription)", at: item.span)
                continue
            }
            if let problem = NodeReader.nulCharacter(in: written, of: item, "an item of 'include'", source: source) {
                diagnostics.append(problem)
                continue
            }
            let includedPath = PathResolver.resolve(written, relativeTo: path)
            let canonical = FileBytes.canonicalPath(includedPath)
            if let canonical, let cycleStart = includeChain.firstIndex(of: canonical) {
                let cycle = (includeChain[cycleStart...] + [canonical]).map(Self.shortName).joined(separator: " → ")
                diagnostics.error("config.includeCycle", "including '\(written)' makes a cycle: \(cycle)", at: item.span)
                continue
            }
            if let canonical, readCanonicalPaths.contains(canonical) { continue }
            switch FileBytes.read(includedPath, maxBytes: YAMLLimits.maxFileBytes) {
            case .failure(.unreadable(let reason)):
                diagnostics.error("config.include", "cannot include '\(written)': \(reason)", at: item.span)
            case .failure(.tooLarge(let bytes)):
                diagnostics.append(Self.tooLarge(includedPath, bytes: bytes, at: item.span))
            case .success(let bytes):
                readFile(path: includedPath, bytes: bytes, isMainFile: false, includeChain: includeChain)
            }
        }
    }

    /// Checks references across all files and returns the result or every diagnostic.
    mutating func finish(pluginLoading: ConfigurationLoader.PluginLoading?,
                         storeOptionsChecking: ConfigurationLoader.StoreOptionsChecking? = nil) throws(ConfigurationLoadError) -> LoadedConfiguration {
        treeRelease.start()
        defer { treeRelease.wait() }
        assembly.files = files
        ReferenceChecker(assembly: assembly).check(into: &diagnostics)
        ContentLocaleChecker(defaultLocale: assembly.defaultLocale, reports: !assembly.defaultLocaleIsInvalid)
            .check(&assembly, into: &diagnostics)
        let configuration = assembly.configuration
        // Translations are worth a warning once the configuration is otherwise right: a mapping
        // refused above would make every other text look untranslated.
        if configuration.locales.count > 1, !diagnostics.hasErrors {
            diagnostics.append(contentsOf: TranslationCoverage(configuration).warnings)
        }
        var functions: [String: RuleSchema.Function] = [:]
        var unavailableNamespaces: Set<String> = []
        // Loaded even when other parts have errors, so that rules calling plugins are checked
        // and every problem is reported at once.
        if let pluginLoading {
            let plugins = pluginLoading(configuration)
            functions = plugins.functions
            unavailableNamespaces = plugins.unavailableNamespaces
            diagnostics.append(contentsOf: plugins.diagnostics)
            PluginStoreChecker(assembly: assembly, offered: plugins.stores,
                               somePluginFailed: PluginUnavailability.any(in: plugins.diagnostics),
                               optionsChecking: storeOptionsChecking)
                .check(into: &diagnostics)
        }
        let (rules, ruleDiagnostics) = RuleBook.compile(configuration, functions: functions, unavailableNamespaces: unavailableNamespaces,
                                                        chunks: ChunkThreads.processorCount, runner: ChunkThreads.runner,
                                                        messages: ICUMessageCompiler())
        diagnostics.append(contentsOf: ruleDiagnostics)
        let sorted = diagnostics.sorted(fileOrder: files)
        if sorted.containsErrors {
            throw .invalid(DiagnosticsError(diagnostics: sorted, sources: sources))
        }
        return LoadedConfiguration(configuration: configuration, rules: rules, warnings: sorted, sources: sources)
    }

    static func tooLarge(_ path: String, bytes: Int, at span: SourceSpan? = nil) -> Diagnostic {
        let mebibytes = Double(bytes) / 1_048_576
        // Rounded up, so that a file just over the limit does not read as "16.0 MiB".
        let shown = (mebibytes * 10).rounded(.up) / 10
        return .error("config.fileTooLarge", "'\(path)' is \(shown) MiB; a configuration file may be at most \(YAMLLimits.maxFileBytes / 1_048_576) MiB", at: span ?? .wholeFile(path))
    }

    private static func shortName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
