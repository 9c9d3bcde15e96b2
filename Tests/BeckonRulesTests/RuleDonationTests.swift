import BeckonRules
import Testing

/// Events, windows, filters and subsets; tips and scenarios. `events.view` was donated at
/// now-20d (a, 1, false), now-7d exactly (b, 2, true), now-7d+1ms (a, 3, true), now-2d (a, 4, false),
/// now-1h (c, null, true) and now (b, 6, false) as (kind, size, premium); `events.launch` at
/// now-10d, -7d, -3d, -1d and -2h with no info; `events.never` never.
@Suite("Rule donations")
struct RuleDonationTests {
    static let counts: [(rule: String, count: Int)] = [
        // Lifetime counts come from the summary; windows and filters from the log.
        ("events.view.count", 6),
        ("events.launch.count", 5),
        ("events[\"app-launched\"].count", 2),
        ("events.never.count", 0),
        // Windows keep donations with now - time <= D: the boundary is included.
        ("events.view.within(7d).count", 5),
        ("events.view.within(6d23h59m59s999ms).count", 4),
        ("events.view.within(1w).count", 5),
        ("events.view.within(0s).count", 1),
        ("events.view.within(1h).count", 2),
        ("events.view.within(2d).count", 3),
        ("events.view.within(30d).count", 6),
        ("events.launch.within(7d).count", 4),
        ("events.launch.within(1d).count", 2),
        ("events.launch.within(100w).count", 5),
        ("events[\"app-launched\"].within(1d).count", 1),
        ("events.never.within(1d).count", 0),
        // Chained windows: the shortest wins, in either order.
        ("events.view.within(30d).within(2d).count", 3),
        ("events.view.within(2d).within(30d).count", 3),
        // Filters on info.
        ("events.view.where(info.kind == \"a\").count", 3),
        ("events.view.where(info.premium).count", 3),
        ("events.view.where(!info.premium).count", 3),
        ("events.view.where(info.size > 2).count", 3),
        ("events.view.where(info.size <= 2).count", 2),
        ("events.view.where(info.size == null).count", 1),
        ("events.view.where(info.size != null).count", 5),
        ("events.view.where(info.kind in [\"a\", \"c\"] && info.premium).count", 2),
        ("events.view.where(info.kind == params.plan).count", 0),
        ("events.view.where(params.flag).count", 6),
        ("events.view.where(true).count", 6),
        ("events.view.where(null).count", 0),
        ("events.launch.where(true).count", 5),
        ("events.never.where(info.kind == \"a\").count", 0),
        // Filters and windows chain, in any order.
        ("events.view.within(7d).where(info.kind == \"a\").count", 2),
        ("events.view.where(info.kind == \"a\").within(7d).count", 2),
        ("events.view.where(info.kind == \"a\").where(info.premium).count", 1),
        ("events.view.within(7d).where(info.premium).within(2d).count", 1),
        ("events.view.where(info.size > 1).within(7d).where(info.size < 6).count", 3),
        // A filter may use another event's donations: info is the innermost event's.
        ("events.view.where(events.view.where(info.kind == \"c\").count == 1).count", 6),
        ("events.view.where(info.premium && events.never.where(info.kind == \"x\").count == 0).count", 3),
        // The largest and smallest group by an info field.
        ("events.view.largestSubset(info.kind).count", 3),
        ("events.view.smallestSubset(info.kind).count", 1),
        ("events.view.largestSubset(info.premium).count", 3),
        ("events.view.within(7d).largestSubset(info.kind).count", 2),
        ("events.view.within(7d).smallestSubset(info.kind).count", 1),
        ("events.view.where(info.premium).largestSubset(info.kind).count", 1),
        ("events.view.within(1d).largestSubset(info.size).count", 1),
        ("events.view.where(info.kind != \"c\").smallestSubset(info.kind).count", 2),
        ("events.view.where(false).largestSubset(info.kind).count", 0),
        ("events.never.largestSubset(info.kind).count", 0),
        // Tips and scenarios.
        ("tips.favorite.displayCount", 2),
        ("tips[\"favorite-landmark\"].displayCount", 0),
        ("scenarios.onboarding.executions", 1),
        ("scenarios.onboarding.events", 4),
        ("scenarios[\"welcome-back\"].executions", 0),
        ("scenarios[\"welcome-back\"].events", 0),
    ]

    @Test(arguments: counts)
    func count(expression: String, count: Int) throws {
        let context = FixtureContext.standard()
        #expect(try RuleFixture.rule("\(expression) == \(count)").evaluate(in: context) == .satisfied)
        #expect(try RuleFixture.rule("\(expression) == \(count + 1)").evaluate(in: context) == .notSatisfied)
    }

