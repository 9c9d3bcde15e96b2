import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// Validates the root mapping of one configuration file into the shared assembly.
struct ConfigFileReader {
    static let supportedFormatVersion = ConfigurationValues.formatVersion

    let file: String
    /// Whether this is the main file (only it must say `version:`).
    let isMainFile: Bool
    /// The file's text, for locating the characters of rules.
    let source: SourceLines
    var reader = NodeReader()
    var assembly: ConfigurationAssembly
    /// From this many tips on, their fields are read in chunks on the processors (nil: never);
    /// by default from 512 when there is more than one processor.
    var concurrentTipsFrom: Int? = ChunkThreads.processorCount > 1 ? 512 : nil

    /// Reads every section of `root` except `include` (the loader follows includes itself).
    mutating func read(root: YAMLNode) {
        guard let fields = reader.fields(root, "the configuration", keys: ConfigurationKeys.topLevel.keys,
                                         required: isMainFile ? ConfigurationKeys.topLevel.required : []) else { return }
        if let node = fields["version"] { readFormatVersion(node) }
        if let pair = fields.pair("app") { readApp(pair.value, keySpan: pair.key.span) }
        if let pair = fields.pair("display") { readDisplay(pair.value, keySpan: pair.key.span) }
        if let pair = fields.pair("store") { readStore(pair.value, keySpan: pair.key.span) }
        if let node = fields["plugins"] { readPlugins(node) }
        if let node = fields["parameters"] { readParameters(node) }
        if let node = fields["events"] { readEvents(node) }
        if let node = fields["tips"] { readTips(node) }
        if let node = fields["groups"] { readGroups(node) }
        if let node = fields["scenarios"] { readScenarios(node) }
        if let node = fields["whatsNew"] { readWhatsNew(node) }
        if let pair = fields.pair("testing") { readTesting(pair.value, keySpan: pair.key.span) }
    }

    private mutating func readFormatVersion(_ node: YAMLNode) {
        guard let version = reader.int(node, "'version'") else { return }
        guard version == Self.supportedFormatVersion else {
            reader.diagnostics.error("config.formatVersion", "configuration format version \(version) is not supported; this Beckon reads version \(Self.supportedFormatVersion)", at: node.span)
            return
        }
        if isMainFile { assembly.formatVersion = version }
    }

    private mutating func readApp(_ node: YAMLNode, keySpan: SourceSpan) {
        guard assembly.claimSection("app", at: keySpan, diagnostics: &reader.diagnostics),
              let fields = reader.fields(node, "'app'", ConfigurationKeys.app) else { return }
        if let version = fields["version"] {
            assembly.appVersion = reader.version(version, "'app.version'")
        }
        if let node = fields["defaultLocale"], let tag = reader.string(node, "'app.defaultLocale'") {
            if LanguageTag.isWellFormed(tag) {
                assembly.defaultLocale = tag
            } else {
                reader.diagnostics.error("config.locale", "'app.defaultLocale' must be a well-formed BCP 47 language tag (such as en, de-CH or zh-Hant-TW), not '\(tag)'", at: node.span)
                assembly.defaultLocaleIsInvalid = true
            }
        } else if fields.has("defaultLocale") {
            assembly.defaultLocaleIsInvalid = true
        }
    }

    private mutating func readDisplay(_ node: YAMLNode, keySpan: SourceSpan) {
        guard assembly.claimSection("display", at: keySpan, diagnostics: &reader.diagnostics),
              let fields = reader.fields(node, "'display'", ConfigurationKeys.display) else { return }
        guard let frequency = fields["frequency"] else { return }
        if let name = frequency.scalarText, let named = Self.namedFrequencies[name] {
            assembly.displayFrequency = named
        } else if let text = frequency.scalarText, Int(text) == nil, DurationSyntax.parse(text).isFailure {
            let names = Self.namedFrequencies.keys.sorted()
            reader.diagnostics.error("config.value", "'display.frequency' must be immediate, hourly, daily, weekly, monthly or a duration such as 12h, not '\(text)'\(NameSuggester.hint(for: text, among: names))", at: frequency.span)
        } else if let duration = reader.duration(frequency, "'display.frequency'") {
            assembly.displayFrequency = duration
        }
    }

    /// `immediate`, `hourly`, `daily`, `weekly`, `monthly` (SEMANTICS §1).
    static let namedFrequencies = Dictionary(uniqueKeysWithValues: ConfigurationValues.namedFrequencies.map { ($0.name, $0.milliseconds) })

