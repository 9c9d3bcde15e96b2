import BeckonCore
import BeckonDiagnostics

/// Tips and tip groups.
extension ConfigFileReader {
    /// Reads `tips:`. A tip's fields depend on nothing but the tip, so a large section's are read
    /// first, in chunks on the processors; ids are then checked, claimed and reported, and tips
    /// added, in order, exactly as when each tip is read in turn.
    mutating func readTips(_ node: YAMLNode) {
        guard let pairs = reader.pairs(node, "'tips'", allowNull: true) else { return }
        let concurrently = concurrentTipsFrom.map { pairs.count >= $0 } ?? false
        var readAhead = concurrently ? Self.readTipsInChunks(pairs, source: source) : nil
        for (index, pair) in pairs.enumerated() {
            guard let id = reader.id(pair.key, kind: "tip"),
                  assembly.claim(id, kind: "tip", at: pair.key.span, diagnostics: &reader.diagnostics) else { continue }
            // Taken out of the array, not copied: a copy would retain every field of the tip.
            let read = readAhead?[index].take() ?? Self.readTip(id: id, pair, source: source)
            reader.diagnostics.append(contentsOf: read.diagnostics)
            if let tip = read.tip { assembly.tips.append(tip) }
        }
    }

    /// One tip read from its mapping: the declaration (nil without a title) and the problems.
    typealias TipRead = (tip: TipDeclaration?, diagnostics: [Diagnostic])

    /// Reads one tip's fields; `id` is its key's text, checked by the caller.
    static func readTip(id: String, _ pair: YAMLPair, source: SourceLines) -> TipRead {
        var reader = NodeReader()
        let what = "tip '\(id)'"
        guard let fields = reader.fields(pair.value, what, ConfigurationKeys.tip,
                                         missingAt: pair.key.span) else { return (nil, reader.diagnostics.all) }
        // Every field is checked even when the title is missing, so all problems show at once.
        let title = fields["title"].flatMap { reader.contentText($0, "the title of \(what)", source: source) }
        var tip = TipDeclaration(id: id, title: title ?? ContentText(""), span: pair.key.span)
        tip.message = fields["message"].flatMap { reader.contentText($0, "the message of \(what)", source: source) }
        tip.image = fields["image"].flatMap { reader.string($0, "the image of \(what)") }
        if let actions = fields["actions"] { tip.actions = reader.tipActions(actions, what, source: source) }
        if let rules = fields["rules"] { tip.rules = reader.rules(rules, "the rules of \(what)", source: source) }
        tip.maxDisplayCount = fields["maxDisplayCount"].flatMap {
            reader.int($0, "'maxDisplayCount' of \(what)", minimum: 1)
        }
        tip.maxDisplayDuration = fields["maxDisplayDuration"].flatMap {
            reader.duration($0, "'maxDisplayDuration' of \(what)")
        }
        tip.ignoresDisplayFrequency = fields["ignoresDisplayFrequency"].flatMap {
            reader.bool($0, "'ignoresDisplayFrequency' of \(what)")
        } ?? false
        return (title != nil ? tip : nil, reader.diagnostics.all)
    }

    /// Every tip whose key is text, read in chunks on the processors, by position; nil where the
    /// key is not text (its id is refused before its fields are read).
    static func readTipsInChunks(_ pairs: [YAMLPair], source: SourceLines) -> [TipRead?] {
        let chunks = ChunkThreads.processorCount
        let shared = TipChunks(pairs: pairs, source: source, chunks: chunks)
        ChunkThreads.runner(chunks) { chunk in shared.read(chunk) }
        return shared.results()
    }

    /// A list of rules, each a string kept with where its characters are.
    mutating func readRules(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [RuleSource] {
        reader.rules(node, what(), source: source)
    }

    mutating func readGroups(_ node: YAMLNode) {
        forEachDeclaration(in: node, section: "groups", kind: "group") { this, id, pair in
            let what = "group '\(id)'"
            guard let fields = this.reader.fields(pair.value, what, ConfigurationKeys.group,
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

/// The tips of one section read in chunks: each chunk is a run of consecutive tips, read by one
/// thread into its own slots; the results are taken once the runner has returned.
private final class TipChunks: @unchecked Sendable {
    private let pairs: [YAMLPair]
    private let source: SourceLines
    private let chunks: Int
    private let slots: UnsafeMutableBufferPointer<ConfigFileReader.TipRead?>

    init(pairs: [YAMLPair], source: SourceLines, chunks: Int) {
        self.pairs = pairs
        self.source = source
        self.chunks = chunks
        slots = .allocate(capacity: pairs.count)
        slots.initialize(repeating: nil)
    }

    deinit {
        slots.deinitialize()
        slots.deallocate()
    }

    func read(_ chunk: Int) {
        let range = (pairs.count * chunk / chunks)..<(pairs.count * (chunk + 1) / chunks)
        for index in range {
            guard let id = pairs[index].key.scalarText else { continue }
            slots[index] = ConfigFileReader.readTip(id: id, pairs[index], source: source)
        }
    }

    func results() -> [ConfigFileReader.TipRead?] {
        Array(slots)
    }
}
