public import BeckonDiagnostics

/// A rule compiled into closures: evaluated without re-parsing and, for most rules, without
/// allocating. Immutable, so one compiled rule may be evaluated from many threads at once.
public final class CompiledRule: Sendable {
    /// The rule as written.
    public let text: String
    /// Where each character of the rule is in its file.
    public let origin: TextOrigin
    /// Where the whole rule is in its file.
    public let span: SourceSpan
    private let root: Evaluator
    private let rootNode: Int
    private let nodes: [NodeInfo]
    /// The names it was compiled against, to compile it again with recording nodes to explain.
    private let schema: RuleSchema
    /// The same rule in the flat form engines evaluate against a record directly, when it is made
    /// only of the common shapes (see `FastRule`); nil otherwise.
    public let fast: FastRule?

    init(text: String, origin: TextOrigin, root: @escaping Evaluator, rootNode: Int, nodes: [NodeInfo], schema: RuleSchema,
         fast: FastRule? = nil) {
        self.text = text
        self.origin = origin
        self.span = origin.span(ofOffsets: 0..<text.unicodeScalars.count)
        self.root = root
        self.rootNode = rootNode
        self.nodes = nodes
        self.schema = schema
        self.fast = fast
    }

    /// Evaluates the rule against a context.
    @inlinable
    public func evaluate(in context: some RuleContext) -> RuleOutcome {
        evaluate(existential: context)
    }

    @usableFromInline
    func evaluate(existential context: any RuleContext) -> RuleOutcome {
        var revisitAt = Int64.max
        return evaluate(existential: context, revisitAt: &revisitAt)
    }

    /// Evaluates the rule and lowers `revisitAt` to the earliest instant after `now` at which its
    /// outcome may change with no new input (left as it is when nothing read depends on time).
    /// The outcome does not change strictly before that instant; for comparisons of times and
    /// window counts with values fixed for the request it is the instant the comparison flips.
    @inlinable
    public func evaluate(in context: some RuleContext, revisitAt: inout Int64) -> RuleOutcome {
        evaluate(existential: context, revisitAt: &revisitAt)
    }

    @usableFromInline
    func evaluate(existential context: any RuleContext, revisitAt: inout Int64) -> RuleOutcome {
        var state = EvaluationState()
        let value = root(context, &state)
        if state.revisitAt < revisitAt { revisitAt = state.revisitAt }
        if let failure = state.failure { return .failed(failure) }
        return value.isTrue ? .satisfied : .notSatisfied
    }

    /// Evaluates the rule the same way while recording every sub-expression's value.
    ///
    /// Explaining is rare, so the recording form is compiled here rather than kept: it has the
    /// same nodes in the same order as the evaluated form.
    public func explain(in context: some RuleContext) -> RuleExplanation {
        let recording = RuleCompiler(schema: schema).compile(text, origin: origin, tracing: true).rule?.root ?? root
        var state = EvaluationState()
        state.tracing = true
        state.scratch.trace = Array(repeating: nil, count: nodes.count)
        let value = recording(context, &state)
        let outcome: RuleOutcome = state.failure.map(RuleOutcome.failed) ?? (value.isTrue ? .satisfied : .notSatisfied)
        // The characters are split out once for the whole tree, not once per node: a long rule
        // has many nodes, and copying its text for each one made explaining it quadratic.
        let scalars = Array(text.unicodeScalars)
        return RuleExplanation(outcome: outcome, root: node(rootNode, trace: state.extras?.trace ?? [], scalars: scalars),
                               revisitAt: state.revisitAt == .max ? nil : state.revisitAt)
    }

    private func node(_ id: Int, trace: [Value?], scalars: [Unicode.Scalar]) -> ExplanationNode {
        let info = nodes[id]
        let range = max(0, info.range.lowerBound)..<min(scalars.count, info.range.upperBound)
        let children = info.children.filter { !nodes[$0].isLiteral }.map { node($0, trace: trace, scalars: scalars) }
        return ExplanationNode(text: String(String.UnicodeScalarView(scalars[range])), value: trace[id],
                               span: origin.span(ofOffsets: info.range), children: children)
    }
}

/// A rule's evaluation with the value of each sub-expression (SEMANTICS §8).
public struct RuleExplanation: Sendable {
    /// What the rule gave.
    public var outcome: RuleOutcome
    /// The whole expression and, below it, its sub-expressions.
    public var root: ExplanationNode
    /// The earliest instant after `now` at which the outcome may change with no new input; nil
    /// when nothing read depends on time.
    public var revisitAt: Int64?

    /// An indented tree: `✓`/`✗` for bool values, `·` for others, `–` for what short-circuiting
    /// skipped.
    public func rendered(indent: String = "") -> String {
        var lines: [String] = []
        root.render(into: &lines, indent: indent)
        if case .failed(let message) = outcome {
            lines.append("\(indent)! error: \(message)")
        }
        return lines.joined(separator: "\n")
    }
}

/// One sub-expression of an explained rule.
public struct ExplanationNode: Sendable {
    /// The sub-expression as written.
    public var text: String
    /// Its value, or nil when it was not evaluated (short-circuit).
    public var value: Value?
    /// Where it is in the file.
    public var span: SourceSpan
    /// Its non-literal operands.
    public var children: [ExplanationNode]

    func render(into lines: inout [String], indent: String) {
        let mark: String
        switch value {
        case .bool(true): mark = "✓"
        case .bool(false): mark = "✗"
        case .none: mark = "–"
        default: mark = "·"
        }
        let shown = value.map { "= \($0)" } ?? "(not evaluated)"
        lines.append("\(indent)\(mark) \(text)  \(shown)")
        for child in children {
            child.render(into: &lines, indent: indent + "  ")
        }
    }
}
