/// A rule made only of the common shapes, in a flat form that an engine evaluates directly
/// against a subject's record: no closures, no existential context, no `Value` results, nothing
/// allocated. Compiled next to the closure form when every node of the rule is one of:
///
/// - `params.X` as a bool operand, or compared with an int or string literal (strings: `==`, `!=`);
/// - `events.E.count` or `events.E.within(D).count` compared with an int literal;
/// - `tips.T.displayCount` compared with an int literal;
/// - `&&`, `||` and `!` of those.
///
/// It means what the closure form means, and says when its outcome may change the same way
/// (a window count's flip instant). An evaluator that meets a value outside these shapes at run
/// time (a double in an int parameter, say) leaves the decision to the closure form.
///
/// A class, so that reading one from a tip's list of rules retains it once rather than each of
/// its arrays.
public final class FastRule: Sendable {
    /// A comparison operator, the fast form's operand always on the left.
    public enum Comparison: Sendable, Hashable {
        case equal, notEqual, less, lessEqual, greater, greaterEqual

        /// Whether `a op b` holds.
        @inline(__always)
        public func holds(_ a: Int64, _ b: Int64) -> Bool {
            switch self {
            case .equal: a == b
            case .notEqual: a != b
            case .less: a < b
            case .lessEqual: a <= b
            case .greater: a > b
            case .greaterEqual: a >= b
            }
        }

        /// Whether `a op b` holds for doubles, decided from their order as the general evaluator
        /// decides it (equal, else less, else greater), so that both paths agree on every value.
        @inline(__always)
        public func holds(_ a: Double, _ b: Double) -> Bool {
            let order = a == b ? 0 : (a < b ? -1 : 1)
            switch self {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .less: return order < 0
            case .lessEqual: return order <= 0
            case .greater: return order > 0
            case .greaterEqual: return order >= 0
            }
        }

        /// The same question with the operands swapped (`3 <= x` is `x >= 3`).
        var mirrored: Comparison {
            switch self {
            case .equal, .notEqual: self
            case .less: .greater
            case .lessEqual: .greaterEqual
            case .greater: .less
            case .greaterEqual: .lessEqual
            }
        }

        init?(_ op: BinaryOperator) {
            switch op {
            case .equal: self = .equal
            case .notEqual: self = .notEqual
            case .less: self = .less
            case .lessEqual: self = .lessEqual
            case .greater: self = .greater
            case .greaterEqual: self = .greaterEqual
            default: return nil
            }
        }
    }

    /// One node; operands are indexes into `nodes`.
    public enum Node: Sendable {
        /// `a && b && …`, left to right, stopping at the first false operand.
        case all(first: Int, count: Int)
        /// `a || b || …`, left to right, stopping at the first true operand.
        case any(first: Int, count: Int)
        case not(Int)
        /// `params.X` as a bool: true only when it holds `true`.
        case parameterIsTrue(slot: Int)
        /// `params.X op bound` for an int bound.
        case parameterInt(slot: Int, Comparison, Int64)
        /// `params.X op bound` for a double parameter and a number bound (an int widened, as
        /// the checker widens it; values are finite: text, JSON and C refuse the others).
        case parameterDouble(slot: Int, Comparison, Double)
        /// `params.X == strings[text]` (`equal` true) or `params.X != strings[text]` (the text
        /// kept apart, so that nodes hold no reference and cost nothing to read).
        case parameterString(slot: Int, equal: Bool, text: Int)
        /// `events.E.count op bound`: the lifetime count.
        case eventCount(slot: Int, Comparison, Int64)
        /// `events.E.within(window).count op bound`.
        case windowCount(slot: Int, window: Int64, Comparison, Int64)
        /// `tips.T.displayCount op bound`.
        case tipDisplayCount(slot: Int, Comparison, Int64)
    }

    /// The nodes; operands of `all` and `any` are listed in `operands`.
    public let nodes: [Node]
    /// Operand node indexes of `all` and `any` nodes, each node's run consecutive.
    public let operands: [Int]
    /// The rule's node.
    public let root: Int
    /// The string literals `parameterString` nodes compare with.
    public let strings: [String]

    private init(nodes: [Node], operands: [Int], strings: [String], root: Int) {
        self.nodes = nodes
        self.operands = operands
        self.strings = strings
        self.root = root
    }

    /// The fast form of a checked rule, or nil when a node is not one of its shapes.
    static func compile(_ syntax: Syntax, schema: RuleSchema) -> FastRule? {
        var builder = Builder(schema: schema)
        guard let root = builder.bool(syntax) else { return nil }
        return FastRule(nodes: builder.nodes, operands: builder.operands, strings: builder.strings, root: root)
    }

    /// The parameter, event and tip slots the rule reads.
    public var parameterSlots: [Int] {
        nodes.compactMap {
            switch $0 {
            case .parameterIsTrue(let slot), .parameterInt(let slot, _, _), .parameterDouble(let slot, _, _), .parameterString(let slot, _, _): slot
            default: nil
            }
        }
    }

    /// The tips whose display counts the rule reads.
    public var tipSlots: [Int] {
        nodes.compactMap { if case .tipDisplayCount(let slot, _, _) = $0 { slot } else { nil } }
    }

