/// A node of a parsed rule, before names are resolved: what was written and where.
struct Syntax {
    indirect enum Kind {
        case literal(Value)
        case list([Syntax])
        case identifier(String)
        /// `base.name`
        case member(Syntax, name: String, nameRange: Range<Int>)
        /// `base["key"]`
        case index(Syntax, key: Syntax)
        /// `callee(arguments…)`
        case call(Syntax, arguments: [Syntax])
        case unary(UnaryOperator, Syntax)
        /// `first op operand op operand …`: binary operators of one precedence level, applied
        /// left to right. A flat chain is one node however long it is, so that only real nesting
        /// counts toward the depth limit and no pass recurses once per operand.
        case chain(Syntax, [ChainLink])
    }

    var kind: Kind
    /// The range in the rule text, in Unicode scalars.
    var range: Range<Int>
    /// The depth of the subtree, bounded by the parser so later recursive passes are safe.
    var depth: Int
}

/// An operator of a chain and the operand on its right.
struct ChainLink {
    var op: BinaryOperator
    var operand: Syntax
}

enum UnaryOperator: String {
    case not = "!"
    case negate = "-"
}

enum BinaryOperator: String {
    case or = "||", and = "&&"
    case equal = "==", notEqual = "!=", less = "<", lessEqual = "<=", greater = ">", greaterEqual = ">=", `in` = "in"
    case add = "+", subtract = "-", multiply = "*", divide = "/", remainder = "%"

    /// Binding strength: `||` < `&&` < comparisons and `in` < `+ -` < `* / %`.
    var precedence: Int {
        switch self {
        case .or: 1
        case .and: 2
        case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .in: 3
        case .add, .subtract: 4
        case .multiply, .divide, .remainder: 5
        }
    }

    var isComparison: Bool { precedence == 3 && self != .in }

    init?(_ kind: Token.Kind) {
        switch kind {
        case .or: self = .or
        case .and: self = .and
        case .equal: self = .equal
        case .notEqual: self = .notEqual
        case .less: self = .less
        case .lessEqual: self = .lessEqual
        case .greater: self = .greater
        case .greaterEqual: self = .greaterEqual
        case .keywordIn: self = .in
        case .plus: self = .add
        case .minus: self = .subtract
        case .star: self = .multiply
        case .slash: self = .divide
        case .percent: self = .remainder
        default: return nil
        }
    }
}
