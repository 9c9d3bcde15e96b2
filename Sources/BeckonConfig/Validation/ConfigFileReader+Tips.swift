import BeckonCore
import BeckonDiagnostics

/// Tips and tip groups.
extension ConfigFileReader {
    static let tipKeys = [
        "title", "message", "image", "actions", "rules", "maxDisplayCount", "maxDisplayDuration", "ignoresDisplayFrequency",
    ]

    mutating func readTips(_ node: YAMLNode) {
        forEachDeclaration(in: node, section: "tips", kind: "tip") { this, id, pair in
            let what = "tip '\(id)'"
            guard let fields = this.reader.fields(pair.value, what, keys: Self.tipKeys, required: ["title"],
                                                  missingAt: pair.key.span) else { return }
            // Every field is checked even when the title is missing, so all problems show at once.
            let title = fields["title"].flatMap { this.reader.string($0, "the title of \(what)") }
            var tip = TipDeclaration(id: id, title: title ?? "", span: pair.key.span)
            tip.message = fields["message"].flatMap { this.reader.string($0, "the message of \(what)") }
            tip.image = fields["image"].flatMap { this.reader.string($0, "the image of \(what)") }
            if let actions = fields["actions"] { tip.actions = this.readTipActions(actions, what) }
            if let rules = fields["rules"] { tip.rules = this.readRules(rules, "the rules of \(what)") }
            tip.maxDisplayCount = fields["maxDisplayCount"].flatMap {
                this.reader.int($0, "'maxDisplayCount' of \(what)", minimum: 1)
            }
            tip.maxDisplayDuration = fields["maxDisplayDuration"].flatMap {
                this.reader.duration($0, "'maxDisplayDuration' of \(what)")
            }
            tip.ignoresDisplayFrequency = fields["ignoresDisplayFrequency"].flatMap {
                this.reader.bool($0, "'ignoresDisplayFrequency' of \(what)")
            } ?? false
            if title != nil { this.assembly.tips.append(tip) }
        }
    }

    private mutating func readTipActions(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [TipAction] {
        guard let items = reader.list(node, "the actions of \(what())") else { return [] }
        var actions: [TipAction] = []
        var seen: Set<String> = []
        for item in items {
            guard let fields = reader.fields(item, "an action of \(what())", keys: ["id", "title"], required: ["id", "title"]),
                  let idNode = fields["id"], let id = reader.id(idNode, kind: "action"),
                  let title = fields["title"].flatMap({ reader.string($0, "the title of action '\(id)' of \(what())") }) else { continue }
            // A tip has a few actions, where a scan beats hashing; many are indexed.
            let isDuplicate = items.count <= 8 ? actions.contains { $0.id == id } : !seen.insert(id).inserted
            guard !isDuplicate else {
                reader.diagnostics.error("config.duplicateId", "action '\(id)' appears more than once in \(what())", at: idNode.span)
                continue
            }
            actions.append(TipAction(id: id, title: title))
        }
        return actions
    }

    /// A list of rules, each a string kept with where its characters are.
    mutating func readRules(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [RuleSource] {
        guard let items = reader.list(node, what()) else { return [] }
        return items.compactMap { item in
            guard let text = reader.string(item, "a rule in \(what())") else { return nil }
            guard !text.allSatisfy(\.isWhitespace) else {
                reader.diagnostics.error("config.value", "a rule in \(what()) is empty", at: item.span)
                return nil
            }
            return RuleSource(text: text, span: item.span, origin: TextOriginReader(source: source).origin(of: item))
        }
    }

    mutating func readGroups(_ node: YAMLNode) {
        forEachDeclaration(in: node, section: "groups", kind: "group") { this, id, pair in
            let what = "group '\(id)'"
            guard let fields = this.reader.fields(pair.value, what, keys: ["priority", "tips"], required: ["tips"],
                                                  missingAt: pair.key.span) else { return }
            let priority = fields["priority"].flatMap {
                this.reader.choice($0, "the priority of \(what)", as: TipGroupPriority.self)
            } ?? .firstAvailable
            guard let tipsNode = fields["tips"], let items = this.reader.list(tipsNode, "the tips of \(what)") else { return }
            if items.isEmpty {
                this.reader.diagnostics.error("config.value", "\(what) lists no tips", at: tipsNode.span)
            }
            var members: [String] = []
            for item in items {
                guard let tip = this.reader.id(item, kind: "tip") else { continue }
                this.assembly.references.append(.init(kind: .tip, id: tip, span: item.span, owner: what))
                this.assembly.memberships.append((id, tip, item.span))
                members.append(tip)
            }
            this.assembly.groups.append(TipGroupDeclaration(id: id, priority: priority, tips: members, span: pair.key.span))
        }
    }
}
