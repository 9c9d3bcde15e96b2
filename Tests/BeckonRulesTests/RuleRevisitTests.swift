import BeckonRules
import Testing

/// `revisitAt` of one rule (issue 13): the instant after `now` at which its outcome may change
/// with no new input, reported while it is evaluated. Against the standard context (now = N):
/// `params.since` = N-2d, `params.wait` = 90m, `events.launch` donated at N-10d, -7d, -3d, -1d and
/// -2h, `events.view` as in `RuleDonationTests`, `events.never` never.
@Suite("Rule revisitAt")
struct RuleRevisitTests {
    static let minute = Span.minute, hour = Span.hour, day = Span.day

    /// A rule and its expected `revisitAt` as an offset from now (nil: nothing depends on time).
    static let cases: [(rule: String, after: Int64?)] = [
        ("params.flag", nil),
        ("events.launch.count >= 5", nil),
        // Comparisons of `now` with values fixed for the request flip at an exact instant.
        ("now > params.since", nil),
        ("now < params.since + 3d", day),
        ("now <= params.since + 3d", day + 1),
        ("params.since + 3d > now", day),
        ("events.launch.last + 1d < now", 22 * hour + 1),
        ("events.launch.last + 1d >= now", 22 * hour + 1),
        // `since…` comparisons are strict or not as written.
        ("events.launch.sinceLast > 3h", hour + 1),
        ("events.launch.sinceLast >= 3h", hour),
        ("events.launch.sinceFirst == 10d", 1),
        ("events.launch.sinceFirst != 10d", 1),
        ("events.launch.sinceLast < params.wait", nil),
        ("now - events.launch.last > params.wait", nil),
        ("events.never.sinceLast > 1h", nil),
        // Windows: a donation leaves `within(D)` at time + D + 1 ms; the count flips when enough left.
        ("events.launch.within(7d).count >= 4", 1),
        ("events.launch.within(7d).count >= 2", 6 * day + 1),
        ("events.launch.within(7d).count == 0", 7 * day - 2 * hour + 1),
        ("1 < events.launch.within(7d).count", 6 * day + 1),
        // Filtered windows: the counted donation whose leaving flips the outcome, found from
        // either end of the log (`events.view`: premium at -7d, -7d+1ms and -1h; kind "c" at -1h).
        ("events.view.within(7d).where(info.premium).count >= 3", 1),
        ("events.view.within(7d).where(info.premium).count >= 2", 2),
        ("events.view.within(7d).where(info.premium).count >= 1", 7 * day - hour + 1),
        ("events.view.within(7d).where(info.kind != \"c\").count >= 3", 2),
        ("events.view.within(7d).where(info.kind != \"c\").count >= 2", 5 * day + 1),
        ("2 > events.view.within(7d).where(info.kind != \"c\").count", 5 * day + 1),
        ("events.view.within(7d).where(info.kind == \"x\").count == 0", nil),
        ("events.view.within(7d).where(info.premium).count + 1 > 3", 1),
        // A count in arithmetic is not modelled: it reports when it first changes (early, not late).
        ("events.launch.within(7d).count + 1 > 2", 1),
        // Only what is evaluated counts: short-circuited operands say nothing.
        ("params.flag || now > params.since + 3d", nil),
        ("params.off && now < params.since + 3d", nil),
        ("params.flag && now < params.since + 3d", day),
        ("now < params.since + 3d && events.launch.sinceLast > 3h", hour + 1),
        // Plugin calls: pure ones depend on their arguments only; one that says until when its
        // answer holds is believed; any other may change at the next millisecond.
        ("geo.inRegion(\"EU\")", nil),
        ("spy.echo(1) == 1", 5 * minute),
        ("spy.touch()", 1),
    ]

    @Test(arguments: cases)
    func revisitAt(_ rule: String, _ after: Int64?) throws {
        let compiled = try RuleFixture.rule(rule)
        let context = FixtureContext.standard()
        var revisitAt = Int64.max
        _ = compiled.evaluate(in: context, revisitAt: &revisitAt)
        #expect((revisitAt == .max ? nil : revisitAt - context.now) == after)
        // Explaining evaluates the same nodes and says the same.
        #expect(compiled.explain(in: context).revisitAt.map { $0 - context.now } == after)
    }

    /// The guarantee, checked for each case: the outcome just before `revisitAt` is the one at
    /// now, and at `revisitAt` it differs (these rules are exact) unless a count in arithmetic.
    @Test(arguments: cases.filter { $0.after != nil && !$0.rule.contains("spy") && !$0.rule.contains("+ 1") })
    func theOutcomeHoldsUntilRevisitAtAndChangesThere(_ rule: String, _ after: Int64?) throws {
        let compiled = try RuleFixture.rule(rule)
        let context = FixtureContext.standard()
        let outcome = compiled.evaluate(in: context)
        let revisitAt = context.now + after!
        context.now = revisitAt - 1
        #expect(compiled.evaluate(in: context) == outcome)
        context.now = revisitAt
        #expect(compiled.evaluate(in: context) != outcome)
    }
}
