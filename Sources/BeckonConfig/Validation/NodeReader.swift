import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// Reads typed values out of YAML nodes, reporting every mismatch as a diagnostic and returning
/// nil, so that validation continues past each problem.
struct NodeReader {
    var diagnostics = DiagnosticList()

    // MARK: Structure

    /// The pairs of a mapping; `allowNull` accepts an empty value (`events: {appLaunched: }`).
    mutating func pairs(_ node: YAMLNode, _ what: @autoclosure () -> String, allowNull: Bool = false) -> [YAMLPair]? {
        if case .mapping(let pairs) = node.content { return pairs }
        if allowNull, node.isNull { return [] }
        typeError(node, what(), expected: "a mapping")
        return nil
    }

    /// The fields of a mapping with a fixed set of keys; unknown keys are reported with a
    /// suggestion, and `required` keys that are missing are reported at `missingAt` (by default
    /// the mapping's start; the owner's id key reads better where there is one).
    mutating func fields(_ node: YAMLNode, _ what: @autoclosure () -> String, keys: [String], required: [String] = [],
                         allowNull: Bool = false, missingAt: SourceSpan? = nil) -> Fields? {
        guard let pairs = pairs(node, what(), allowNull: allowNull) else { return nil }
        var fields = Fields(span: node.span)
        for pair in pairs {
            guard let key = pair.key.scalarText else { continue }
            if keys.contains(key) {
                fields.pairs.append((key, pair))
            } else {
                diagnostics.error("config.unknownKey", "unknown key '\(key)' in \(what())\(NameSuggester.hint(for: key, among: keys))", at: pair.key.span)
            }
        }
        for key in required where !fields.has(key) {
            diagnostics.error("config.missingKey", "\(what()) is missing the required key '\(key)'", at: missingAt ?? node.span.startPoint)
        }
        return fields
    }

    /// The fields of a mapping of one kind of the key catalog: its keys, its required keys.
    mutating func fields(_ node: YAMLNode, _ what: @autoclosure () -> String, _ kind: MappingKeys,
                         allowNull: Bool = false, missingAt: SourceSpan? = nil) -> Fields? {
        fields(node, what(), keys: kind.keys, required: kind.required, allowNull: allowNull, missingAt: missingAt)
    }

    /// The items of a list; a single scalar is not accepted as a one-item list.
    mutating func list(_ node: YAMLNode, _ what: @autoclosure () -> String) -> [YAMLNode]? {
        if case .sequence(let items) = node.content { return items }
        typeError(node, what(), expected: "a list")
        return nil
    }

    // MARK: Scalars

    /// Text from any non-null scalar (a plain `12` is the text "12").
    mutating func string(_ node: YAMLNode, _ what: @autoclosure () -> String) -> String? {
        guard let text = node.scalarText, !node.isNull, node.isTagged(noneOr: .str) else {
            typeError(node, what(), expected: "text")
            return nil
        }
        return text
    }

