import BeckonCore
import BeckonDiagnostics

/// The parts of a tip that are lists (its actions) and the rules of tips and scenarios: read by a
/// `NodeReader` alone, so that tips can be read on several threads at once.
extension NodeReader {
    /// A tip's actions: each an id and a title, each id once.
    mutating func tipActions(_ node: YAMLNode, _ what: @autoclosure () -> String, source: SourceLines) -> [TipAction] {
        guard let items = list(node, "the actions of \(what())") else { return [] }
        var actions: [TipAction] = []
        var seen: Set<String> = []
        for item in items {
            guard let fields = fields(item, "an action of \(what())", ConfigurationKeys.tipAction),
                  let idNode = fields["id"], let id = id(idNode, kind: "action"),
                  let title = fields["title"].flatMap({ contentText($0, "the title of action '\(id)' of \(what())", source: source) }) else { continue }
            // A tip has a few actions, where a scan beats hashing; many are indexed.
            let isDuplicate = items.count <= 8 ? actions.contains { $0.id == id } : !seen.insert(id).inserted
            guard !isDuplicate else {
                diagnostics.error("config.duplicateId", "action '\(id)' appears more than once in \(what())", at: idNode.span)
                continue
            }
            actions.append(TipAction(id: id, title: title))
        }
        return actions
    }

    /// A list of rules, each a string kept with where its characters are in `source`.
    mutating func rules(_ node: YAMLNode, _ what: @autoclosure () -> String, source: SourceLines) -> [RuleSource] {
        guard let items = list(node, what()) else { return [] }
        return items.compactMap { item in
            guard let text = string(item, "a rule in \(what())") else { return nil }
            guard !text.allSatisfy(\.isWhitespace) else {
                diagnostics.error("config.value", "a rule in \(what()) is empty", at: item.span)
                return nil
            }
            return RuleSource(text: text, span: item.span, origin: TextOriginReader(source: source).origin(of: item))
        }
    }
}
