import BeckonRules
import Testing

/// Every operator on every type it accepts, nulls, and failures, against the standard context
/// (`plan` "pro", `flag` true, `off` false, `count` 3, `ratio` 0.5, `wait` 90m, `since` now - 2d,
/// `big` Int64.max, `small` Int64.min, `zero` 0; `unset`, `none` and `no…` are null).
@Suite("Rule evaluation")
struct RuleEvaluationTests {
    static func check(_ rule: String, _ expected: RuleOutcome, in context: FixtureContext = .standard(),
                      sourceLocation: SourceLocation = #_sourceLocation) throws {
        let compiled = try RuleFixture.rule(rule, sourceLocation: sourceLocation)
        #expect(compiled.evaluate(in: context) == expected, "\(rule)", sourceLocation: sourceLocation)
    }

    static let logic: [(rule: String, outcome: RuleOutcome)] = [
        ("params.flag", .satisfied),
        ("params.off", .notSatisfied),
        ("!params.flag", .notSatisfied),
        ("!params.off", .satisfied),
        ("!!params.flag", .satisfied),
        ("params.flag && params.off", .notSatisfied),
        ("params.flag && !params.off", .satisfied),
        ("params.off || params.flag", .satisfied),
        ("params.off || params.off", .notSatisfied),
        ("params.flag || params.off && params.off", .satisfied),
        ("(params.flag || params.off) && params.off", .notSatisfied),
        ("!params.flag || !params.off", .satisfied),
        ("params.flag == !params.off", .satisfied),
        ("tips.favorite.invalidated || tips[\"favorite-landmark\"].invalidated", .satisfied),
    ]

    @Test(arguments: logic)
    func logicalOperator(rule: String, outcome: RuleOutcome) throws {
        try Self.check(rule, outcome)
    }

    static let comparisons: [(rule: String, outcome: RuleOutcome)] = [
        // Equality on each type.
        ("params.plan == \"pro\"", .satisfied),
        ("params.plan == 'pro'", .satisfied),
        ("params.plan != \"pro\"", .notSatisfied),
        ("params.count == 3", .satisfied),
        ("params.count != 4", .satisfied),
        ("params.ratio == 0.5", .satisfied),
        ("params.flag == true", .satisfied),
        ("params.flag != params.off", .satisfied),
        ("params.wait == 90m && params.wait == 1h30m", .satisfied),
        ("params.since == now - 2d", .satisfied),
        ("params.minVersion == v\"2\"", .satisfied),
        ("params.tags == [\"pro\", \"team\"]", .satisfied),
        ("params.tags != [\"team\", \"pro\"]", .satisfied),
        ("params[\"dash-name\"] == 7", .satisfied),
        // int and double mix.
        ("params.count == 3.0", .satisfied),
        ("params.ratio < 1", .satisfied),
        ("params.count > params.ratio", .satisfied),
        ("[1, 2.5] == [1.0, 2.5]", .satisfied),
        // Ordering.
        ("params.count < 4", .satisfied),
        ("params.count < 3", .notSatisfied),
        ("params.count <= 3", .satisfied),
        ("params.count > 2", .satisfied),
        ("params.count > 3", .notSatisfied),
        ("params.count >= 3", .satisfied),
        ("params.count >= 4", .notSatisfied),
        ("params.small < params.big", .satisfied),
        ("-1 < 0 && -0.5 > -1", .satisfied),
        // Strings compare by Unicode order.
        ("\"abc\" < \"abd\"", .satisfied),
        ("\"B\" < \"a\"", .satisfied),
        ("\"\" < \"a\"", .satisfied),
        ("params.plan >= \"pro\" && params.plan <= \"pro\"", .satisfied),
        ("params.plan > \"pro\"", .notSatisfied),
        ("subject == \"user-1\"", .satisfied),
        ("subject > \"user\"", .satisfied),
        // Versions compare by component, missing ones are 0.
        ("app.version == v\"2.1\"", .satisfied),
        ("app.version == v'2.1.0'", .satisfied),
        ("app.version > v\"2.0.9\"", .satisfied),
        ("app.version < v\"2.1.1\"", .satisfied),
        ("app.version >= params.minVersion", .satisfied),
        ("v\"1.10\" > v\"1.9\"", .satisfied),
        ("v\"10\" > v\"9.99.99\"", .satisfied),
        ("spy.version() > app.version", .satisfied),
        // Durations and timestamps.
        ("1d12h > 1d && 1d12h < 2d", .satisfied),
        ("1w == 7d && 2w == 14d", .satisfied),
        ("500ms < 1s && 1m30s == 90s", .satisfied),
        ("now > params.since", .satisfied),
        ("params.since < now - 1d", .satisfied),
        ("params.since >= now - 2d", .satisfied),
        ("params.since > now - 2d", .notSatisfied),
    ]

