public import BeckonDiagnostics

/// Parses, type-checks and compiles rules against a schema. Compile once at load; evaluate often.
public struct RuleCompiler: Sendable {
    /// The names rules may use.
    public let schema: RuleSchema

    /// Creates a compiler for a schema.
    public init(schema: RuleSchema) {
        self.schema = schema
    }

    /// Compiles one rule, which must be a `bool` expression. `origin` says where each character
    /// of `text` is in its file, so diagnostics point at the offending token.
    public func compile(_ text: String, origin: TextOrigin) -> RuleCompilation {
        compile(text, origin: origin, tracing: false)
    }

    /// Compiles with or without nodes that record their values (see `Checker.tracing`).
    func compile(_ text: String, origin: TextOrigin, tracing: Bool) -> RuleCompilation {
        let syntax: Syntax, scalars: [Unicode.Scalar]
        switch parse(text, origin: origin) {
        case .success(let parsed): (syntax, scalars) = parsed
        case .failure(let problems): return RuleCompilation(rule: nil, diagnostics: problems.diagnostics)
        }
        var checker = Checker(schema: schema, origin: origin, scalars: scalars)
        checker.tracing = tracing
        guard let checked = checker.checkBool(syntax, "a rule"), !checker.diagnostics.containsErrors else {
            return RuleCompilation(rule: nil, diagnostics: checker.diagnostics)
        }
        var diagnostics = checker.diagnostics
        if checked.isConstant {
            var state = EvaluationState()
            let value = checked.evaluate(ConstantContext.shared, &state).isTrue
            // A constant that fails (`1 / 0 == 0`) is neither true nor false at evaluation time.
            let always = state.failure.map { "this rule always fails (\($0))" } ?? "this rule is always \(value)"
            diagnostics.append(.warning("rule.constant", "\(always); it does not depend on anything", at: origin.span(ofOffsets: syntax.range)))
        }
        let rule = CompiledRule(text: text, origin: origin, root: checked.evaluate, rootNode: checked.node, nodes: checker.nodes, schema: schema,
                                fast: tracing ? nil : FastRule.compile(syntax, schema: schema))
        return RuleCompilation(rule: rule, diagnostics: diagnostics)
    }
}

extension RuleCompiler {
    /// Syntax errors, at their places in the file.
    struct SyntaxProblems: Error {
        var diagnostics: [Diagnostic]
    }

    /// Lexes and parses one expression: its syntax tree and its characters (which the checker
    /// reads for positions), or its syntax errors (`rule.syntax`).
    func parse(_ text: String, origin: TextOrigin) -> Result<(syntax: Syntax, scalars: [Unicode.Scalar]), SyntaxProblems> {
        var lexer = Lexer(text)
        let tokens = lexer.tokenize()
        if !lexer.problems.isEmpty {
            return .failure(SyntaxProblems(diagnostics: lexer.problems.map {
                .error("rule.syntax", $0.message, at: origin.span(ofOffsets: $0.range))
            }))
        }
        var parser = Parser(tokens: tokens)
        do {
            return .success((try parser.parseRule(), lexer.scalars))
        } catch {
            return .failure(SyntaxProblems(diagnostics: [.error("rule.syntax", error.message, at: origin.span(ofOffsets: error.range))]))
        }
    }
}

/// The result of compiling a rule: the rule (nil when it has errors) and its diagnostics.
public struct RuleCompilation: Sendable {
    /// The compiled rule, or nil when any diagnostic is an error.
    public var rule: CompiledRule?
    /// Errors and warnings, at their positions in the file.
    public var diagnostics: [Diagnostic]
}

/// What evaluating a rule gave.
public enum RuleOutcome: Hashable, Sendable {
    case satisfied
    case notSatisfied
    /// A plugin function or an operation failed; the rule counts as not satisfied.
    case failed(String)

    /// Whether the rule holds; a failed rule never does.
    public var isSatisfied: Bool { self == .satisfied }
}
