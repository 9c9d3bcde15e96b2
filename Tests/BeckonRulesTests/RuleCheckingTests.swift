import BeckonDiagnostics
import BeckonRules
import Testing

/// Name resolution and typing: every class of error with its exact message, code and column.
@Suite("Rule checking")
struct RuleCheckingTests {
    static let typeErrors: [(rule: String, message: String, column: Int)] = [
        // The rule and the operands of && || ! must be bool.
        ("1", "a rule must be bool, but '1' is int", 1),
        ("params.plan", "a rule must be bool, but 'params.plan' is string", 1),
        ("params.count + 1", "a rule must be bool, but 'params.count + 1' is int", 1),
        ("[true]", "a rule must be bool, but '[true]' is list<bool>", 1),
        ("params.count && params.flag", "the left side of '&&' must be bool, but 'params.count' is int", 1),
        ("params.flag || params.plan", "the right side of '||' must be bool, but 'params.plan' is string", 16),
        ("params.flag && (params.wait)", "the right side of '&&' must be bool, but '(params.wait)' is duration", 16),
        ("!params.count", "'!' needs a bool, but 'params.count' is int", 2),
        ("!now", "'!' needs a bool, but 'now' is timestamp", 2),
        // Unary minus.
        ("-params.plan == \"x\"", "'-' needs an int, a double or a duration, but 'params.plan' is string", 2),
        ("-now < now", "'-' needs an int, a double or a duration, but 'now' is timestamp", 2),
        ("-null == null", "'-' needs an int, a double or a duration, but 'null' is null", 2),
        ("-params.flag", "'-' needs an int, a double or a duration, but 'params.flag' is bool", 2),
        // Comparisons: nothing is converted but int to double.
        ("params.plan == 3", "cannot compare string with int in 'params.plan == 3'", 1),
        ("params.flag != 1", "cannot compare bool with int in 'params.flag != 1'", 1),
        ("params.wait == 90", "cannot compare duration with int in 'params.wait == 90'", 1),
        ("app.version == \"2.1\"", "cannot compare version with string in 'app.version == \"2.1\"'", 1),
        ("params.count < \"a\"", "cannot order int with string in 'params.count < \"a\"'", 1),
        ("params.flag < true", "cannot order bool with bool in 'params.flag < true'", 1),
        ("now > 0", "cannot order timestamp with int in 'now > 0'", 1),
        ("params.wait > now", "cannot order duration with timestamp in 'params.wait > now'", 1),
        ("app.version > 2", "cannot order version with int in 'app.version > 2'", 1),
        ("params.flag && 1 < 2 < 3", "cannot order bool with int in '1 < 2 < 3'", 16),
        ("[1] < [2]", "cannot order list<int> with list<int> in '[1] < [2]'", 1),
        ("[1] == [1.5]", "cannot compare list<int> with list<double> in '[1] == [1.5]'", 1),
        ("params.tags == \"pro\"", "cannot compare list<string> with string in 'params.tags == \"pro\"'", 1),
        // Arithmetic.
        ("params.plan + 1 == 2", "'+' cannot combine string and int in 'params.plan + 1'", 1),
        ("params.plan + \"s\" == \"pros\"", "'+' cannot combine string and string in 'params.plan + \"s\"'", 1),
        ("now + now > now", "'+' cannot combine timestamp and timestamp in 'now + now'", 1),
        ("params.wait * 2 > 1h", "'*' cannot combine duration and int in 'params.wait * 2'", 1),
        ("params.wait / 2 > 1h", "'/' cannot combine duration and int in 'params.wait / 2'", 1),
        ("1d - now < now", "'-' cannot combine duration and timestamp in '1d - now'", 1),
        ("now + 1 > now", "'+' cannot combine timestamp and int in 'now + 1'", 1),
        ("params.flag + 1 > 0", "'+' cannot combine bool and int in 'params.flag + 1'", 1),
        ("params.count + null > 0", "'+' cannot combine int and null in 'params.count + null'", 1),
        ("v\"1\" + v\"2\" > v\"3\"", "'+' cannot combine version and version in 'v\"1\" + v\"2\"'", 1),
        // Membership.
        ("params.plan in \"pro\"", "'in' needs a list on its right, but '\"pro\"' is string", 16),
        ("params.plan in params.plan", "'in' needs a list on its right, but 'params.plan' is string", 16),
        ("params.count in [\"a\"]", "'params.count' is int, so it can never be in a list of string", 1),
        ("params.tags in [\"a\"]", "'params.tags' is list<string>, so it can never be in a list of string", 1),
        // Lists hold one type, never lists.
        ("params.plan in [\"a\", 1]", "a list holds one type of value, but this item is int and the ones before it are string", 22),
        ("params.count in [1, 2.5, \"3\"]", "a list holds one type of value, but this item is string and the ones before it are double", 26),
        ("params.flag in [true, 1d]", "a list holds one type of value, but this item is duration and the ones before it are bool", 23),
        ("params.plan in [null, \"a\", v\"1\"]", "a list holds one type of value, but this item is version and the ones before it are string", 28),
        ("[[1]] == null", "lists cannot contain lists", 2),
        ("params.flag in [params.tags]", "lists cannot contain lists", 17),
        // Plugin functions: argument count and types.
        ("geo.inRegion(1)", "argument '1' of geo.inRegion must be string, not int", 14),
        ("geo.inRegion(params.flag)", "argument 'params.flag' of geo.inRegion must be string, not bool", 14),
        ("geo.distance(1, \"a\") > 0", "argument '\"a\"' of geo.distance must be double, not string", 17),
        ("geo.distance(1d, 2) > 0", "argument '1d' of geo.distance must be double, not duration", 14),
        ("spy.echo(1.5) > 0", "argument '1.5' of spy.echo must be int, not double", 10),
        ("spy.echo(params.ratio) > 0", "argument 'params.ratio' of spy.echo must be int, not double", 10),
        ("spy.echo(1) == \"1\"", "cannot compare int with string in 'spy.echo(1) == \"1\"'", 1),
        ("spy.version()", "a rule must be bool, but 'spy.version()' is version", 1),
        // Windows and filters.
        ("events.view.where(info.kind).count > 0", "the condition of where(…) must be bool, but 'info.kind' is string", 19),
        ("events.view.where(info.size + 1).count > 0", "the condition of where(…) must be bool, but 'info.size + 1' is int", 19),
    ]