    @Test(arguments: comparisons)
    func comparison(rule: String, outcome: RuleOutcome) throws {
        try Self.check(rule, outcome)
    }

    static let arithmetic: [(rule: String, outcome: RuleOutcome)] = [
        ("params.count + 2 == 5", .satisfied),
        ("params.count - 5 == -2", .satisfied),
        ("params.count * 4 == 12", .satisfied),
        ("params.count / 2 == 1", .satisfied),
        ("params.count % 2 == 1", .satisfied),
        ("-params.count == -3", .satisfied),
        ("--params.count == 3", .satisfied),
        ("-7 % 3 == -1 && 7 % -3 == 1", .satisfied),
        ("7 / -2 == -3", .satisfied),
        ("2 + 3 * 4 == 14", .satisfied),
        ("(2 + 3) * 4 == 20", .satisfied),
        ("10 - 4 - 3 == 3", .satisfied),
        ("12 / 3 / 2 == 2", .satisfied),
        ("params.count + 1 > params.count * 1", .satisfied),
        ("params.big - 1 + 1 == params.big", .satisfied),
        ("params.small + params.big == -1", .satisfied),
        // Widening to double.
        ("params.count / 2.0 == 1.5", .satisfied),
        ("params.count / 2 == 1.5", .notSatisfied),
        ("params.ratio * 4 == 2", .satisfied),
        ("params.ratio + params.count == 3.5", .satisfied),
        ("params.ratio - 1 == -0.5", .satisfied),
        ("5.5 % 2 == 1.5", .satisfied),
        ("-params.ratio == -0.5", .satisfied),
        ("params.count * params.ratio == 1.5", .satisfied),
        ("params.big * 1.0 > 9.2e18", .satisfied),
        // Time: timestamp - timestamp, timestamp ± duration, duration ± duration.
        ("now - params.since == 2d", .satisfied),
        ("params.since - now == -2d", .satisfied),
        ("params.since + 2d == now", .satisfied),
        ("2d + params.since == now", .satisfied),
        ("now - 2d == params.since", .satisfied),
        ("now - 1d12h - 12h == params.since", .satisfied),
        ("1d + 12h == 1d12h", .satisfied),
        ("1d - 12h == 12h", .satisfied),
        ("12h - 1d == -12h", .satisfied),
        ("-1d < 0s", .satisfied),
        ("-params.wait == 0s - 90m", .satisfied),
        ("params.wait + params.wait == 3h", .satisfied),
        ("now - params.since - params.wait > 1d", .satisfied),
    ]

    @Test(arguments: arithmetic)
    func arithmeticOperator(rule: String, outcome: RuleOutcome) throws {
        try Self.check(rule, outcome)
    }

    static let membership: [(rule: String, outcome: RuleOutcome)] = [
        ("params.plan in [\"pro\", \"team\"]", .satisfied),
        ("params.plan in ['team']", .notSatisfied),
        ("\"team\" in params.tags", .satisfied),
        ("\"x\" in params.tags", .notSatisfied),
        ("params.count in [1, 2, 3]", .satisfied),
        ("params.count in [1.5, 3.0]", .satisfied),
        ("3.0 in [1, 3]", .satisfied),
        ("params.ratio in [1, 2]", .notSatisfied),
        ("params.count in []", .notSatisfied),
        ("params.wait in [90m, 1h]", .satisfied),
        ("app.version in [v\"2.1\", v\"3\"]", .satisfied),
        ("params.flag in [true]", .satisfied),
        ("params.off in [true]", .notSatisfied),
        ("params.since in [now - 2d]", .satisfied),
        ("subject in [\"user-1\", \"user-2\"]", .satisfied),
        ("params.plan in [null, \"pro\"]", .satisfied),
        ("!(params.plan in [\"team\"])", .satisfied),
        ("params.count + 1 in [4]", .satisfied),
    ]

    @Test(arguments: membership)
    func inOperator(rule: String, outcome: RuleOutcome) throws {
        try Self.check(rule, outcome)
    }

