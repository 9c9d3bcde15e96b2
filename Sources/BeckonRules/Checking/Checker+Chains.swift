/// Typing and compiling chains of binary operators (`a && b && c`, `x + y - z`, `a < b`).
///
/// A chain is one node with all its operands as children, and its compiled form loops over
/// them: a chain of 10,000 operands costs no deeper recursion than one of two, when it is
/// checked, evaluated or explained.
extension Checker {
    /// An operator of a chain with its operand: from the value so far, the next value. It
    /// evaluates its operand itself, so that `in` can skip it when the value so far is null.
    typealias Step = @Sendable (Value, any RuleContext, inout EvaluationState) -> Value

    /// The value a chain has computed so far, as typing its next operator needs it.
    struct ChainPrefix {
        var type: ValueType
        /// Where the operands so far are, for messages.
        var range: Range<Int>
        /// The first operand, while the prefix is only that (for warnings about counts).
        var operand: Checked?
    }

    mutating func checkChain(_ first: Syntax, _ links: [ChainLink], range: Range<Int>) -> Checked? {
        // `&&` and `||` are each alone on their precedence level, so a chain has one of them
        // throughout or none.
        let op = links[0].op
        if op == .and || op == .or { return checkLogical(op, [first] + links.map(\.operand), range: range) }
        return checkFold(first, links, range: range)
    }

    /// `a && b && …` and `a || b || …`: short-circuiting, left to right.
    private mutating func checkLogical(_ op: BinaryOperator, _ operandSyntaxes: [Syntax], range: Range<Int>) -> Checked? {
        var operands: [Checked] = []
        var failed = false
        for (position, syntax) in operandSyntaxes.enumerated() {
            // Every operand is checked, so that one run reports every problem.
            let side = position == 0 ? "left" : "right"
            if let checked = checkBool(syntax, "the \(side) side of '\(op.rawValue)'") { operands.append(checked) } else { failed = true }
        }
        guard !failed else { return nil }
        let decisive = op == .or
        if operands.count == 2 {
            // The common case, without the loop.
            let first = operands[0].evaluate, second = operands[1].evaluate
            return make(.bool, range: range, children: operands) { context, state in
                first(context, &state).isTrue == decisive ? .bool(decisive) : .bool(second(context, &state).isTrue)
            }
        }
        let evaluators = operands.map(\.evaluate)
        return make(.bool, range: range, children: operands) { context, state in
            for evaluate in evaluators where evaluate(context, &state).isTrue == decisive { return .bool(decisive) }
            return .bool(!decisive)
        }
    }

    /// Comparisons, `in` and arithmetic: each operator applies to the value of the operators
    /// before it and its own operand, as if the chain were written `((a op b) op c) …`.
    private mutating func checkFold(_ first: Syntax, _ links: [ChainLink], range: Range<Int>) -> Checked? {
        let head = check(first)
        var prefix = head.map { ChainPrefix(type: $0.type, range: first.range, operand: $0) }
        var operands: [Checked] = head.map { [$0] } ?? []
        var steps: [Step] = []
        for (position, link) in links.enumerated() {
            // Every operand is checked even after a problem, in the order written.
            let operand = check(link.operand)
            guard let left = prefix, let operand else {
                prefix = nil
                continue
            }
            let literalNull = (left: position == 0 && first.isNullLiteral, right: link.operand.isNullLiteral)
            let stepRange = first.range.lowerBound..<link.operand.range.upperBound
            guard let step = checkStep(link.op, left, operand, literalNull: literalNull, rightRange: link.operand.range, range: stepRange) else {
                prefix = nil
                continue
            }
            operands.append(operand)
            steps.append(step.apply)
            prefix = ChainPrefix(type: step.type, range: stepRange, operand: nil)
        }
        guard let prefix else { return nil }
        let first = operands[0].evaluate
        if steps.count == 1 {
            // The common case, without the loop.
            let step = steps[0]
            return make(prefix.type, range: range, children: operands) { context, state in
                step(first(context, &state), context, &state)
            }
        }
        let allSteps = steps
        return make(prefix.type, range: range, children: operands) { context, state in
            var value = first(context, &state)
            for step in allSteps { value = step(value, context, &state) }
            return value
        }
    }

    /// The type and the step of one operator of a fold, or nil after reporting why the
    /// operator does not apply.
    private mutating func checkStep(_ op: BinaryOperator, _ left: ChainPrefix, _ right: Checked,
                                    literalNull: (left: Bool, right: Bool), rightRange: Range<Int>, range: Range<Int>) -> (type: ValueType, apply: Step)? {
        if op == .equal || op == .notEqual, literalNull.left || literalNull.right {
            // `x == null` and `x != null`: the only comparisons with null that can be true.
            let wantsNull = op == .equal
            let subjectIsLeft = literalNull.right, operand = right.evaluate
            return (.bool, { value, context, state in
                let subject = subjectIsLeft ? value : operand(context, &state)
                return .bool((subject == .null) == wantsNull)
            })
        }
        if op == .in { return checkMembership(left, right, rightRange: rightRange, range: range).map { (.bool, $0) } }
        if op.isComparison { return checkComparison(op, left, right, range: range).map { (.bool, $0) } }
        return checkArithmetic(op, left, right, range: range)
    }
}

extension Syntax {
    /// Whether this is the literal `null`, which `==` and `!=` treat apart.
    var isNullLiteral: Bool {
        if case .literal(.null) = kind { return true }
        return false
    }
}
