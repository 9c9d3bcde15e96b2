import BeckonDiagnostics

/// Resolves every name of a parsed rule against the schema, types every node, and compiles each
/// node into a closure, in one pass. Problems become diagnostics at their true position.
struct Checker {
    let schema: RuleSchema
    let origin: TextOrigin
    let scalars: [Unicode.Scalar]
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var nodes: [NodeInfo] = []
    /// Inside `where(…)`: the event whose `info` fields are in scope.
    var infoScope: RuleSchema.Event?
    /// Whether nodes record their values (explaining). Rules are compiled without it for
    /// evaluation, where a recording wrapper would double the calls, and with it to explain.
    var tracing = false

    init(schema: RuleSchema, origin: TextOrigin, scalars: [Unicode.Scalar]) {
        self.schema = schema
        self.origin = origin
        self.scalars = scalars
        // A node takes a few characters: most rules never grow the array.
        nodes.reserveCapacity(min(scalars.count, 1024) / 4 + 4)
    }

    // MARK: Diagnostics

    mutating func error(_ code: String, _ message: String, _ range: Range<Int>) {
        diagnostics.append(.error(code, message, at: origin.span(ofOffsets: range)))
    }

    mutating func warning(_ code: String, _ message: String, _ range: Range<Int>) {
        diagnostics.append(.warning(code, message, at: origin.span(ofOffsets: range)))
    }

    /// The rule text of a range, on one line, to quote in a message: a rule written over several
    /// lines must not break the one-line form of its diagnostics.
    func text(_ range: Range<Int>) -> String {
        let clamped = max(0, range.lowerBound)..<min(scalars.count, range.upperBound)
        return OneLine.of(String(String.UnicodeScalarView(scalars[clamped])))
    }

    // MARK: Nodes

    /// Registers a node; when tracing, wraps its evaluator so that its value is recorded.
    mutating func make(_ type: ValueType, range: Range<Int>, children: [Checked] = [], constant: Bool? = nil,
                       isLiteral: Bool = false, _ evaluate: @escaping Evaluator) -> Checked {
        let id = nodes.count
        nodes.append(NodeInfo(range: range, children: children.map(\.node), isLiteral: isLiteral))
        let isConstant = constant ?? children.allSatisfy(\.isConstant)
        return Checked(type: type, evaluate: traced(evaluate, node: id), node: id, isConstant: isConstant)
    }

    /// The evaluator, recording its value as node `id`'s when tracing.
    func traced(_ evaluate: @escaping Evaluator, node id: Int) -> Evaluator {
        guard tracing else { return evaluate }
        return { context, state in
            let value = evaluate(context, &state)
            if state.tracing { state.extras!.trace[id] = value }
            return value
        }
    }

    /// A timestamp or duration that grows by `slope` per millisecond: evaluated alone it reports
    /// that it changes at the next millisecond; a comparison reads it quietly instead.
    mutating func makeLinear(_ type: ValueType, range: Range<Int>, children: [Checked] = [], slope: Int64,
                             _ quiet: @escaping Evaluator) -> Checked {
        var checked = make(type, range: range, children: children, constant: false) { context, state in
            let value = quiet(context, &state)
            if value != .null { state.changes(at: Timing.adding(context.now, 1)) }
            return value
        }
        checked.timing = .linear(slope: slope, quiet: traced(quiet, node: checked.node))
        return checked
    }

    // MARK: Expressions

    /// Checks any expression that must produce a value.
    mutating func check(_ syntax: Syntax) -> Checked? {
        switch syntax.kind {
        case .literal(let value):
            return make(value.type, range: syntax.range, constant: true, isLiteral: true) { _, _ in value }
        case .list(let items):
            return checkList(items, range: syntax.range)
        case .unary(let op, let operand):
            return checkUnary(op, operand, range: syntax.range)
        case .chain(let first, let links):
            return checkChain(first, links, range: syntax.range)
        case .identifier, .member, .index, .call:
            return checkName(syntax)
        }
    }

    /// Checks an expression that must be a `bool`; `role` names it in the message, and is only
    /// worded when there is one.
    mutating func checkBool(_ syntax: Syntax, _ role: @autoclosure () -> String) -> Checked? {
        guard let checked = check(syntax) else { return nil }
        guard checked.type == .bool || checked.type == .null else {
            error("rule.type", "\(role()) must be bool, but '\(text(syntax.range))' is \(checked.type)", syntax.range)
            return nil
        }
        return checked
    }

    private mutating func checkList(_ items: [Syntax], range: Range<Int>) -> Checked? {
        var checkedItems: [Checked] = []
        var elementType: ValueType = .null
        for item in items {
            guard let checked = check(item) else { return nil }
            if case .list = checked.type {
                error("rule.type", "lists cannot contain lists", item.range)
                return nil
            }
            if let unified = Self.unify(elementType, checked.type) {
                elementType = unified
            } else {
                error("rule.type", "a list holds one type of value, but this item is \(checked.type) and the ones before it are \(elementType)", item.range)
                return nil
            }
            checkedItems.append(checked)
        }
        let evaluators = checkedItems.map(\.evaluate)
        let widen = elementType == .double
        return make(.list(elementType), range: range, children: checkedItems) { context, state in
            var values: [Value] = []
            values.reserveCapacity(evaluators.count)
            for evaluate in evaluators {
                let value = evaluate(context, &state)
                if widen, case .int(let integer) = value { values.append(.double(Double(integer))) } else { values.append(value) }
            }
            return .list(values)
        }
    }

    /// The common type of two types, widening int to double; `null` joins anything.
    static func unify(_ a: ValueType, _ b: ValueType) -> ValueType? {
        if a == b { return a }
        if a == .null { return b }
        if b == .null { return a }
        if a.isNumeric, b.isNumeric { return .double }
        return nil
    }

    private mutating func checkUnary(_ op: UnaryOperator, _ operandSyntax: Syntax, range: Range<Int>) -> Checked? {
        guard let operand = check(operandSyntax) else { return nil }
        let evaluate = operand.evaluate
        switch op {
        case .not:
            guard operand.type == .bool || operand.type == .null else {
                error("rule.type", "'!' needs a bool, but '\(text(operandSyntax.range))' is \(operand.type)", operandSyntax.range)
                return nil
            }
            return make(.bool, range: range, children: [operand]) { context, state in
                .bool(!evaluate(context, &state).isTrue)
            }
        case .negate:
            guard [.int, .double, .duration].contains(operand.type) else {
                error("rule.type", "'-' needs an int, a double or a duration, but '\(text(operandSyntax.range))' is \(operand.type)", operandSyntax.range)
                return nil
            }
            return make(operand.type, range: range, children: [operand]) { context, state in
                switch evaluate(context, &state) {
                case .int(let value):
                    let (negated, overflow) = Int64(0).subtractingReportingOverflow(value)
                    return overflow ? state.fail("integer overflow in '-'") : .int(negated)
                case .double(let value): return .double(-value)
                case .duration(let value):
                    let (negated, overflow) = Int64(0).subtractingReportingOverflow(value)
                    return overflow ? state.fail("duration overflow in '-'") : .duration(negated)
                default: return .null
                }
            }
        }
    }
}
