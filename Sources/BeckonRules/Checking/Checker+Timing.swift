/// `a op b` where an operand moves with time alone (see `Timing`): a comparison reports the
/// instant it flips rather than every millisecond of its operands; `+` and `-` keep a linear
/// value linear.
extension Checker {
    /// The timed node, or nil when both operands are steady or the shapes are not modelled (the
    /// operands then report their own changes, which is early but never late).
    mutating func timed(_ operation: ChainOperation, _ left: Checked, _ right: Checked, type: ValueType,
                        range: Range<Int>) -> Checked? {
        if left.timing.isSteady, right.timing.isSteady { return nil }
        switch operation {
        case .comparison(let op):
            if let leftSlope = left.timing.slope, let rightSlope = right.timing.slope {
                return linearComparison(op, left, right, rate: leftSlope - rightSlope, range: range)
            }
            if case .window(let count) = left.timing, right.timing.isSteady {
                return windowComparison(op, count, bound: right, countOnLeft: true, children: [left, right], range: range)
            }
            if case .window(let count) = right.timing, left.timing.isSteady {
                return windowComparison(op, count, bound: left, countOnLeft: false, children: [left, right], range: range)
            }
            return nil
        case .arithmetic(let op) where op == .add || op == .subtract:
            guard let leftSlope = left.timing.slope, let rightSlope = right.timing.slope else { return nil }
            let a = Self.quiet(left), b = Self.quiet(right)
            let combined: Evaluator = { context, state in
                let x = a(context, &state), y = b(context, &state)
                return Checker.arithmetic(op, x, y, &state)
            }
            let slope = op == .add ? leftSlope + rightSlope : leftSlope - rightSlope
            if slope == 0 { return make(type, range: range, children: [left, right], combined) }
            return makeLinear(type, range: range, children: [left, right], slope: slope, combined)
        default:
            return nil
        }
    }

    /// The value without reporting its own growth.
    private static func quiet(_ checked: Checked) -> Evaluator {
        if case .linear(_, let quiet) = checked.timing { return quiet }
        return checked.evaluate
    }

    private mutating func linearComparison(_ op: BinaryOperator, _ left: Checked, _ right: Checked, rate: Int64,
                                           range: Range<Int>) -> Checked {
        let a = Self.quiet(left), b = Self.quiet(right)
        return make(.bool, range: range, children: [left, right]) { context, state in
            let x = a(context, &state), y = b(context, &state)
            if let first = x.instantValue, let second = y.instantValue {
                let (difference, overflow) = first.subtractingReportingOverflow(second)
                if overflow {
                    state.changes(at: Timing.adding(context.now, 1))
                } else if let flip = Timing.flip(op, difference: difference, rate: rate, now: context.now) {
                    state.changes(at: flip)
                }
            }
            return Checker.compared(op, x, y)
        }
    }

    private mutating func windowComparison(_ op: BinaryOperator, _ count: @escaping WindowEvaluator, bound: Checked,
                                           countOnLeft: Bool, children: [Checked], range: Range<Int>) -> Checked {
        let other = bound.evaluate
        return make(.bool, range: range, children: children) { context, state in
            let counted: WindowCount, value: Value
            if countOnLeft {
                counted = count(context, &state)
                value = other(context, &state)
            } else {
                value = other(context, &state)
                counted = count(context, &state)
            }
            if let flip = Timing.flip(op, count: counted, bound: value, countOnLeft: countOnLeft, context, &state) { state.changes(at: flip) }
            let countValue = Value.int(counted.count)
            return countOnLeft ? Checker.compared(op, countValue, value) : Checker.compared(op, value, countValue)
        }
    }
}

extension Value {
    /// The milliseconds of a timestamp or duration.
    var instantValue: Int64? {
        switch self {
        case .timestamp(let value), .duration(let value): value
        default: nil
        }
    }
}