    /// Null is falsy in `&&`, `||` and `!`; every comparison with a null operand is false except
    /// `== null` and `!= null` written with the literal; arithmetic with null gives null.
    static let nulls: [(rule: String, outcome: RuleOutcome)] = [
        ("params.none", .notSatisfied),
        ("!params.none", .satisfied),
        ("params.none && params.flag", .notSatisfied),
        ("params.flag && params.none", .notSatisfied),
        ("params.none || params.flag", .satisfied),
        ("params.none || params.none", .notSatisfied),
        ("!(params.none && params.flag)", .satisfied),
        ("params.none == false", .notSatisfied),
        ("params.none != true", .notSatisfied),
        ("params.unset == null", .satisfied),
        ("params.unset != null", .notSatisfied),
        ("null == params.unset", .satisfied),
        ("null != params.unset", .notSatisfied),
        ("params.count == null", .notSatisfied),
        ("params.count != null", .satisfied),
        ("params.tags != null", .satisfied),
        ("params.unset == 0", .notSatisfied),
        ("params.unset != 0", .notSatisfied),
        ("params.unset < 1", .notSatisfied),
        ("params.unset >= 0", .notSatisfied),
        ("!(params.unset > 0)", .satisfied),
        ("params.unset == params.unset", .notSatisfied),
        ("params.unset != params.unset", .notSatisfied),
        ("params.noRatio == null && !(params.noRatio < 1)", .satisfied),
        ("params.noPlan == \"pro\"", .notSatisfied),
        ("params.noPlan != \"pro\"", .notSatisfied),
        ("params.noPlan < \"z\"", .notSatisfied),
        ("params.noVersion < v\"1\"", .notSatisfied),
        ("params.noVersion == null", .satisfied),
        ("params.noWait > 0s || params.noWait <= 0s", .notSatisfied),
        ("params.noSince < now || params.noSince >= now", .notSatisfied),
        ("params.unset + 1 == null", .satisfied),
        ("-params.unset == null", .satisfied),
        ("params.unset * 0 == null", .satisfied),
        ("params.unset / 0 == null", .satisfied),
        ("params.noRatio % 0 == null", .satisfied),
        ("params.noWait + 1d == null", .satisfied),
        ("now - params.noSince == null", .satisfied),
        ("params.noSince + 1d == null", .satisfied),
        ("params.unset in [1, null]", .notSatisfied),
        ("params.noPlan in [\"pro\", null]", .notSatisfied),
        ("params.count in [null]", .notSatisfied),
        ("geo.inRegion(params.noPlan)", .notSatisfied),
    ]

    @Test(arguments: nulls)
    func null(rule: String, outcome: RuleOutcome) throws {
        try Self.check(rule, outcome)
    }

    /// Overflow, division or remainder by zero and plugin errors make the rule fail: neither
    /// true nor false, whatever the rest of it says.
    static let failures: [(rule: String, message: String)] = [
        ("params.big + 1 > 0", "integer overflow in '+'"),
        ("params.small - 1 < 0", "integer overflow in '-'"),
        ("params.big * 2 > 0", "integer overflow in '*'"),
        ("-params.small > 0", "integer overflow in '-'"),
        ("params.small / -1 > 0", "integer overflow in '/'"),
        ("params.small % -1 == 0", "integer overflow in '%'"),
        ("params.count / params.zero == 0", "division by zero"),
        ("params.count % params.zero == 0", "remainder by zero"),
        ("params.ratio / 0 == 0", "division by zero"),
        ("params.ratio % 0 > 0", "remainder by zero"),
        ("params.ratio / params.zero > 0", "division by zero"),
        ("params.count / 0.0 > 0", "division by zero"),
        ("now + 15250284452w > now", "time arithmetic overflow"),
        ("now - 15250284452w - 15250284452w < now", "time arithmetic overflow"),
        ("-(-9223372036854775807 - 1) > 0", "integer overflow in '-'"),
        ("spy.fail()", "spy.fail failed: boom"),
        ("!spy.fail()", "spy.fail failed: boom"),
        ("spy.fail() || params.flag", "spy.fail failed: boom"),
        ("params.flag && !spy.fail()", "spy.fail failed: boom"),
        ("spy.fail() == null", "spy.fail failed: boom"),
        ("params.count / params.zero == 0 || spy.fail()", "division by zero"),
        ("spy.echo(params.big + 1) > 0", "integer overflow in '+'"),
        ("events.view.where(spy.fail()).count == 0", "spy.fail failed: boom"),
        ("spy.wrong()", "spy.wrong returned int, but it is declared to return bool"),
    ]

    @Test(arguments: failures)
    func failure(rule: String, message: String) throws {
        try Self.check(rule, .failed(message))
        #expect(!RuleOutcome.failed(message).isSatisfied)
    }

