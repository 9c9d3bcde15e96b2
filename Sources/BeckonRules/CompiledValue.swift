public import BeckonDiagnostics

/// An expression of any type compiled into closures, for what needs a rule-language value rather
/// than a verdict (a content template's arguments). Immutable and evaluated from many threads.
public final class CompiledValue: Sendable {
    /// The expression as written.
    public let text: String
    /// Its static type.
    public let type: ValueType
    private let root: Evaluator

    init(text: String, type: ValueType, root: @escaping Evaluator) {
        self.text = text
        self.type = type
        self.root = root
    }

    /// The expression's value in `context`; null when an operation or a plugin function failed.
    @inlinable
    public func evaluate(in context: some RuleContext) -> Value {
        evaluate(existential: context)
    }

    @usableFromInline
    func evaluate(existential context: any RuleContext) -> Value {
        var state = EvaluationState()
        let value = root(context, &state)
        return state.failure == nil ? value : .null
    }
}

/// The result of compiling an expression of any type: the expression (nil when it has errors)
/// and its diagnostics.
public struct ValueCompilation: Sendable {
    /// The compiled expression, or nil when any diagnostic is an error.
    public var value: CompiledValue?
    /// Errors and warnings, at their positions in the file.
    public var diagnostics: [Diagnostic]
}

extension RuleCompiler {
    /// Compiles one expression of any type (`params.name`, `events.saved.count`). `origin` says
    /// where each character of `text` is in its file, so an unknown name is reported where it is.
    public func compileValue(_ text: String, origin: TextOrigin) -> ValueCompilation {
        let syntax: Syntax, scalars: [Unicode.Scalar]
        switch parse(text, origin: origin) {
        case .success(let parsed): (syntax, scalars) = parsed
        case .failure(let problems): return ValueCompilation(value: nil, diagnostics: problems.diagnostics)
        }
        var checker = Checker(schema: schema, origin: origin, scalars: scalars)
        guard let checked = checker.check(syntax), !checker.diagnostics.containsErrors else {
            return ValueCompilation(value: nil, diagnostics: checker.diagnostics)
        }
        return ValueCompilation(value: CompiledValue(text: text, type: checked.type, root: checked.evaluate), diagnostics: checker.diagnostics)
    }
}
