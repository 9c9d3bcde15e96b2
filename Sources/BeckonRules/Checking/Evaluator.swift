/// A compiled node: computes its value from the context. Nodes are closures built once at load.
typealias Evaluator = @Sendable (any RuleContext, inout EvaluationState) -> Value

/// Per-evaluation state, on the caller's stack. The common evaluation touches only `failure`;
/// what explaining and donation filters need lives in `extras`, allocated only when used, so the
/// state stays small and costs nothing to set up and tear down.
struct EvaluationState {
    /// Set by the first node that fails (a plugin error, a division by zero); the rule is then
    /// neither true nor false.
    var failure: String?
    /// Whether each node's value is being recorded (explaining).
    var tracing = false
    /// Storage for explanations and filters, created on first use.
    var extras: EvaluationExtras?
    /// The earliest instant at which a node evaluated so far may change with no new input
    /// (`Int64.max`: none). See `Timing`.
    var revisitAt = Int64.max

    /// The extras, created when first needed.
    var scratch: EvaluationExtras {
        mutating get {
            if let extras { return extras }
            let created = EvaluationExtras()
            extras = created
            return created
        }
    }

    /// Inside `where(…)`: the info values of the donation being tested.
    var info: [Value] { extras?.info ?? [] }

    /// Notes that a value read may change at `instant`.
    @inline(__always)
    mutating func changes(at instant: Int64) {
        if instant < revisitAt { revisitAt = instant }
    }

    mutating func fail(_ message: String) -> Value {
        if failure == nil { failure = message }
        return .null
    }
}

/// What an evaluation needs beyond its result, kept apart so the common case allocates nothing.
final class EvaluationExtras {
    /// When explaining, each node's value by node id.
    var trace: [Value?] = []
    /// Inside `where(…)`: the info values of the donation being tested.
    var info: [Value] = []
    /// Values of donation queries nested in `where(…)`, by node id, computed once per evaluation.
    var memo: [Int: Value] = [:]
}

/// A checked, compiled sub-expression.
struct Checked {
    var type: ValueType
    var evaluate: Evaluator
    /// The node's id in the explanation tree.
    var node: Int
    /// Whether the value depends on nothing in the context (so it can be folded and warned about).
    var isConstant: Bool
    /// Whether the value is a count (never negative), for "can never hold" warnings.
    var isCount = false
    /// How the value moves with time alone.
    var timing = Timing.steady
}

/// What the explanation tree knows about a node besides its value.
struct NodeInfo: Sendable {
    /// Range in the rule text (Unicode scalars).
    var range: Range<Int>
    var children: [Int]
    /// Literals are not shown as their own lines in explanations.
    var isLiteral: Bool
}

extension Value {
    /// Truthiness in `&&`, `||`, `!` and at the top of a rule: only `true` is true; null is false.
    @inline(__always)
    var isTrue: Bool {
        if case .bool(true) = self { return true }
        return false
    }

    /// The numeric value of an int or double, for widening.
    var asDouble: Double? {
        switch self {
        case .int(let value): Double(value)
        case .double(let value): value
        default: nil
        }
    }
}