    @Test(arguments: typeErrors)
    func typeError(rule: String, message: String, column: Int) throws {
        let diagnostic = try RuleFixture.onlyError(rule)
        #expect(diagnostic.message == message)
        #expect(diagnostic.code == "rule.type")
        #expect(diagnostic.span.start == SourcePosition(line: 1, column: column))
    }

    static let otherErrors: [(rule: String, code: String, message: String, column: Int)] = [
        // Unknown names, with a suggestion when one is close.
        ("nw > now", "rule.unknownName", "unknown name 'nw'; did you mean 'now'?", 1),
        ("evnts.launch.count > 0", "rule.unknownName", "unknown name 'evnts'; did you mean 'events'?", 1),
        ("param.plan == \"pro\"", "rule.unknownName", "unknown name 'param'; did you mean 'params'?", 1),
        ("subjet == \"a\"", "rule.unknownName", "unknown name 'subjet'; did you mean 'subject'?", 1),
        ("tip.favorite.invalidated", "rule.unknownName", "unknown name 'tip'; did you mean 'tips'?", 1),
        ("goe.inRegion(\"EU\")", "rule.unknownName", "unknown name 'goe'; did you mean 'geo'?", 1),
        // A plugin's bind sees constant arguments at load and may reject them there.
        ("spy.picky(-1)", "rule.plugin", "spy.picky rejected this call: the limit must not be negative, not -1", 1),
        ("params.flag && spy.picky(2 - 3)", "rule.plugin", "spy.picky rejected this call: the limit must not be negative, not -1", 16),
        ("foo", "rule.unknownName", "unknown name 'foo'", 1),
        ("params.flag && whatever", "rule.unknownName", "unknown name 'whatever'", 16),
        ("params.paln == \"pro\"", "rule.unknownName", "unknown parameter 'paln'; did you mean 'plan'?", 8),
        ("params.colour == \"red\"", "rule.unknownName", "unknown parameter 'colour'", 8),
        ("params[\"dash-nam\"] == 1", "rule.unknownName", "unknown parameter 'dash-nam'; did you mean 'dash-name'?", 8),
        ("events.lanch.count > 0", "rule.unknownName", "unknown event 'lanch'; did you mean 'launch'?", 8),
        ("events[\"app-lanched\"].count > 0", "rule.unknownName", "unknown event 'app-lanched'; did you mean 'app-launched'?", 8),
        ("tips.favorit.displayCount > 0", "rule.unknownName", "unknown tip 'favorit'; did you mean 'favorite'?", 6),
        ("tips[\"favorite-landmrk\"].invalidated", "rule.unknownName", "unknown tip 'favorite-landmrk'; did you mean 'favorite-landmark'?", 6),
        ("scenarios.onbording.executions > 0", "rule.unknownName", "unknown scenario 'onbording'; did you mean 'onboarding'?", 11),
        ("scenarios[\"welcome\"].events > 0", "rule.unknownName", "unknown scenario 'welcome'", 11),
        ("geo.inRegin(\"EU\")", "rule.unknownName", "unknown function 'inRegin' of plugin 'geo'; did you mean 'inRegion'?", 5),
        ("spy.nothing()", "rule.unknownName", "unknown function 'nothing' of plugin 'spy'", 5),
        // info exists only inside where(…), with the event's fields.
        ("info.kind == \"a\"", "rule.unknownName", "'info' can only be used inside where(…)", 1),
        ("events.view.within(info.size).count > 0", "rule.unknownName", "'info' can only be used inside where(…)", 20),
        ("events.view.where(info.knd == \"a\").count > 0", "rule.unknownName", "unknown info field 'knd'; did you mean 'kind'?", 24),
        ("events.view.where(info.colour == \"a\").count > 0", "rule.unknownName", "unknown info field 'colour'", 24),
        ("events.launch.where(info.kind == \"a\").count > 0", "rule.unknownName", "unknown info field 'kind'", 26),
        ("events.view.where(events.never.where(info.size > 1).count > 0).count > 0", "rule.unknownName", "unknown info field 'size'", 43),
        ("events.view.largestSubset(info.knd).count > 0", "rule.unknownName", "unknown info field 'knd'; did you mean 'kind'?", 32),
        ("events.launch.largestSubset(info.kind).count > 0", "rule.unknownName", "unknown info field 'kind'", 34),
        // Members.
        ("events.launch.cont > 0", "rule.unknownMember", "event 'launch' has no member 'cont'; did you mean 'count'?", 15),
        ("events.launch.size > 0", "rule.unknownMember", "event 'launch' has no member 'size'; it has count, first, last, sinceFirst, sinceLast, within, where, largestSubset, smallestSubset", 15),
        ("tips.favorite.colour == \"x\"", "rule.unknownMember", "a tip has no member 'colour'; it has displayCount, invalidated, status", 15),
        ("tips.favorite.displaycount > 1", "rule.unknownMember", "a tip has no member 'displaycount'; did you mean 'displayCount'?", 15),
        ("scenarios.onboarding.runs > 0", "rule.unknownMember", "a scenario has no member 'runs'; it has executions, events", 22),
        ("app.versoin == null", "rule.unknownMember", "'app' has no member 'versoin'; did you mean 'version'?", 5),
        ("events.view.within(1d).cuont > 0", "rule.unknownMember", "a set of donations has no member 'cuont'; did you mean 'count'?", 24),
        ("events.view.largestSubset(info.kind).size > 0", "rule.unknownMember", "a subset of donations has no member 'size'; it has count", 38),
        ("now.year > 1", "rule.unknownMember", "'now' is timestamp and has no member 'year'", 5),
        ("subject.length > 0", "rule.unknownMember", "'subject' is string and has no member 'length'", 9),
        ("app.version.major > 1", "rule.unknownMember", "'app.version' is version and has no member 'major'", 13),
        ("events.launch.count.value > 1", "rule.unknownMember", "'events.launch.count' is int and has no member 'value'", 21),
        ("(1 + 2).foo", "rule.unknownMember", "'(1 + 2)' is int and has no member 'foo'", 9),
        // Names that are not values by themselves.
        ("events.launch > 1", "rule.incomplete", "'events.launch' is an event; use .count, .first, .last, .sinceFirst, .sinceLast, .within(D) or .where(…)", 1),
        ("events.launch.within(1d) > 1", "rule.incomplete", "'events.launch.within(1d)' is a set of donations; add .count", 1),
        ("events.view.where(info.premium) == null", "rule.incomplete", "'events.view.where(info.premium)' is a set of donations; add .count", 1),
        ("events.view.largestSubset(info.kind) > 1", "rule.incomplete", "'events.view.largestSubset(info.kind)' is a subset of donations; add .count", 1),
        ("tips.favorite", "rule.incomplete", "'tips.favorite' is a tip; use .displayCount, .invalidated or .status", 1),
        ("tips[\"favorite-landmark\"] == null", "rule.incomplete", "'tips[\"favorite-landmark\"]' is a tip; use .displayCount, .invalidated or .status", 1),
        ("scenarios.onboarding", "rule.incomplete", "'scenarios.onboarding' is a scenario; use .executions or .events", 1),
        ("app", "rule.incomplete", "'app' is not a value by itself; use app.version", 1),
        ("params", "rule.incomplete", "'params' is not a value by itself; name one of its members", 1),
        ("events == null", "rule.incomplete", "'events' is not a value by itself; name one of its members", 1),
        ("geo.inRegion", "rule.incomplete", "'geo.inRegion' must be called with its arguments in parentheses", 1),
        ("events.launch.within == 1", "rule.incomplete", "'events.launch.within' must be called with its arguments in parentheses", 1),
        ("events.launch.within.count > 1", "rule.incomplete", "call 'events.launch.within' with its arguments before using '.count'", 22),
        // Calls.
        ("events.launch.count()", "rule.call", "'events.launch.count' cannot be called", 1),
        ("now() > now", "rule.call", "'now' cannot be called", 1),
        ("params.flag(1)", "rule.call", "'params.flag' cannot be called", 1),
        ("geo.inRegion(\"EU\")(1)", "rule.call", "'geo.inRegion(\"EU\")' cannot be called", 1),
        ("geo.inRegion()", "rule.arguments", "geo.inRegion takes 1 argument (string); found 0", 1),
        ("geo.inRegion(\"EU\", \"US\")", "rule.arguments", "geo.inRegion takes 1 argument (string); found 2", 1),
        ("geo.distance(1) > 0", "rule.arguments", "geo.distance takes 2 arguments (double, double); found 1", 1),
        ("spy.touch(1)", "rule.arguments", "spy.touch takes 0 arguments (); found 1", 1),
        ("params.flag && spy.echo() > 0", "rule.arguments", "spy.echo takes 1 argument (int); found 0", 16),
        ("events.launch.within().count > 0", "rule.arguments", "within(…) takes one argument, a duration such as 7d; found 0", 1),
        ("events.launch.within(1d, 2d).count > 0", "rule.arguments", "within(…) takes one argument, a duration such as 7d; found 2", 1),
        ("events.view.where().count > 0", "rule.arguments", "where(…) takes one argument, a condition on info fields; found 0", 1),
        ("events.view.largestSubset().count > 0", "rule.arguments", "largestSubset(…) takes one argument, an info field such as info.kind; found 0", 1),
        ("events.view.smallestSubset(info.kind, info.size).count > 0", "rule.arguments", "smallestSubset(…) takes one argument, an info field such as info.kind; found 2", 1),
        ("events.view.largestSubset(kind).count > 0", "rule.arguments", "largestSubset(…) takes an info field such as info.kind", 27),
        ("events.view.largestSubset(\"kind\").count > 0", "rule.arguments", "largestSubset(…) takes an info field such as info.kind", 27),
        ("events.launch.within(params.wait).count > 0", "rule.arguments", "within(…) takes a constant duration such as 7d, not 'params.wait'", 22),
        ("events.launch.within(7).count > 0", "rule.arguments", "within(…) takes a constant duration such as 7d, not '7'", 22),
        ("events.launch.within(null).count > 0", "rule.arguments", "within(…) takes a constant duration such as 7d, not 'null'", 22),
        ("events.launch.within(now - now).count > 0", "rule.arguments", "within(…) takes a constant duration such as 7d, not 'now - now'", 22),
        ("events.launch.within(-1d).count > 0", "rule.arguments", "within(…) takes a duration that is not negative", 22),
        ("events.launch.within(1d - 2d).count > 0", "rule.arguments", "within(…) takes a duration that is not negative", 22),
        // A window longer than the event keeps its donations could never be answered truthfully.
        ("events.view.within(31d).count > 0", "rule.windowExceedsRetention",
         "the window 31d is longer than this event's retention maxAge of 30d, so it could never be answered truthfully", 20),
        ("events.view.within(30d).within(5w).count > 0", "rule.windowExceedsRetention",
         "the window 5w is longer than this event's retention maxAge of 30d, so it could never be answered truthfully", 32),
        ("events.never.within(1d1ms).count == 0", "rule.windowExceedsRetention",
         "the window 1d1ms is longer than this event's retention maxAge of 1d, so it could never be answered truthfully", 21),
        // Brackets take a quoted id of params, events, tips or scenarios.
        ("tips[1].invalidated", "rule.syntax", "brackets take an id in quotes, such as tips[\"my-tip\"]", 6),
        ("tips[params.plan].invalidated", "rule.syntax", "brackets take an id in quotes, such as tips[\"my-tip\"]", 6),
        ("now[\"x\"] > now", "rule.syntax", "brackets select an id of params, events, tips or scenarios, not of 'now'", 5),
        ("app[\"version\"] == null", "rule.syntax", "brackets select an id of params, events, tips or scenarios, not of 'app'", 5),
        ("events.launch[\"count\"] > 0", "rule.syntax", "brackets select an id of params, events, tips or scenarios, not of 'events.launch'", 15),
    ]