    /// When a window count compared with `bound` first changes its outcome as its donations leave
    /// the window: `times` ascending, counted from `start` (all of them to the end), `window` the
    /// longest age that counts. Nil when it never does. The same instant the closure form reports.
    public static func windowFlip(_ op: Comparison, bound: Int64, times: [Int64], start: Int, window: Int64) -> Int64? {
        let n = Int64(times.count - start)
        guard n > 0 else { return nil }
        let current = op.holds(n, bound)
        // The outcome changes only at n - 1 or around the bound: the first value below n,
        // counting down, whose outcome differs. (The closure form asks the same in doubles:
        // for an int bound, `-1 < bound < n` and the values bound + 1, bound, bound - 1.)
        var changed: Int64 = -1
        if op.holds(n - 1, bound) != current {
            changed = n - 1
        } else if bound >= 0, bound < n {
            if bound + 1 < n - 1, op.holds(bound + 1, bound) != current {
                changed = bound + 1
            } else if bound < n - 1, op.holds(bound, bound) != current {
                changed = bound
            } else if bound >= 1, bound - 1 < n - 1, op.holds(bound - 1, bound) != current {
                changed = bound - 1
            }
        }
        guard changed >= 0 else { return nil }
        return adding(times[start + Int(n - changed) - 1], window, 1)
    }

    /// `Timing.adding` of three values, saturating the same way, without its variadic array
    /// (which cost a stack object, its release and its deallocation on every flip: ~230
    /// instructions).
    @inline(__always)
    private static func adding(_ first: Int64, _ second: Int64, _ third: Int64) -> Int64 {
        saturating(saturating(saturating(0, first), second), third)
    }

    @inline(__always)
    private static func saturating(_ total: Int64, _ value: Int64) -> Int64 {
        let (sum, overflow) = total.addingReportingOverflow(value)
        return overflow ? (value > 0 ? .max : .min) : sum
    }
}

extension FastRule {
    fileprivate struct Builder {
        let schema: RuleSchema
        var nodes: [Node] = []
        var operands: [Int] = []
        var strings: [String] = []

        mutating func add(_ node: Node) -> Int {
            nodes.append(node)
            return nodes.count - 1
        }

        /// A bool-valued node.
        mutating func bool(_ syntax: Syntax) -> Int? {
            switch syntax.kind {
            case .unary(.not, let operand):
                guard let inner = bool(operand) else { return nil }
                return add(.not(inner))
            case .chain(let first, let links):
                let op = links[0].op
                if op == .and || op == .or {
                    guard links.allSatisfy({ $0.op == op }) else { return nil }
                    var children: [Int] = []
                    for operand in [first] + links.map(\.operand) {
                        guard let child = bool(operand) else { return nil }
                        children.append(child)
                    }
                    let start = operands.count
                    operands += children
                    return add(op == .and ? .all(first: start, count: children.count) : .any(first: start, count: children.count))
                }
                guard links.count == 1, let comparison = Comparison(op) else { return nil }
                return compare(first, comparison, links[0].operand)
            default:
                guard let parameter = parameter(syntax), parameter.type == .bool else { return nil }
                return add(.parameterIsTrue(slot: parameter.slot))
            }
        }

        /// `a op b` where one side is a literal.
        mutating func compare(_ left: Syntax, _ op: Comparison, _ right: Syntax) -> Int? {
            if case .literal(let value) = right.kind { return compare(left, op, value) }
            if case .literal(let value) = left.kind { return compare(right, op.mirrored, value) }
            return nil
        }

        mutating func compare(_ operand: Syntax, _ op: Comparison, _ literal: Value) -> Int? {
            if let parameter = parameter(operand) {
                let slot = parameter.slot
                switch (parameter.type, literal) {
                case (.int, .int(let bound)): return add(.parameterInt(slot: slot, op, bound))
                case (.double, .double(let bound)): return add(.parameterDouble(slot: slot, op, bound))
                case (.double, .int(let bound)): return add(.parameterDouble(slot: slot, op, Double(bound)))
                case (.string, .string(let text)) where op == .equal || op == .notEqual:
                    strings.append(text)
                    return add(.parameterString(slot: slot, equal: op == .equal, text: strings.count - 1))
                default: return nil
                }
            }
            guard case .int(let bound) = literal, case .member(let base, "count", _) = operand.kind else {
                if case .int(let bound) = literal, let tip = tipDisplayCount(operand) { return add(.tipDisplayCount(slot: tip, op, bound)) }
                return nil
            }
            if let event = event(base) { return add(.eventCount(slot: event.slot, op, bound)) }
            // `events.E.within(D).count`: D a literal duration (the checker holds it to the retention).
            guard case .call(let callee, let arguments) = base.kind, arguments.count == 1,
                  case .member(let eventSyntax, "within", _) = callee.kind, let event = event(eventSyntax),
                  case .literal(.duration(let window)) = arguments[0].kind, window >= 0 else { return nil }
            return add(.windowCount(slot: event.slot, window: window, op, bound))
        }

        /// The parameter `params.X` / `params["X"]` names.
        func parameter(_ syntax: Syntax) -> RuleSchema.Parameter? {
            guard let (root, name) = member(syntax), root == "params" else { return nil }
            return schema.parameters[name]
        }

        func event(_ syntax: Syntax) -> RuleSchema.Event? {
            guard let (root, name) = member(syntax), root == "events" else { return nil }
            return schema.events[name]
        }

        func tipDisplayCount(_ syntax: Syntax) -> Int? {
            guard case .member(let base, "displayCount", _) = syntax.kind, let (root, name) = member(base), root == "tips" else { return nil }
            return schema.tips[name]
        }

        /// `root.name` or `root["name"]` for an identifier root.
        func member(_ syntax: Syntax) -> (String, String)? {
            switch syntax.kind {
            case .member(let base, let name, _):
                guard case .identifier(let root) = base.kind else { return nil }
                return (root, name)
            case .index(let base, let key):
                guard case .identifier(let root) = base.kind, case .literal(.string(let name)) = key.kind else { return nil }
                return (root, name)
            default:
                return nil
            }
        }
    }
}
