import BeckonDiagnostics

/// One node of a parsed YAML document, with the exact span it came from.
///
/// Nodes are classes so that an alias can share its anchor's node instead of copying it; how far
/// aliases expand is bounded while the tree is built (see `YAMLTreeBuilder`).
final class YAMLNode {
    enum Content {
        case scalar(String, ScalarStyle)
        case sequence([YAMLNode])
        case mapping([YAMLPair])
    }

    /// How a scalar was written; quoted scalars are always strings.
    enum ScalarStyle {
        case plain, singleQuoted, doubleQuoted, literal, folded
    }

    let content: Content
    let span: SourceSpan
    /// The explicit core tag (`!!str`), if one was written; other tags are refused while the tree
    /// is built. `!!int`, `!!float`, `!!bool` and `!!null` read the text as if written plain;
    /// `!!str` as if quoted.
    let tag: YAMLCoreTag?
    /// Whether a tag was written and refused (and reported): the node's type is then not
    /// reported again.
    let hasRefusedTag: Bool
    /// Nodes in this subtree with aliases expanded, saturating; bounds any walk over the tree.
    let expandedSize: Int

    init(content: Content, span: SourceSpan, tag: YAMLCoreTag?, hasRefusedTag: Bool = false, expandedSize: Int) {
        self.content = content
        self.span = span
        self.tag = tag
        self.hasRefusedTag = hasRefusedTag
        self.expandedSize = expandedSize
    }

    /// The scalar's text, if this is a scalar.
    var scalarText: String? {
        if case .scalar(let text, _) = content { return text }
        return nil
    }

    /// Whether this is YAML's null: an empty plain scalar, `~` or `null`.
    var isNull: Bool {
        if tag == .null { return true }
        guard case .scalar(let text, .plain) = content, tag == nil else { return false }
        return Self.isNullText(text)
    }

    // MARK: Plain texts, as YAML's implicit typing reads them

    /// Whether a plain text means null: empty, `~` or `null`.
    static func isNullText(_ text: String) -> Bool {
        text.isEmpty || text == "~" || text == "null" || text == "Null" || text == "NULL"
    }

    /// The boolean a plain text means (`true`, `False`, …); YAML 1.1's `yes`/`no`/`on`/`off` are
    /// not booleans here, as they are ambiguous.
    static func boolean(_ text: String) -> Bool? {
        switch text {
        case "true", "True", "TRUE": return true
        case "false", "False", "FALSE": return false
        default: return nil
        }
    }

    /// The finite number a plain text means, written with digits, a sign, a point and an exponent
    /// only (not `inf`, `nan` or hexadecimal).
    static func number(_ text: String) -> Double? {
        spelledNumber(text).flatMap { $0.isFinite ? $0 : nil }
    }

    /// The double that text spelled with digits, signs, a point and an exponent reads as, infinite
    /// when it is beyond a double (`1e400`); nil for any other text (`.inf`, `0x1F`, `1_000`).
    static func spelledNumber(_ text: String) -> Double? {
        guard text.unicodeScalars.allSatisfy({ "0123456789+-.eE".unicodeScalars.contains($0) }) else { return nil }
        return Double(text)
    }

    /// Whether the scalar was written plain (or tagged with a type), so YAML's implicit typing
    /// (numbers, booleans) applies.
    var isPlainScalar: Bool {
        guard case .scalar(_, let style) = content else { return false }
        if let tag { return tag.isTypedScalar }
        return style == .plain
    }

    /// Whether the node carries no tag, or one of `tags`: a tag must agree with what is expected.
    func isTagged(noneOr tags: YAMLCoreTag...) -> Bool {
        tag.map(tags.contains) ?? true
    }

    /// A short name of the node's kind for messages: "a mapping", "a list", "'text'".
    var kindDescription: String {
        switch content {
        case .mapping: return "a mapping"
        case .sequence: return "a list"
        case .scalar(let text, _):
            if isNull { return "nothing (null)" }
            let shown = text.count > 40 ? String(text.prefix(40)) + "…" : text
            return tag.map { "'\(shown)' tagged \($0.written)" } ?? "'\(shown)'"
        }
    }
}

/// A key and its value in a YAML mapping.
struct YAMLPair {
    let key: YAMLNode
    let value: YAMLNode
}