    @Test(arguments: otherErrors)
    func checkingError(rule: String, code: String, message: String, column: Int) throws {
        let diagnostic = try RuleFixture.onlyError(rule)
        #expect(diagnostic.code == code)
        #expect(diagnostic.message == message)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.span.start == SourcePosition(line: 1, column: column))
    }

    /// Both sides of `&&` and `||` are checked, so one pass reports both problems.
    @Test func bothSidesOfALogicalOperatorAreChecked() {
        let compilation = RuleFixture.compile("params.count && evnts.x.count > 0")
        #expect(compilation.rule == nil)
        #expect(compilation.diagnostics.map(\.code) == ["rule.type", "rule.unknownName"])
        #expect(compilation.diagnostics.map(\.span.start.column) == [1, 17])
    }

    /// An id with a dash needs brackets: written plainly, the dash is a minus.
    @Test func dashInAPlainIdIsAMinus() {
        let compilation = RuleFixture.compile("events.app-launched.count > 0")
        #expect(compilation.diagnostics.map(\.message) == ["unknown event 'app'", "unknown name 'launched'"])
        #expect(compilation.diagnostics.map(\.span.start.column) == [8, 12])
    }

    /// Correct rules in the same families: brackets, windows at the retention limit, mixed
    /// numbers, nulls in lists, int arguments where a double is declared.
    static let accepted: [String] = [
        "tips[\"favorite-landmark\"].invalidated",
        "tips['favorite'].displayCount < 3",
        "events[\"app-launched\"].count > 0",
        "events[\"view\"].within(7d).where(info.kind == \"a\").count > 0",
        "scenarios[\"welcome-back\"].executions == 0",
        "params[\"dash-name\"] == 7 && params['plan'] == \"pro\"",
        "events.view.within(30d).count > 0",
        "events.view.within(4w2d).count > 0",
        "events.never.within(24h).count == 0",
        "events.launch.within(100w).count > 0",
        "events.launch.within(0s).count >= 0",
        "events.launch.within(1d + 12h).count > 0",
        "events.launch.within(-(-1d)).count > 0",
        "params.count in [1, 2.5]",
        "params.ratio in [1, 2]",
        "params.plan in [null, \"pro\"]",
        "params.plan in []",
        "geo.distance(1, params.count) > 0.5",
        "geo.inRegion(null) || geo.inRegion(params.noPlan)",
        "events.view.where(info.size > 2 && info.kind in [\"a\", \"b\"] && info.premium != null).count > 0",
        "events.view.where(events.never.where(info.kind == \"x\").count == 0).count > 0",
        "events.view.where(info.size > params.count).largestSubset(info.premium).count > 0",
    ]

