/// Typing the operators of a chain (see `Checker+Chains.swift`): each gives the operation that
/// `ChainOperation` compiles, or nil after reporting why it does not apply.
extension Checker {
    /// `== != < <= > >=`: values of one type (ints and doubles mix); ordering needs an
    /// orderable type. A comparison with null is false.
    mutating func checkComparison(_ op: BinaryOperator, _ left: ChainPrefix, _ right: Checked, range: Range<Int>) -> ChainOperation? {
        let ordered = op != .equal && op != .notEqual
        let orderable: [ValueType] = [.int, .double, .string, .duration, .timestamp, .version]
        guard let common = Self.unify(left.type, right.type), !ordered || orderable.contains(common) else {
            let verb = ordered ? "order" : "compare"
            error("rule.type", "cannot \(verb) \(left.type) with \(right.type) in '\(text(range))'", range)
            return nil
        }
        warnIfNeverHolds(op, left.operand, right, range: range)
        return .comparison(op)
    }

    /// `a op b` for a comparison operator; false when either side is null.
    static func compared(_ op: BinaryOperator, _ a: Value, _ b: Value) -> Value {
        guard let order = compare(a, b) else { return .bool(false) }
        switch op {
        case .equal: return .bool(order == 0)
        case .notEqual: return .bool(order != 0)
        case .less: return .bool(order < 0)
        case .lessEqual: return .bool(order <= 0)
        case .greater: return .bool(order > 0)
        default: return .bool(order >= 0)
        }
    }

    /// -1, 0 or 1; nil when either side is null (a comparison with null is false).
    static func compare(_ a: Value, _ b: Value) -> Int? {
        // Equality first: `==` is the common question, and for strings one test instead of two.
        func order<T: Comparable>(_ x: T, _ y: T) -> Int { x == y ? 0 : (x < y ? -1 : 1) }
        switch (a, b) {
        case (.int(let x), .int(let y)): return order(x, y)
        case (.duration(let x), .duration(let y)), (.timestamp(let x), .timestamp(let y)): return order(x, y)
        case (.string(let x), .string(let y)): return order(x, y)
        case (.version(let x), .version(let y)): return order(x, y)
        case (.bool(let x), .bool(let y)): return x == y ? 0 : 1
        case (.list(let x), .list(let y)): return x == y ? 0 : 1
        default:
            guard let x = a.asDouble, let y = b.asDouble else { return nil }
            return order(x, y)
        }
    }

    /// Warns about a count compared with a negative bound. `left` is nil when the left side is
    /// itself a chain of comparisons (a bool, never a count).
    private mutating func warnIfNeverHolds(_ op: BinaryOperator, _ left: Checked?, _ right: Checked, range: Range<Int>) {
        func constantNumber(_ checked: Checked?) -> Double? {
            guard let checked, checked.isConstant else { return nil }
            var state = EvaluationState()
            return checked.evaluate(ConstantContext.shared, &state).asDouble
        }
        var never = false
        if let left, left.isCount, let bound = constantNumber(right) {
            never = (op == .less && bound <= 0) || (op == .lessEqual && bound < 0) || (op == .equal && bound < 0)
        } else if right.isCount, let bound = constantNumber(left) {
            never = (op == .greater && bound <= 0) || (op == .greaterEqual && bound < 0) || (op == .equal && bound < 0)
        }
        if never {
            warning("rule.neverHolds", "'\(text(range))' can never hold: a count is never negative", range)
        }
    }

    /// `x in list`: false when `x` is null.
    mutating func checkMembership(_ left: ChainPrefix, _ right: Checked, rightRange: Range<Int>, range: Range<Int>) -> ChainOperation? {
        guard case .list(let element) = right.type else {
            error("rule.type", "'in' needs a list on its right, but '\(text(rightRange))' is \(right.type)", rightRange)
            return nil
        }
        guard Self.unify(left.type, element) != nil else {
            error("rule.type", "'\(text(left.range))' is \(left.type), so it can never be in a list of \(element)", range)
            return nil
        }
        return .membership
    }