    /// `true` or `false`, written plain.
    mutating func bool(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Bool? {
        if node.isPlainScalar, node.isTagged(noneOr: .bool), let text = node.scalarText, let value = YAMLNode.boolean(text) {
            return value
        }
        typeError(node, what(), expected: "true or false")
        return nil
    }

    /// A plain integer of at least `minimum`.
    mutating func int(_ node: YAMLNode, _ what: @autoclosure () -> String, minimum: Int? = nil) -> Int? {
        guard node.isPlainScalar, node.isTagged(noneOr: .int), let text = node.scalarText, let value = Int(text) else {
            if node.isPlainScalar, node.isTagged(noneOr: .int), let text = node.scalarText, Value.isDecimalInteger(text) {
                diagnostics.error("config.range", "\(what()) must be an integer from \(minimum ?? Int.min) to \(Int.max), not \(text)", at: node.span)
            } else {
                typeError(node, what(), expected: "an integer")
            }
            return nil
        }
        if let minimum, value < minimum {
            diagnostics.error("config.range", "\(what()) must be at least \(minimum), not \(value)", at: node.span)
            return nil
        }
        return value
    }

    /// A plain number (integer or decimal).
    mutating func double(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Double? {
        guard node.isPlainScalar, node.isTagged(noneOr: .int, .float), let text = node.scalarText, let value = YAMLNode.number(text) else {
            if node.isPlainScalar, node.isTagged(noneOr: .int, .float), let text = node.scalarText, YAMLNode.spelledNumber(text) != nil {
                diagnostics.error("config.range", "\(what()) must be a number a double holds (from about -1.8e308 to 1.8e308), not \(text)", at: node.span)
            } else {
                typeError(node, what(), expected: "a number")
            }
            return nil
        }
        return value
    }

    /// A duration literal in milliseconds; `bareSeconds` also accepts a plain number of seconds.
    mutating func duration(_ node: YAMLNode, _ what: @autoclosure () -> String, bareSeconds: Bool = false) -> Int64? {
        let agrees = bareSeconds ? node.isTagged(noneOr: .str, .int, .float) : node.isTagged(noneOr: .str)
        guard let text = node.scalarText, !node.isNull, agrees else {
            typeError(node, what(), expected: "a duration such as 30s, 12h or 7d")
            return nil
        }
        if bareSeconds, node.isPlainScalar, let seconds = Double(text), seconds.isFinite {
            guard seconds >= 0 else {
                diagnostics.error("config.range", "\(what()) must not be negative, not \(text)", at: node.span)
                return nil
            }
            guard seconds < 9e15 else {
                diagnostics.error("config.range", "\(what()) is too large", at: node.span)
                return nil
            }
            return Int64((seconds * 1000).rounded())
        }
        switch DurationSyntax.parse(text) {
        case .success(let milliseconds):
            return milliseconds
        case .failure(let error):
            let hint = bareSeconds ? " (or a plain number of seconds)" : ""
            diagnostics.error("config.duration", "\(what()): \(error.message)\(hint)", at: node.span)
            return nil
        }
    }

    /// An instant in Unix ms: ISO-8601 (`2026-03-01T09:30:00Z`, a bare date is midnight UTC) or,
    /// written as a plain number, Unix milliseconds; within `TimestampSyntax.instants`.
    mutating func instant(_ node: YAMLNode, _ what: @autoclosure () -> String, expected: String) -> Int64? {
        guard node.isTagged(noneOr: .int, .str) else {
            typeError(node, what(), expected: expected)
            return nil
        }
        let text = node.isNull ? nil : node.scalarText
        // Unix ms only when written as a plain number: quoted digits are not an instant.
        let quotedNumber = !node.isPlainScalar && text.flatMap { Int64($0) } != nil
        switch text.map(TimestampSyntax.parseInstant) {
        case .success(let instant)? where !quotedNumber:
            return instant
        case .failure(.outOfRange)? where !quotedNumber:
            diagnostics.error("config.range", "\(what()) must lie between \(TimestampSyntax.instantsText), not \(node.kindDescription)", at: node.span)
            return nil
        default:
            typeError(node, what(), expected: expected)
            return nil
        }
    }

    /// A version `MAJOR[.MINOR[.PATCH]]`.
    mutating func version(_ node: YAMLNode, _ what: @autoclosure () -> String) -> Version? {
        guard let text = node.scalarText, node.isTagged(noneOr: .str, .null) else {
            typeError(node, what(), expected: "a version such as 1.2.0")
            return nil
        }
        let written = node.isNull ? "" : text
        guard let version = Version(written) else {
            diagnostics.error("config.version", "\(what()): \(Version.problem(with: written))", at: node.span)
            return nil
        }
        return version
    }

    /// An id of `[A-Za-z][A-Za-z0-9_-]*`.
    mutating func id(_ node: YAMLNode, kind: String) -> String? {
        guard let text = node.scalarText, !node.isNull, node.isTagged(noneOr: .str) else {
            typeError(node, "a \(kind) id", expected: "text")
            return nil
        }
        guard Self.isValidID(text) else {
            diagnostics.error("config.id", "'\(text)' is not a valid \(kind) id; ids start with a letter and contain only letters, digits, '_' and '-'", at: node.span)
            return nil
        }
        return text
    }

    /// One of an enumeration's raw values, with a suggestion when misspelt.
    mutating func choice<T: RawRepresentable & CaseIterable>(_ node: YAMLNode, _ what: @autoclosure () -> String, as type: T.Type) -> T? where T.RawValue == String {
        guard let text = string(node, what()) else { return nil }
        guard let value = T(rawValue: text) else {
            let options = T.allCases.map(\.rawValue)
            diagnostics.error("config.value", "\(what()) must be one of \(options.joined(separator: ", ")), not '\(text)'\(NameSuggester.hint(for: text, among: options))", at: node.span)
            return nil
        }
        return value
    }

    static func isValidID(_ text: String) -> Bool {
        var scalars = text.unicodeScalars.makeIterator()
        guard let first = scalars.next(), (first >= "a" && first <= "z") || (first >= "A" && first <= "Z") else { return false }
        while let scalar = scalars.next() {
            guard scalar.isASCII else { return false }
            let isLetterOrDigit = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z") || (scalar >= "0" && scalar <= "9")
            guard isLetterOrDigit || scalar == "_" || scalar == "-" else { return false }
        }
        return true
    }

    // MARK: Problems

    mutating func typeError(_ node: YAMLNode, _ what: @autoclosure () -> String, expected: String) {
        guard !node.hasRefusedTag else { return }  // its tag was reported
        diagnostics.error("config.type", "\(what()) must be \(expected), not \(node.kindDescription)", at: node.span)
    }
}

/// The recognised keys of one mapping (a handful, so they are scanned rather than hashed).
struct Fields {
    /// The mapping's span.
    let span: SourceSpan
    var pairs: [(key: String, pair: YAMLPair)] = []

    /// The key and value of a key, if present.
    func pair(_ key: String) -> YAMLPair? {
        pairs.first { $0.key == key }?.pair
    }

    /// The value node of a key, if present.
    subscript(key: String) -> YAMLNode? { pair(key)?.value }

    /// Whether a key is present.
    func has(_ key: String) -> Bool { pair(key) != nil }
}

extension SourceSpan {
    /// A point span at this span's start.
    var startPoint: SourceSpan { SourceSpan(file: file, at: start) }
}