    /// A chain of several operators of one level (compiled as one node) gives what the same
    /// operators nested two at a time by parentheses give, failures included.
    static let chains: [(flat: String, nested: String)] = [
        ("params.count + 1 - 2 * params.count + 7 == 5", "((params.count + 1) - 2 * params.count) + 7 == 5"),
        ("params.ratio * 4 / 2 % 3 == 1", "((params.ratio * 4) / 2) % 3 == 1"),
        ("now - events.launch.last + 1h - 3h == 0s", "((now - events.launch.last) + 1h) - 3h == 0s"),
        ("params.unset in [1] == false", "(params.unset in [1]) == false"),
        ("params.unset == null != false", "(params.unset == null) != false"),
        ("null == params.unset == true", "(null == params.unset) == true"),
        ("params.flag == params.off != true", "(params.flag == params.off) != true"),
        ("params.big - 1 + 1 - 1 > 0", "((params.big - 1) + 1) - 1 > 0"),
        ("params.big - 1 + 2 - 1 > 0", "((params.big - 1) + 2) - 1 > 0"),
        ("params.count / params.zero * 2 + 1 > 0", "((params.count / params.zero) * 2) + 1 > 0"),
        ("params.off || params.none || params.flag && params.off || params.flag",
         "((params.off || params.none) || (params.flag && params.off)) || params.flag"),
        ("params.flag && params.flag && params.none && params.flag", "((params.flag && params.flag) && params.none) && params.flag"),
    ]

    @Test(arguments: chains)
    func chainAgreesWithNestedOperators(flat: String, nested: String) throws {
        let context = FixtureContext.standard()
        let outcome = try RuleFixture.rule(flat).evaluate(in: context)
        #expect(outcome == (try RuleFixture.rule(nested).evaluate(in: context)))
        #expect(try RuleFixture.rule(flat).explain(in: context).outcome == outcome)
    }

    static let plugins: [(rule: String, outcome: RuleOutcome)] = [
        ("geo.inRegion(\"EU\")", .satisfied),
        ("geo.inRegion(subject)", .notSatisfied),
        ("geo.distance(1, 3) == 2.0", .satisfied),
        ("geo.distance(params.count, params.ratio) == 2.5", .satisfied),
        ("spy.echo(41) + 1 == 42", .satisfied),
        ("spy.echo(params.count) == params.count", .satisfied),
        ("spy.number() / 4 == 0.5", .satisfied),
        ("params.flag || spy.fail()", .satisfied),
        ("params.off && spy.fail()", .notSatisfied),
    ]

    @Test(arguments: plugins)
    func pluginFunction(rule: String, outcome: RuleOutcome) throws {
        try Self.check(rule, outcome)
    }

    @Test func pluginArgumentsAreWidenedToTheDeclaredDouble() throws {
        let context = FixtureContext.standard()
        #expect(try RuleFixture.rule("geo.distance(1, params.count) > 0").evaluate(in: context) == .satisfied)
        #expect(context.calls.map(\.arguments) == [[.double(1), .double(3)]])
    }

    /// Bind sees only constants: an argument known at evaluation reaches the plugin then, even
    /// one that bind would have refused as a constant.
    @Test func pluginArgumentsKnownOnlyAtEvaluationSkipBind() throws {
        let context = FixtureContext.standard()
        context.parameters[RuleFixture.schema.parameters["count"]!.slot] = .int(-1)
        #expect(try RuleFixture.rule("spy.picky(params.count)").evaluate(in: context) == .notSatisfied)
        #expect(try RuleFixture.rule("spy.picky(1)").evaluate(in: context) == .satisfied)
        #expect(context.calls.map(\.arguments) == [[.int(-1)], [.int(1)]])
    }

    @Test func unknownAppVersionIsNull() throws {
        let context = FixtureContext.standard()
        context.appVersion = nil
        let table: [(String, RuleOutcome)] = [
            ("app.version == null", .satisfied), ("app.version != null", .notSatisfied),
            ("app.version >= v\"1\"", .notSatisfied), ("app.version < v\"1\"", .notSatisfied),
            ("app.version == v\"2.1\"", .notSatisfied), ("app.version != v\"2.1\"", .notSatisfied),
            ("app.version in [v\"2.1\"]", .notSatisfied), ("!(app.version >= v\"3\")", .satisfied),
        ]
        for (rule, outcome) in table { try Self.check(rule, outcome, in: context) }
    }

    @Test func subjectAndNowComeFromTheContext() throws {
        let rule = try RuleFixture.rule("subject == \"user-2\" && now - params.since > 3d")
        let context = FixtureContext.standard()
        #expect(rule.evaluate(in: context) == .notSatisfied)
        context.subject = "user-2"
        #expect(rule.evaluate(in: context) == .notSatisfied)
        context.now += Span.day + 1
        #expect(rule.evaluate(in: context) == .satisfied)
    }
}
