import BeckonDiagnostics

/// Builds a node tree from libyaml events, keeping every node's span, sharing aliased nodes and
/// bounding how far aliases expand.
struct YAMLTreeBuilder {
    let file: String
    private(set) var root: YAMLNode?
    private(set) var diagnostics: [Diagnostic] = []
    /// Set when the document cannot be read further (alias bomb, depth, second document).
    private(set) var mustStop = false

    private var stack: [Frame] = []
    private var anchors: [String: YAMLNode] = [:]
    private var aliasExpansion = 0
    private var documentCount = 0

    /// An open collection waiting for its children.
    private struct Frame {
        var isMapping: Bool
        var start: SourcePosition
        var anchor: String?
        var tag: String?
        var children: [YAMLNode] = []
    }

    init(file: String) {
        self.file = file
    }

    mutating func handle(_ event: YAMLEvent, start: SourcePosition, end: SourcePosition) {
        switch event {
        case .documentStart:
            documentCount += 1
            if documentCount > 1 {
                stop(.error("yaml.multipleDocuments", "a configuration file holds one YAML document; found another here", at: span(start, start)))
            }
        case .documentEnd, .streamEnd:
            break
        case .scalar(let text, let style, let anchor, let tag):
            let content = YAMLNode.Content.scalar(text, style)
            let core = coreTag(tag, of: content, at: span(start, end))
            let node = YAMLNode(content: content, span: span(start, end), tag: core, hasRefusedTag: tag != nil && core == nil, expandedSize: 1)
            register(anchor, node)
            add(node)
        case .sequenceStart(let anchor, let tag), .mappingStart(let anchor, let tag):
            guard stack.count < YAMLLimits.maxDepth else {
                return stop(.error("yaml.depth", "the document nests deeper than \(YAMLLimits.maxDepth) levels", at: span(start, start)))
            }
            var isMapping = false
            if case .mappingStart = event { isMapping = true }
            var frame = Frame(isMapping: isMapping, start: start, anchor: anchor, tag: tag)
            // Most collections hold a few nodes: one allocation instead of a growth per doubling.
            frame.children.reserveCapacity(8)
            stack.append(frame)
        case .sequenceEnd, .mappingEnd:
            guard let frame = stack.popLast() else { return }
            let size = frame.children.reduce(1) { saturatingAdd($0, $1.expandedSize) }
            let content: YAMLNode.Content = frame.isMapping ? .mapping(pairs(frame.children)) : .sequence(frame.children)
            let core = coreTag(frame.tag, of: content, at: span(frame.start, end))
            let node = YAMLNode(content: content, span: span(frame.start, end), tag: core, hasRefusedTag: frame.tag != nil && core == nil,
                                expandedSize: size)
            register(frame.anchor, node)
            add(node)
        case .alias(let name):
            guard let target = anchors[name] else {
                diagnostics.append(.error("yaml.unknownAnchor", "alias '*\(name)' refers to no anchor defined before it", at: span(start, end)))
                add(YAMLNode(content: .scalar("", .plain), span: span(start, end), tag: nil, expandedSize: 1))
                return
            }
            aliasExpansion = saturatingAdd(aliasExpansion, target.expandedSize)
            guard aliasExpansion <= YAMLLimits.maxAliasExpansion else {
                return stop(.error("yaml.aliasBomb", "aliases expand to more than \(YAMLLimits.maxAliasExpansion) nodes; refusing a possible 'billion laughs' document", at: span(start, end)))
            }
            add(target)
        }
    }

    /// The core tag of a node, or nil after reporting a tag that is refused (the node is then
    /// read as if untagged, so that one problem is reported once).
    private mutating func coreTag(_ resolved: String?, of content: YAMLNode.Content, at span: SourceSpan) -> YAMLCoreTag? {
        guard let resolved else { return nil }
        switch YAMLCoreTag.check(resolved, content: content) {
        case .success(let tag):
            return tag
        case .failure(let problem):
            var text: String?
            if case .scalar(let scalar, _) = content { text = scalar }
            diagnostics.append(problem.diagnostic(at: span, text: text))
            return nil
        }
    }

    private mutating func add(_ node: YAMLNode) {
        if stack.isEmpty {
            root = node
        } else {
            stack[stack.count - 1].children.append(node)
        }
    }

    private mutating func register(_ anchor: String?, _ node: YAMLNode) {
        if let anchor { anchors[anchor] = node }
    }

    /// Pairs up a mapping's children and reports keys written twice.
    private mutating func pairs(_ children: [YAMLNode]) -> [YAMLPair] {
        var result: [YAMLPair] = []
        result.reserveCapacity(children.count / 2)
        // Most mappings are small, where a scan beats hashing every key; large ones are indexed.
        let isLarge = children.count > 32
        var firstKeys: [String: YAMLNode] = [:]
        var index = 0
        while index + 1 < children.count {
            let key = children[index], value = children[index + 1]
            if let text = key.scalarText {
                let earlier = isLarge ? firstKeys[text] : result.first(where: { $0.key.scalarText == text })?.key
                if isLarge, earlier == nil { firstKeys[text] = key }
                if let first = earlier {
                    diagnostics.append(.error("yaml.duplicateKey", "duplicate key '\(text)'", at: key.span,
                                              notes: ["first defined at \(first.span)"]))
                    index += 2
                    continue  // the first definition stands; the duplicate is reported, not read
                }
            } else {
                diagnostics.append(.error("yaml.complexKey", "mapping keys must be plain text, not \(key.kindDescription)", at: key.span))
            }
            result.append(YAMLPair(key: key, value: value))
            index += 2
        }
        return result
    }

    private mutating func stop(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
        mustStop = true
    }

    private func span(_ start: SourcePosition, _ end: SourcePosition) -> SourceSpan {
        SourceSpan(file: file, start: start, end: end)
    }
}

private func saturatingAdd(_ a: Int, _ b: Int) -> Int {
    let (sum, overflow) = a.addingReportingOverflow(b)
    return overflow ? Int.max : sum
}
