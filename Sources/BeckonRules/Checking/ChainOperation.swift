/// What one operator of a chain does, once typed: compiled into a closure of its own for the
/// common `a op b`, or into a step from the value so far for longer chains.
///
/// The two forms share the operators' code (`Checker.compared`, `Checker.isMember`,
/// `Checker.arithmetic`); each case builds a closure that calls it directly, so that `a op b`
/// costs what a hand-written node costs.
enum ChainOperation {
    /// `x == null` or `x != null`; the subject is the left side unless the left side is the literal.
    case nullTest(wantsNull: Bool, subjectIsLeft: Bool)
    case comparison(BinaryOperator)
    /// `x in list`: false for a null `x`, without evaluating the list.
    case membership
    case arithmetic(BinaryOperator)

    /// `left op right` as one closure.
    func evaluator(_ left: @escaping Evaluator, _ right: @escaping Evaluator) -> Evaluator {
        switch self {
        case .nullTest(let wantsNull, subjectIsLeft: true):
            return { context, state in .bool((left(context, &state) == .null) == wantsNull) }
        case .nullTest(let wantsNull, subjectIsLeft: false):
            return { context, state in .bool((right(context, &state) == .null) == wantsNull) }
        case .comparison(let op):
            return { context, state in
                let a = left(context, &state), b = right(context, &state)
                return Checker.compared(op, a, b)
            }
        case .membership:
            return { context, state in
                let value = left(context, &state)
                return value == .null ? .bool(false) : Checker.isMember(value, of: right(context, &state))
            }
        case .arithmetic(let op):
            return { context, state in
                let a = left(context, &state), b = right(context, &state)
                return Checker.arithmetic(op, a, b, &state)
            }
        }
    }
}

/// An operator of a longer chain with its operand: from the value so far, the next value.
struct ChainStep {
    /// From the value so far to the next; it evaluates the operand itself, so that `in` can
    /// skip it when the value so far is null.
    typealias Apply = @Sendable (Value, any RuleContext, inout EvaluationState) -> Value

    var operation: ChainOperation
    var operand: Evaluator

    /// The step as a closure.
    var apply: Apply {
        let right = operand
        switch operation {
        case .nullTest(let wantsNull, subjectIsLeft: true):
            return { value, _, _ in .bool((value == .null) == wantsNull) }
        case .nullTest(let wantsNull, subjectIsLeft: false):
            return { _, context, state in .bool((right(context, &state) == .null) == wantsNull) }
        case .comparison(let op):
            return { value, context, state in Checker.compared(op, value, right(context, &state)) }
        case .membership:
            return { value, context, state in value == .null ? .bool(false) : Checker.isMember(value, of: right(context, &state)) }
        case .arithmetic(let op):
            return { value, context, state in
                let b = right(context, &state)
                return Checker.arithmetic(op, value, b, &state)
            }
        }
    }

    /// Steps applied one after the other, composed two at a time as a balanced tree: evaluation
    /// nests log2(n) calls deep, never n.
    static func composed(_ steps: ArraySlice<ChainStep>) -> Apply {
        if steps.count == 1 { return steps[steps.startIndex].apply }
        let middle = steps.startIndex + steps.count / 2
        let earlier = composed(steps[..<middle]), later = composed(steps[middle...])
        return { value, context, state in later(earlier(value, context, &state), context, &state) }
    }
}
