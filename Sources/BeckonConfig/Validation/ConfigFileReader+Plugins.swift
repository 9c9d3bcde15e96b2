import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// `plugins:`: the list of plugins, or a mapping of `requirePins` and that list (`load`).
extension ConfigFileReader {
    mutating func readPlugins(_ node: YAMLNode) {
        guard case .mapping = node.content else {
            readPluginList(node, "'plugins'")
            return
        }
        guard let fields = reader.fields(node, "'plugins'", ConfigurationKeys.pluginSettings) else { return }
        if let pair = fields.pair("requirePins"),
           assembly.claimSection("plugins.requirePins", at: pair.key.span, diagnostics: &reader.diagnostics),
           let require = reader.bool(pair.value, "'plugins.requirePins'") {
            assembly.requirePluginPins = require
        }
        if let list = fields["load"] { readPluginList(list, "'plugins.load'") }
    }

    private mutating func readPluginList(_ node: YAMLNode, _ what: String) {
        guard let items = reader.list(node, what) else { return }
        for item in items {
            if let declaration = pluginEntry(item) { assembly.plugins.append(declaration) }
        }
    }

    /// One entry: where the plugin is (`path:` or `name:`), what it must be (`version:`,
    /// `sha256:`), what rules call it (`as:`), how long a call may take (`timeout:`) and its
    /// `config:`.
    private mutating func pluginEntry(_ item: YAMLNode) -> PluginDeclaration? {
        guard let fields = reader.fields(item, "a plugin", ConfigurationKeys.plugin) else { return nil }
        var path = "", written = "", lookupName: String?
        let located: YAMLNode
        switch (fields["path"], fields["name"]) {
        case (let pathNode?, nil):
            guard let text = reader.path(pathNode, "a plugin's 'path'", source: source) else { return nil }
            (path, written, located) = (PathResolver.resolve(text, relativeTo: file), text, pathNode)
        case (nil, let nameNode?):
            guard let name = pluginName(nameNode) else { return nil }
            (lookupName, located) = (name, nameNode)
        case (.some, let nameNode?):
            reader.diagnostics.error("config.value", "a plugin gives either 'path' (its file) or 'name' (to find it in the plugin folders), not both", at: nameNode.span)
            return nil
        case (nil, nil):
            reader.diagnostics.error("config.missingKey", "a plugin is missing 'path' (its file) or 'name' (to find it in the plugin folders)", at: item.span.startPoint)
            return nil
        }
        var namespace: String?
        if let name = fields["as"] {
            guard let id = reader.id(name, kind: "plugin"), namespaceIsWritable(id, at: name.span),
                  assembly.claim(id, kind: "plugin", at: name.span, diagnostics: &reader.diagnostics) else { return nil }
            namespace = id
        }
        var versions: Located<VersionRange>?
        if let node = fields["version"], let text = reader.string(node, "a plugin's 'version'") {
            switch VersionRange.parse(text) {
            case .success(let range): versions = Located(range, at: node.span)
            case .failure(let error): reader.diagnostics.error("config.value", error.message, at: node.span)
            }
        }
        var digest: PinnedDigest?
        if let node = fields["sha256"], let text = reader.string(node, "a plugin's 'sha256'") {
            digest = PinnedDigest(text, at: node.span)
            if digest == nil {
                reader.diagnostics.error("config.value", "a plugin's 'sha256' must be the file's SHA-256 digest, 64 hexadecimal digits (`beckon plugins --pin` prints it), not '\(text)'", at: node.span)
            }
        }
        var callTimeLimit: Int64?
        if let node = fields["timeout"], let limit = reader.duration(node, "a plugin's 'timeout'") {
            if limit > 0 {
                callTimeLimit = limit
            } else {
                reader.diagnostics.error("config.range", "a plugin's 'timeout' must be longer than 0", at: node.span)
            }
        }
        let config = fields["config"].map { ConfigValueReader.value(of: $0, diagnostics: &reader.diagnostics) } ?? .null
        return PluginDeclaration(
            path: path, writtenPath: written, lookupName: lookupName, namespace: namespace, config: config,
            configSpans: fields["config"].map { ConfigValueReader.spans(of: $0) } ?? [:],
            configKeySpans: fields["config"].map { ConfigValueReader.keySpans(of: $0) } ?? [:],
            sha256: digest, versions: versions, callTimeLimit: callTimeLimit, span: located.span)
    }

    /// A plugin's own name to look up: the form its descriptor's `name` takes.
    private mutating func pluginName(_ node: YAMLNode) -> String? {
        guard let name = reader.string(node, "a plugin's 'name'") else { return nil }
        guard PluginNames.isPluginName(name) else {
            reader.diagnostics.error("config.value", "a plugin's 'name' is the name its descriptor gives (\(PluginNames.pluginNamePattern)), not '\(name)'", at: node.span)
            return nil
        }
        return name
    }

    /// Whether rules can write `namespace` (an `as:`) before a condition's name; reports it when not.
    private mutating func namespaceIsWritable(_ namespace: String, at span: SourceSpan) -> Bool {
        guard let problem = PluginNames.namespaceProblem(with: namespace) else { return true }
        let example = PluginNames.writableNamespace(for: namespace).map { ", such as '\($0)'" } ?? ""
        reader.diagnostics.error("config.id", "'\(namespace)' cannot be a plugin's namespace, which rules write before its conditions' names: \(problem); choose another\(example)", at: span)
        return false
    }
}
