import BeckonDiagnostics

/// The YAML core-schema tags a configuration may write (`version: !!int 1`). Each says what its
/// node is, and is accepted only where it agrees with the node and with the value expected
/// there; any other tag is refused at its node, by name.
enum YAMLCoreTag: String, CaseIterable {
    case int, float, bool, str, null, map, seq

    /// libyaml resolves `!!int` to the full tag `tag:yaml.org,2002:int`.
    private static let prefix = "tag:yaml.org,2002:"

    /// The core tag that `resolved` (as libyaml reports it) names, if it is one.
    init?(resolved: String) {
        guard resolved.hasPrefix(Self.prefix), let tag = Self(rawValue: String(resolved.dropFirst(Self.prefix.count))) else { return nil }
        self = tag
    }

    /// The tag as it is usually written: `!!int`.
    var written: String { "!!" + rawValue }

    /// A tag as a message shows it: `!!int` for the core schema's, else as written (`!foo`).
    static func written(_ resolved: String) -> String {
        resolved.hasPrefix(prefix) ? "!!" + resolved.dropFirst(prefix.count) : resolved
    }

    /// Scalar tags whose text is read as that type, as if written plain.
    var isTypedScalar: Bool { self == .int || self == .float || self == .bool || self == .null }

    /// The core tag of a node from its resolved tag, or the reason it is refused.
    static func check(_ resolved: String, content: YAMLNode.Content) -> Result<YAMLCoreTag, TagProblem> {
        guard let tag = YAMLCoreTag(resolved: resolved) else { return .failure(.unsupported(written(resolved))) }
        switch (tag, content) {
        case (.map, .mapping), (.seq, .sequence), (.str, .scalar):
            return .success(tag)
        case (.int, .scalar(let text, _)):
            return Int64(text) != nil ? .success(tag) : .failure(.textDisagrees(tag, "an integer"))
        case (.float, .scalar(let text, _)):
            return YAMLNode.number(text) != nil ? .success(tag) : .failure(.textDisagrees(tag, "a number"))
        case (.bool, .scalar(let text, _)):
            return YAMLNode.boolean(text) != nil ? .success(tag) : .failure(.textDisagrees(tag, "true or false"))
        case (.null, .scalar(let text, _)):
            return YAMLNode.isNullText(text) ? .success(tag) : .failure(.textDisagrees(tag, "null"))
        case (_, .mapping):
            return .failure(.kindDisagrees(tag, "a mapping"))
        case (_, .sequence):
            return .failure(.kindDisagrees(tag, "a list"))
        case (_, .scalar):
            return .failure(.kindDisagrees(tag, "text"))
        }
    }

    /// Why a tag is refused.
    enum TagProblem: Error {
        /// Not a core tag (`!foo`, `!!binary`).
        case unsupported(String)
        /// A core tag on a node of another kind (`!!map` on text).
        case kindDisagrees(YAMLCoreTag, String)
        /// A scalar tag whose text is not of its type (`!!int abc`).
        case textDisagrees(YAMLCoreTag, String)

        func diagnostic(at span: SourceSpan, text: String?) -> Diagnostic {
            switch self {
            case .unsupported(let written):
                let accepted = YAMLCoreTag.allCases.map(\.written).joined(separator: ", ")
                return .error("yaml.tag", "the YAML tag '\(written)' is not supported; a configuration may use only the core tags \(accepted)", at: span)
            case .kindDisagrees(let tag, let kind):
                return .error("yaml.tag", "the tag '\(tag.written)' cannot be on \(kind)", at: span)
            case .textDisagrees(let tag, let expected):
                return .error("yaml.tag", "the tag '\(tag.written)' needs \(expected), not '\(text ?? "")'", at: span)
            }
        }
    }
}
