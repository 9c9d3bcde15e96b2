/// How a node's value moves with time alone, so that a rule can tell when its answer may change
/// (issue 13's `revisitAt`) while it is evaluated, without a second pass.
///
/// Every node keeps one promise: its value does not change strictly before the earliest instant
/// its evaluation reported (`EvaluationState.revisitAt`). A node that changes with every
/// millisecond (`now`, `sinceLast`) keeps it by reporting `now + 1`; a comparison of it with a
/// value fixed for the request reports instead the instant the comparison flips, reading its
/// operands through their quiet forms, which report nothing of their own change.
enum Timing {
    /// Constant until the earliest instant its evaluation reports.
    case steady
    /// A timestamp or duration growing by `slope` per millisecond; `quiet` computes it without
    /// reporting that growth.
    case linear(slope: Int64, quiet: Evaluator)
    /// A count of donations that shrinks as they leave a window; `quiet` counts them and says when
    /// each leaves, without reporting it.
    case window(quiet: WindowEvaluator)
}

typealias WindowEvaluator = @Sendable (any RuleContext, inout EvaluationState) -> WindowCount

/// A window count with the instants its donations leave the window, oldest first.
struct WindowCount {
    var count: Int64
    var log: DonationLog
    /// The first donation inside the window.
    var start: Int
    /// The filter that picked the counted donations among those from `start` on, if any; they
    /// are not recorded (that would allocate per evaluation) but found again when asked for.
    var filter: DonationFilter?
    /// The oldest counted donation's index (meaningful when `count > 0`).
    var oldest: Int
    /// How old a donation may be and still count (`now - time <= window`).
    var window: Int64

    /// The instant the `k`-th counted donation (0 is the oldest) leaves the window. A filtered
    /// one past the oldest is found by testing the donations again, from the nearer end.
    func leaves(_ k: Int, _ context: any RuleContext, _ state: inout EvaluationState) -> Int64 {
        var index = start + k
        if let filter {
            index = k == 0 ? oldest : Checker.match(k, of: Int(count), in: log, from: start, filter, context, &state)
        }
        return Timing.adding(log.times[index], window, 1)
    }
}

extension Timing {
    /// Whether the value never changes with time alone.
    var isSteady: Bool {
        if case .steady = self { return true }
        return false
    }

    /// The per-millisecond slope of a steady or linear value; nil for a window.
    var slope: Int64? {
        switch self {
        case .steady: 0
        case .linear(let slope, _): slope
        case .window: nil
        }
    }

    /// Saturating sum of instants and durations: an instant past the ends of time is never reached.
    static func adding(_ values: Int64...) -> Int64 {
        var total: Int64 = 0
        for value in values {
            let (sum, overflow) = total.addingReportingOverflow(value)
            total = overflow ? (value > 0 ? .max : .min) : sum
        }
        return total
    }

    /// When `a op b` first differs from its value at `now`, where `a - b` is `difference` at
    /// `now` and grows by `rate` per millisecond; nil when it never does.
    static func flip(_ op: BinaryOperator, difference: Int64, rate: Int64, now: Int64) -> Int64? {
        guard rate != 0 else { return nil }
        // Seen from the side where the difference grows: a difference that falls is the same
        // question asked about `b - a`.
        let growing = rate > 0
        let d = growing ? difference : (difference == .min ? .max : -difference)
        let k = growing ? rate : -rate
        func holds(_ sign: Int) -> Bool {
            let order = growing ? sign : -sign
            switch op {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .less: return order < 0
            case .lessEqual: return order <= 0
            case .greater: return order > 0
            default: return order >= 0
            }
        }
        let current = holds(Int(d.signum()))
        // No arrays here: this runs in every evaluation of such a comparison.
        if d > 0 { return nil }
        if d == 0 { return holds(1) != current ? adding(now, 1) : nil }
        let steps = (-(d + 1)) / k + 1, exact = (-(d + 1)) % k + 1 == k
        let reach = adding(now, steps)
        guard reach != .max else { return nil }
        if !exact { return holds(1) != current ? reach : nil }
        if holds(0) != current { return reach }
        let after = adding(reach, 1)
        return holds(1) != current && after != .max ? after : nil
    }

    /// When `count op bound` (or `bound op count` when `countOnLeft` is false) first differs as
    /// the counted donations leave; nil when it never does.
    static func flip(_ op: BinaryOperator, count: WindowCount, bound: Value, countOnLeft: Bool,
                     _ context: any RuleContext, _ state: inout EvaluationState) -> Int64? {
        let n = count.count
        guard n > 0 else { return nil }
        func holds(_ value: Int64) -> Bool {
            countOnLeft ? Checker.compared(op, .int(value), bound).isTrue : Checker.compared(op, bound, .int(value)).isTrue
        }
        let current = holds(n)
        // The outcome changes only at n - 1 or around the bound: the first value below n,
        // counting down, whose outcome differs (no arrays: this runs in every evaluation).
        var changed: Int64?
        if holds(n - 1) != current {
            changed = n - 1
        } else if let x = bound.asDouble, x.isFinite, x > -1, x < Double(n) {
            let base = Int64(x.rounded(.down))
            for value in stride(from: base + 1, through: base - 1, by: -1) where value >= 0 && value < n - 1 && holds(value) != current {
                changed = value
                break
            }
        }
        guard let changed else { return nil }
        return count.leaves(Int(n - changed) - 1, context, &state)
    }
}