    static let instants: [(rule: String, outcome: RuleOutcome)] = [
        ("events.launch.first == now - 10d", .satisfied),
        ("events.launch.last == now - 2h", .satisfied),
        ("events.launch.sinceFirst == 10d", .satisfied),
        ("events.launch.sinceLast == 2h", .satisfied),
        ("events.launch.sinceLast < 1d12h", .satisfied),
        ("now - events.launch.last < 1d", .satisfied),
        ("events[\"app-launched\"].sinceLast == 1h", .satisfied),
        ("events.view.sinceLast == 0s", .satisfied),
        ("events.view.sinceFirst - 20d == 0s", .satisfied),
        ("events.launch.first < events.launch.last", .satisfied),
        // Before any donation, first, last, sinceFirst and sinceLast are null.
        ("events.never.first == null", .satisfied),
        ("events.never.last == null", .satisfied),
        ("events.never.sinceFirst == null", .satisfied),
        ("events.never.sinceLast == null", .satisfied),
        ("events.never.sinceLast > 1d", .notSatisfied),
        ("events.never.sinceLast <= 1d", .notSatisfied),
        ("events.never.last < now", .notSatisfied),
        ("now - events.never.last > 1d", .notSatisfied),
        ("events.never.sinceLast == null || events.never.sinceLast > 7d", .satisfied),
        // Tips' state.
        ("tips.favorite.status == \"available\"", .satisfied),
        ("!tips.favorite.invalidated", .satisfied),
        ("tips[\"favorite-landmark\"].invalidated", .satisfied),
        ("tips[\"favorite-landmark\"].status == 'invalidated'", .satisfied),
        ("tips.favorite.status in [\"pending\", \"available\"]", .satisfied),
        ("tips.favorite.displayCount < 3 && scenarios.onboarding.executions >= 1", .satisfied),
    ]

    @Test(arguments: instants)
    func instantAndState(rule: String, outcome: RuleOutcome) throws {
        #expect(try RuleFixture.rule(rule).evaluate(in: FixtureContext.standard()) == outcome)
    }

    /// The same compiled rule, asked again as time passes: the window moves with `now`.
    @Test func windowMovesWithNow() throws {
        let rule = try RuleFixture.rule("events.view.within(7d).count == 5")
        let context = FixtureContext.standard()
        #expect(rule.evaluate(in: context) == .satisfied)
        context.now += 1 // the donation at exactly now-7d is now just outside
        #expect(rule.evaluate(in: context) == .notSatisfied)
        context.now -= 2 // and the one at now is in the future, which is inside any window
        #expect(rule.evaluate(in: context) == .satisfied)
    }

    /// An event with no donations at all: everything is null or zero, nothing fails.
    @Test func beforeAnyDonation() throws {
        let context = FixtureContext.standard()
        context.events[0] = EventSummary()
        context.logs[0] = DonationLog()
        let table: [(String, RuleOutcome)] = [
            ("events.launch.count == 0", .satisfied), ("events.launch.first == null", .satisfied),
            ("events.launch.last == null", .satisfied), ("events.launch.sinceFirst == null", .satisfied),
            ("events.launch.sinceLast == null", .satisfied), ("events.launch.sinceLast > 0s", .notSatisfied),
            ("events.launch.within(7d).count == 0", .satisfied), ("events.launch.where(true).count == 0", .satisfied),
        ]
        for (rule, outcome) in table {
            #expect(try RuleFixture.rule(rule).evaluate(in: context) == outcome, "\(rule)")
        }
    }

    /// A log whose infos are missing or short: the missing fields read as null.
    @Test func missingInfoReadsAsNull() throws {
        let context = FixtureContext.standard()
        context.logs[2] = DonationLog(times: [RuleFixture.now - 2, RuleFixture.now - 1, RuleFixture.now], infos: [[.string("a")]])
        #expect(try RuleFixture.rule("events.view.where(info.kind == \"a\").count == 1").evaluate(in: context) == .satisfied)
        #expect(try RuleFixture.rule("events.view.where(info.size == null).count == 3").evaluate(in: context) == .satisfied)
        #expect(try RuleFixture.rule("events.view.largestSubset(info.kind).count == 2").evaluate(in: context) == .satisfied)
    }

    @Test func sinceLastOverflowFails() throws {
        let context = FixtureContext.standard()
        context.now = .max
        context.events[3] = EventSummary(count: 1, first: .min, last: .min)
        let rule = try RuleFixture.rule("events.never.sinceLast > 1d")
        #expect(rule.evaluate(in: context) == .failed("time arithmetic overflow"))
    }
}
