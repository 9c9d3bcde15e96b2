import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// What's-new settings and entries; entries may come from several files, settings from one.
extension ConfigFileReader {
    mutating func readWhatsNew(_ node: YAMLNode) {
        guard let fields = reader.fields(node, "'whatsNew'", ConfigurationKeys.whatsNew) else { return }
        if let mode = fields.pair("mode"), assembly.claimSection("whatsNew.mode", at: mode.key.span, diagnostics: &reader.diagnostics) {
            assembly.whatsNew.mode = reader.choice(mode.value, "'whatsNew.mode'", as: WhatsNewMode.self) ?? .exact
        }
        if let policy = fields.pair("freshInstall"),
           assembly.claimSection("whatsNew.freshInstall", at: policy.key.span, diagnostics: &reader.diagnostics) {
            assembly.whatsNew.freshInstall = reader.choice(policy.value, "'whatsNew.freshInstall'", as: FreshInstallPolicy.self) ?? .show
        }
        guard let entriesNode = fields["entries"], let items = reader.list(entriesNode, "'whatsNew.entries'") else { return }
        for item in items {
            if let entry = readEntry(item) { addEntry(entry) }
        }
    }

    private mutating func readEntry(_ node: YAMLNode) -> WhatsNewEntry? {
        guard let fields = reader.fields(node, "a what's-new entry", ConfigurationKeys.whatsNewEntry),
              let version = fields["version"].flatMap({ reader.version($0, "the version of a what's-new entry") }) else { return nil }
        let what = "what's-new entry \(version)"
        guard let title = fields["title"].flatMap({ reader.contentText($0, "the title of \(what)", source: source) }) else { return nil }
        var entry = WhatsNewEntry(version: version, title: title, span: fields["version"]!.span)
        if let features = fields["features"], let items = reader.list(features, "the features of \(what)") {
            entry.features = items.compactMap { readFeature($0, what) }
        }
        entry.primaryAction = fields["primaryAction"].flatMap { readAction($0, "the primary action of \(what)") }
        entry.secondaryAction = fields["secondaryAction"].flatMap { readAction($0, "the secondary action of \(what)") }
        return entry
    }

    private mutating func addEntry(_ entry: WhatsNewEntry) {
        if let first = assembly.whatsNew.entries.first(where: { $0.version == entry.version }) {
            reader.diagnostics.error("config.duplicateId", "what's-new entry \(entry.version) is declared more than once", at: entry.span,
                                     notes: ["first declared at \(first.span)"])
            return
        }
        assembly.whatsNew.entries.append(entry)
    }

    private mutating func readFeature(_ node: YAMLNode, _ what: String) -> WhatsNewFeature? {
        guard let fields = reader.fields(node, "a feature of \(what)", ConfigurationKeys.whatsNewFeature),
              let title = fields["title"].flatMap({ reader.contentText($0, "the title of a feature of \(what)", source: source) }) else { return nil }
        return WhatsNewFeature(
            image: fields["image"].flatMap { reader.string($0, "the image of a feature of \(what)") },
            title: title,
            subtitle: fields["subtitle"].flatMap { reader.contentText($0, "the subtitle of a feature of \(what)", source: source) })
    }

    private mutating func readAction(_ node: YAMLNode, _ what: String) -> WhatsNewAction? {
        guard let fields = reader.fields(node, what, ConfigurationKeys.whatsNewAction),
              let title = fields["title"].flatMap({ reader.contentText($0, "the title of \(what)", source: source) }) else { return nil }
        return WhatsNewAction(title: title, url: fields["url"].flatMap { reader.string($0, "the url of \(what)") })
    }
}