    @Test(arguments: accepted)
    func acceptedRuleCompilesWithoutDiagnostics(rule: String) {
        let compilation = RuleFixture.compile(rule)
        #expect(compilation.rule != nil)
        #expect(compilation.diagnostics.isEmpty, "\(compilation.diagnostics.map(\.message))")
    }

    static let warnings: [(rule: String, code: String, message: String, column: Int)] = [
        ("true", "rule.constant", "this rule is always true; it does not depend on anything", 1),
        ("1 + 1 == 3", "rule.constant", "this rule is always false; it does not depend on anything", 1),
        ("null", "rule.constant", "this rule is always false; it does not depend on anything", 1),
        ("!null", "rule.constant", "this rule is always true; it does not depend on anything", 1),
        ("v\"1.10\" > v\"1.9\" && \"a\" in [\"a\"]", "rule.constant", "this rule is always true; it does not depend on anything", 1),
        ("1 / 0 == 0", "rule.constant", "this rule always fails (division by zero); it does not depend on anything", 1),
        ("-(-9223372036854775807 - 1) > 0", "rule.constant", "this rule always fails (integer overflow in '-'); it does not depend on anything", 1),
        ("events.launch.count < 0", "rule.neverHolds", "'events.launch.count < 0' can never hold: a count is never negative", 1),
        ("events.launch.count <= -1", "rule.neverHolds", "'events.launch.count <= -1' can never hold: a count is never negative", 1),
        ("events.launch.count == -1", "rule.neverHolds", "'events.launch.count == -1' can never hold: a count is never negative", 1),
        ("params.flag || 0 > tips.favorite.displayCount", "rule.neverHolds", "'0 > tips.favorite.displayCount' can never hold: a count is never negative", 16),
        ("-0.5 >= events.view.within(1d).count", "rule.neverHolds", "'-0.5 >= events.view.within(1d).count' can never hold: a count is never negative", 1),
        ("scenarios.onboarding.events < 1 - 1", "rule.neverHolds", "'scenarios.onboarding.events < 1 - 1' can never hold: a count is never negative", 1),
        ("events.view.largestSubset(info.kind).count == -2", "rule.neverHolds", "'events.view.largestSubset(info.kind).count == -2' can never hold: a count is never negative", 1),
    ]

    @Test(arguments: warnings)
    func warningKeepsTheRule(rule: String, code: String, message: String, column: Int) throws {
        let compilation = RuleFixture.compile(rule)
        #expect(compilation.rule != nil)
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(compilation.diagnostics.count == 1)
        #expect(diagnostic.severity == .warning)
        #expect(diagnostic.code == code)
        #expect(diagnostic.message == message)
        #expect(diagnostic.span.start == SourcePosition(line: 1, column: column))
    }

    /// Bounds that a count can meet are not warned about.
    @Test(arguments: ["events.launch.count <= 0", "events.launch.count == 0", "events.launch.count > -1",
                      "0 >= events.launch.count", "events.launch.count < params.count", "params.count < 0"])
    func reachableBoundIsNotWarned(rule: String) {
        #expect(RuleFixture.compile(rule).diagnostics.isEmpty)
    }
}
