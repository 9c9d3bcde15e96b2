import BeckonTestSupport
import BeckonRules
import Testing

/// `where(info.F op literal)` is tested on each donation in place (`InfoTest`), not through
/// the general evaluation of the condition: both must agree on every log. The general path is
/// forced by a condition of another shape with the same meaning (`… && true`).
@Suite("Rule donation filters")
struct RuleDonationFilterTests {
    static let kinds: [Value] = [
        .string("a"), .string("b"), .string("c"), .string(""), .string("K"), .string("\u{212A}"),  // Kelvin sign: equal to "K"
        .string("\u{E9}"), .string("e\u{301}"), .string("a long kind, longer than fifteen bytes"), .null,
    ]
    static let literals = ["\"a\"", "\"b\"", "\"K\"", "\"\u{212A}\"", "\"\u{E9}\"", "\"e\u{301}\"", "\"\"",
                           "\"a long kind, longer than fifteen bytes\""]
    static let operators = ["==", "!=", "<", "<=", ">", ">="]

    /// A log of `events.view` (kind, size, premium) with random values, some donations without
    /// some values (shorter info) and instants spread over the last 10 days.
    static func randomLog(_ random: inout SplitMix64, now: Int64) -> DonationLog {
        let count = random.below(40)
        var times = (0..<count).map { _ in now - Int64(random.below(10 * 24)) * Span.hour - Int64(random.below(3)) }
        times.sort()
        var infos: [[Value]] = times.map { _ in
            let size: Value = random.below(5) == 0 ? .null : (random.below(2) == 0 ? .int(Int64(random.below(7)) - 2) : .double(Double(random.below(12)) / 2 - 1))
            let info: [Value] = [kinds[random.below(kinds.count)], size, random.below(3) == 0 ? .null : .bool(random.below(2) == 0)]
            return Array(info.prefix(random.below(6) == 0 ? random.below(3) : 3))
        }
        if random.below(8) == 0 { infos = [] }  // a log whose donations carry no info at all
        return DonationLog(times: times, infos: infos)
    }

    /// A condition of the shape the direct tests cover.
    static func randomCondition(_ random: inout SplitMix64) -> String {
        let op = operators[random.below(operators.count)]
        let (field, literal): (String, String)
        switch random.below(3) {
        case 0: (field, literal) = ("info.kind", literals[random.below(literals.count)])
        case 1: (field, literal) = ("info.size", ["0", "1", "2.5", "-1.0", "3"][random.below(5)])
        default: (field, literal) = ("info.premium", random.below(2) == 0 ? "true" : "false")
        }
        let ordered = field == "info.premium" ? ["==", "!="][random.below(2)] : op
        let condition = random.below(2) == 0 ? "\(field) \(ordered) \(literal)" : "\(literal) \(ordered) \(field)"
        return random.below(4) == 0 ? condition + " && " + randomCondition(&random) : condition
    }

    /// The shape with its `%@` replaced by the condition.
    static func fill(_ shape: String, _ condition: String) -> String {
        shape.split(separator: "%@", omittingEmptySubsequences: false).joined(separator: condition)
    }

    @Test func directTestsAgreeWithTheGeneralEvaluation() throws {
        var random = SplitMix64(seed: 14)
        for _ in 0..<300 {
            let condition = Self.randomCondition(&random)
            let window = ["1d", "3d", "7d", "30d"][random.below(4)]
            let bound = random.below(5)
            let comparison = [">=", "==", "<", ">"][random.below(4)]
            let shapes = [
                "events.view.within(\(window)).where(%@).count \(comparison) \(bound)",
                "events.view.where(%@).count \(comparison) \(bound)",
                "events.view.within(\(window)).where(%@).where(info.kind != \"c\").count \(comparison) \(bound)",
                "events.view.within(\(window)).where(%@).largestSubset(info.kind).count \(comparison) \(bound)",
            ]
            let shape = shapes[random.below(shapes.count)]
            let direct = try RuleFixture.rule(Self.fill(shape, condition))
            let general = try RuleFixture.rule(Self.fill(shape, "(\(condition)) && true"))
            for _ in 0..<5 {
                let context = FixtureContext.standard()
                context.logs[2] = Self.randomLog(&random, now: context.now)
                var directRevisit = Int64.max, generalRevisit = Int64.max
                let outcome = direct.evaluate(in: context, revisitAt: &directRevisit)
                #expect(outcome == general.evaluate(in: context, revisitAt: &generalRevisit), "\(shape) with \(condition)")
                #expect(directRevisit == generalRevisit, "\(shape) with \(condition)")
                // Explaining takes the general path: it must say the same.
                let explanation = direct.explain(in: context)
                #expect(explanation.outcome == outcome, "\(shape) with \(condition)")
                #expect(explanation.revisitAt == (directRevisit == .max ? nil : directRevisit), "\(shape) with \(condition)")
            }
        }
    }

    /// Strings compare as Swift compares them (canonical equivalence), with the literal on
    /// either side.
    @Test func stringsCompareByCanonicalEquivalence() throws {
        let context = FixtureContext.standard()
        let now = context.now
        context.logs[2] = DonationLog(times: [now - 2, now - 1, now],
                                      infos: [[.string("\u{212A}")], [.string("e\u{301}")], [.string("K")]])
        let cases: [(String, RuleOutcome)] = [
            ("events.view.where(info.kind == \"K\").count == 2", .satisfied),
            ("events.view.where(\"\u{E9}\" == info.kind).count == 1", .satisfied),
            ("events.view.where(info.kind != \"K\").count == 1", .satisfied),
            ("events.view.where(info.size == 1).count == 0", .satisfied),
        ]
        for (rule, expected) in cases {
            #expect(try RuleFixture.rule(rule).evaluate(in: context) == expected, "\(rule)")
        }
    }
}