    private mutating func readStore(_ node: YAMLNode, keySpan: SourceSpan) {
        guard assembly.claimSection("store", at: keySpan, diagnostics: &reader.diagnostics),
              let fields = reader.fields(node, "'store'", ConfigurationKeys.store) else { return }
        if let backend = fields["backend"], let text = reader.string(backend, "'store.backend'") {
            assembly.storeBackendNode = backend
            readStoreBackend(text, node: backend)
        }
        if let path = fields["path"] {
            assembly.store.path = storePath(path) ?? assembly.store.path
        } else {
            assembly.store.path = PathResolver.resolve(StoreSettings.defaultPath, relativeTo: file)
        }
        if let pair = fields.pair("options") {
            assembly.store.options = ConfigValueReader.value(of: pair.value, diagnostics: &reader.diagnostics)
            assembly.storeOptionsLocation = StoreOptionsLocation(
                key: pair.key.span, values: ConfigValueReader.spans(of: pair.value), keys: ConfigValueReader.keySpans(of: pair.value))
        }
        if let synchronous = fields["synchronous"] {
            assembly.store.synchronous = reader.choice(synchronous, "'store.synchronous'", as: StoreSynchronous.self) ?? .normal
        }
        if let timeout = fields["busyTimeout"] {
            assembly.store.busyTimeout = reader.duration(timeout, "'store.busyTimeout'") ?? StoreSettings.defaultBusyTimeout
        }
        if let expiry = fields["expireSubjectsAfter"], let after = reader.duration(expiry, "'store.expireSubjectsAfter'") {
            // A subject active now must not be erased now: zero would expire everyone at once.
            if after > 0 {
                assembly.store.expireSubjectsAfter = after
            } else {
                reader.diagnostics.error("config.range", "'store.expireSubjectsAfter' must be longer than 0", at: expiry.span)
            }
        }
    }

    private mutating func readStoreBackend(_ text: String, node: YAMLNode) {
        switch text {
        case "memory": assembly.store.backend = .memory
        case "sqlite": assembly.store.backend = .sqlite
        default:
            let parts = text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            guard parts.count == 2, NodeReader.isValidID(parts[0]), NodeReader.isValidID(parts[1]) else {
                reader.diagnostics.error("config.value", "'store.backend' must be memory, sqlite or PLUGIN.STORE (a store of a loaded plugin), not '\(text)'\(NameSuggester.hint(for: text, among: ConfigurationValues.builtInStoreBackends))", at: node.span)
                return
            }
            assembly.store.backend = .plugin(namespace: parts[0], store: parts[1])
            assembly.references.append(.init(kind: .plugin, id: parts[0], span: node.span, owner: "'store.backend'"))
        }
    }

    private mutating func readTesting(_ node: YAMLNode, keySpan: SourceSpan) {
        guard assembly.claimSection("testing", at: keySpan, diagnostics: &reader.diagnostics),
              let fields = reader.fields(node, "'testing'", ConfigurationKeys.testing) else { return }
        assembly.testing.show = tipReferences(fields["show"], "'testing.show'")
        assembly.testing.hide = tipReferences(fields["hide"], "'testing.hide'")
        if let node = fields["showAll"] { assembly.testing.showAll = reader.bool(node, "'testing.showAll'") ?? false }
        if let node = fields["hideAll"] { assembly.testing.hideAll = reader.bool(node, "'testing.hideAll'") ?? false }
    }

    /// A list of tip ids that must be declared (checked once all files are read).
    mutating func tipReferences(_ node: YAMLNode?, _ what: String) -> [String] {
        guard let node, let items = reader.list(node, what) else { return [] }
        return items.compactMap { item in
            guard let id = reader.id(item, kind: "tip") else { return nil }
            assembly.references.append(.init(kind: .tip, id: id, span: item.span, owner: what))
            return id
        }
    }

    /// Iterates the `id: {…}` entries of a section, checking each id and claiming it for `kind`.
    /// An empty section (`tips:` with nothing under it) declares nothing.
    mutating func forEachDeclaration(in node: YAMLNode, section: String, kind: String,
                                     _ body: (inout ConfigFileReader, String, YAMLPair) -> Void) {
        guard let pairs = reader.pairs(node, "'\(section)'", allowNull: true) else { return }
        for pair in pairs {
            guard let id = reader.id(pair.key, kind: kind),
                  assembly.claim(id, kind: kind, at: pair.key.span, diagnostics: &reader.diagnostics) else { continue }
            body(&self, id, pair)
        }
    }
}

extension Result {
    var isFailure: Bool {
        if case .failure = self { return true }
        return false
    }
}
