/// Typing and compiling chains of binary operators (`a && b && c`, `x + y - z`, `a < b`).
///
/// A chain is one node with all its operands as children, checked in a loop and compiled into
/// a balanced tree of closures: a chain of 10,000 operands is checked, evaluated and explained
/// without recursing once per operand.
extension Checker {
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
        if op == .and || op == .or { return checkLogical(op, first, links, range: range) }
        return checkFold(first, links, range: range)
    }

    /// `a && b && …` and `a || b || …`: short-circuiting, left to right.
    private mutating func checkLogical(_ op: BinaryOperator, _ first: Syntax, _ links: [ChainLink], range: Range<Int>) -> Checked? {
        var operands: [Checked] = []
        operands.reserveCapacity(links.count + 1)
        // Every operand is checked, so that one run reports every problem.
        var failed = false
        if let checked = checkBool(first, "the left side of '\(op.rawValue)'") { operands.append(checked) } else { failed = true }
        for link in links {
            if let checked = checkBool(link.operand, "the right side of '\(op.rawValue)'") { operands.append(checked) } else { failed = true }
        }
        guard !failed else { return nil }
        return make(.bool, range: range, children: operands, Self.joined(operands[...], decisive: op == .or))
    }

    /// Operands of `&&` (`decisive` false) or `||` (true) joined two at a time as a balanced tree,
    /// left to right: evaluation nests log2(n) calls deep, never n, and a chain of two or three
    /// operands costs what nested operators cost, with no loop. (Closures are taken from
    /// `Checked` values, never from an array of closures: one read back from an array is
    /// wrapped in a conversion thunk that doubles the cost of every call.)
    private static func joined(_ operands: ArraySlice<Checked>, decisive: Bool) -> Evaluator {
        if operands.count == 1 { return operands[operands.startIndex].evaluate }
        let middle = operands.startIndex + operands.count / 2
        let left = joined(operands[..<middle], decisive: decisive), right = joined(operands[middle...], decisive: decisive)
        // Two closures rather than one comparing with `decisive`: this is the hottest code of
        // all, and a constant result is measurably faster than a captured one.
        if decisive {
            return { context, state in left(context, &state).isTrue ? .bool(true) : .bool(right(context, &state).isTrue) }
        }
        return { context, state in left(context, &state).isTrue ? .bool(right(context, &state).isTrue) : .bool(false) }
    }

    /// Comparisons, `in` and arithmetic: each operator applies to the value of the operators
    /// before it and its own operand, as if the chain were written `((a op b) op c) …`.
    private mutating func checkFold(_ first: Syntax, _ links: [ChainLink], range: Range<Int>) -> Checked? {
        let head = check(first)
        var prefix = head.map { ChainPrefix(type: $0.type, range: first.range, operand: $0) }
        var operands: [Checked] = head.map { [$0] } ?? []
        var steps: [ChainStep] = []
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
            steps.append(ChainStep(operation: step.operation, operand: operand.evaluate))
            prefix = ChainPrefix(type: step.type, range: stepRange, operand: nil)
        }
        guard let prefix else { return nil }
        let first = operands[0].evaluate
        if steps.count == 1 {
            // The common case, `a op b`, as one closure; one that moves with time says when.
            if let timed = timed(steps[0].operation, operands[0], operands[1], type: prefix.type, range: range) { return timed }
            return make(prefix.type, range: range, children: operands, steps[0].operation.evaluator(first, steps[0].operand))
        }
        let rest = ChainStep.composed(steps[...])
        return make(prefix.type, range: range, children: operands) { context, state in
            rest(first(context, &state), context, &state)
        }
    }

    /// The type and the step of one operator of a fold, or nil after reporting why the
    /// operator does not apply.
    private mutating func checkStep(_ op: BinaryOperator, _ left: ChainPrefix, _ right: Checked,
                                    literalNull: (left: Bool, right: Bool), rightRange: Range<Int>, range: Range<Int>) -> (type: ValueType, operation: ChainOperation)? {
        if op == .equal || op == .notEqual, literalNull.left || literalNull.right {
            // `x == null` and `x != null`: the only comparisons with null that can be true.
            return (.bool, .nullTest(wantsNull: op == .equal, subjectIsLeft: literalNull.right))
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