    /// Whether a (non-null) value is in a list.
    static func isMember(_ value: Value, of list: Value) -> Value {
        guard case .list(let items) = list else { return .bool(false) }
        return .bool(items.contains { compare(value, $0) == 0 })
    }

    /// `+ - * / %` on numbers, durations and timestamps.
    mutating func checkArithmetic(_ op: BinaryOperator, _ left: ChainPrefix, _ right: Checked,
                                  range: Range<Int>) -> (type: ValueType, operation: ChainOperation)? {
        guard let resultType = Self.arithmeticType(op, left.type, right.type) else {
            error("rule.type", "'\(op.rawValue)' cannot combine \(left.type) and \(right.type) in '\(text(range))'", range)
            return nil
        }
        return (resultType, .arithmetic(op))
    }

    /// The result type of `left op right`, or nil when the operator does not apply.
    static func arithmeticType(_ op: BinaryOperator, _ left: ValueType, _ right: ValueType) -> ValueType? {
        switch (op, left, right) {
        case (_, .int, .int): return .int
        case (_, .int, .double), (_, .double, .int), (_, .double, .double): return .double
        case (.add, .duration, .duration), (.subtract, .duration, .duration): return .duration
        case (.subtract, .timestamp, .timestamp): return .duration
        case (.add, .timestamp, .duration), (.add, .duration, .timestamp), (.subtract, .timestamp, .duration): return .timestamp
        default: return nil
        }
    }

    static func arithmetic(_ op: BinaryOperator, _ a: Value, _ b: Value, _ state: inout EvaluationState) -> Value {
        switch (a, b) {
        case (.int(let x), .int(let y)):
            let result: (partialValue: Int64, overflow: Bool)
            switch op {
            case .add: result = x.addingReportingOverflow(y)
            case .subtract: result = x.subtractingReportingOverflow(y)
            case .multiply: result = x.multipliedReportingOverflow(by: y)
            case .divide:
                guard y != 0 else { return state.fail("division by zero") }
                result = x.dividedReportingOverflow(by: y)
            default:
                guard y != 0 else { return state.fail("remainder by zero") }
                result = x.remainderReportingOverflow(dividingBy: y)
            }
            return result.overflow ? state.fail("integer overflow in '\(op.rawValue)'") : .int(result.partialValue)
        case (.duration(let x), .duration(let y)):
            return checkedInstant(op == .add ? x.addingReportingOverflow(y) : x.subtractingReportingOverflow(y), &state, Value.duration)
        case (.timestamp(let x), .timestamp(let y)):
            return checkedInstant(x.subtractingReportingOverflow(y), &state, Value.duration)
        case (.timestamp(let x), .duration(let y)):
            return checkedInstant(op == .add ? x.addingReportingOverflow(y) : x.subtractingReportingOverflow(y), &state, Value.timestamp)
        case (.duration(let x), .timestamp(let y)):
            return checkedInstant(y.addingReportingOverflow(x), &state, Value.timestamp)
        default:
            guard let x = a.asDouble, let y = b.asDouble else { return .null }
            switch op {
            case .add: return .double(x + y)
            case .subtract: return .double(x - y)
            case .multiply: return .double(x * y)
            case .divide: return y == 0 ? state.fail("division by zero") : .double(x / y)
            default: return y == 0 ? state.fail("remainder by zero") : .double(x.truncatingRemainder(dividingBy: y))
            }
        }
    }

    private static func checkedInstant(_ result: (partialValue: Int64, overflow: Bool), _ state: inout EvaluationState,
                                       _ wrap: (Int64) -> Value) -> Value {
        result.overflow ? state.fail("time arithmetic overflow") : wrap(result.partialValue)
    }
}

/// A context for folding constants: constant nodes never ask it anything.
final class ConstantContext: NothingStoredContext, @unchecked Sendable {
    static let shared = ConstantContext()
    var now: Int64 { 0 }
    var subject: String { "" }
    var appVersion: Version? { nil }
}
