public import BeckonRules
import BeckonDiagnostics

/// A rule's explanation (its sub-expressions and their values) for people, as an indented tree
/// with each expression on one line, and for scripts as JSON.
public enum RuleExplanationRenderer {
    /// The tree: `✓`/`✗` for bool values, `·` for others, `–` for what short-circuiting skipped.
    public static func lines(_ explanation: RuleExplanation, indent: String) -> [String] {
        var lines: [String] = []
        append(explanation.root, to: &lines, indent: indent)
        if case .failed(let message) = explanation.outcome { lines.append("\(indent)! error: \(message)") }
        return lines
    }

    private static func append(_ node: ExplanationNode, to lines: inout [String], indent: String) {
        let mark = switch node.value {
        case .bool(true): "✓"
        case .bool(false): "✗"
        case .none: "–"
        default: "·"
        }
        lines.append("\(indent)\(mark) \(oneLine(node.text))  " + (node.value.map { "= \($0)" } ?? "(not evaluated)"))
        for child in node.children { append(child, to: &lines, indent: indent + "  ") }
    }

    /// Rule text on one line: a rule written over several lines of a YAML block scalar has each
    /// line break and the indentation around it shown as one space (as in diagnostics).
    public static func oneLine(_ text: String) -> String {
        OneLine.of(text)
    }

    /// `outcome` (`satisfied`, `notSatisfied`, `failed`), `error` and `tree`: nodes with `text`,
    /// `evaluated`, `value` (when evaluated) and `children`.
    public static func json(_ explanation: RuleExplanation) -> JSONValue {
        var object: JSONObject = ["tree": json(explanation.root)]
        switch explanation.outcome {
        case .satisfied: object["outcome"] = .string("satisfied")
        case .notSatisfied: object["outcome"] = .string("notSatisfied")
        case .failed(let message):
            object["outcome"] = .string("failed")
            object["error"] = .string(message)
        }
        return .object(object)
    }

    public static func json(_ node: ExplanationNode) -> JSONValue {
        var object: JSONObject = [
            "text": .string(node.text),
            "evaluated": .bool(node.value != nil),
            "children": .array(node.children.map(json)),
        ]
        if let value = node.value { object["value"] = ValueRenderer.json(value) }
        return .object(object)
    }
}
