import BeckonDiagnostics
import BeckonRules
import Testing

/// Lexing and parsing: each syntax error with its exact message and the column of the offending
/// token (rules start at column 1, so the column is the token's offset + 1).
@Suite("Rule parsing")
struct RuleParsingTests {
    static let endOfRule = "expected a value, a name or '(', found the end of the rule"
    static let missingOperator = "after a complete expression; is an operator missing?"

    static let syntaxErrors: [(rule: String, message: String, column: Int)] = [
        // Nothing where a value must be.
        ("", endOfRule, 1),
        ("   ", endOfRule, 4),
        ("params.flag &&", endOfRule, 15),
        ("params.flag ||", endOfRule, 15),
        ("!", endOfRule, 2),
        ("-", endOfRule, 2),
        ("params.plan in", endOfRule, 15),
        ("params.count <", endOfRule, 15),
        ("params.count == 1 in", endOfRule, 21),
        ("params.count + ", endOfRule, 16),
        ("(", endOfRule, 2),
        ("geo.inRegion(", endOfRule, 14),
        ("params.flag && .", "expected a value, a name or '(', found '.'", 16),
        ("params.count < < 1", "expected a value, a name or '(', found '<'", 16),
        ("&& params.flag", "expected a value, a name or '(', found '&&'", 1),
        (")", "expected a value, a name or '(', found ')'", 1),
        ("]", "expected a value, a name or '(', found ']'", 1),
        (",", "expected a value, a name or '(', found ','", 1),
        ("* 2", "expected a value, a name or '(', found '*'", 1),
        ("in [1]", "expected a value, a name or '(', found 'in'", 1),
        ("spy.echo(1,)", "expected a value, a name or '(', found ')'", 12),
        ("[1, , 2]", "expected a value, a name or '(', found ','", 5),
        // Unclosed or stray brackets.
        ("(params.flag", "expected ')' to close the '(', found the end of the rule", 13),
        ("((params.flag)", "expected ')' to close the '(', found the end of the rule", 15),
        ("(params.flag]", "expected ')' to close the '(', found ']'", 13),
        ("[1, 2", "expected ',' or ']', found the end of the rule", 6),
        ("[1 2]", "expected ',' or ']', found '2'", 4),
        ("spy.echo(1 2)", "expected ',' or ')', found '2'", 12),
        ("spy.echo(1", "expected ',' or ')', found the end of the rule", 11),
        ("tips[\"favorite\"", "expected ']', found the end of the rule", 16),
        ("tips[\"favorite\")", "expected ']', found ')'", 16),
        // Members need a name.
        ("params.", "expected a name after '.', found the end of the rule", 8),
        ("params.1", "expected a name after '.', found '1'", 8),
        ("params.(plan)", "expected a name after '.', found '('", 8),
        ("events.launch..count", "expected a name after '.', found '.'", 15),
        ("params.\"plan\"", "expected a name after '.', found a string", 8),
        // Something after a complete expression.
        ("params.flag)", "unexpected ')' \(missingOperator)", 12),
        ("params.flag params.off", "unexpected 'params' \(missingOperator)", 13),
        ("1 2", "unexpected '2' \(missingOperator)", 3),
        ("true false", "unexpected 'false' \(missingOperator)", 6),
        ("null null", "unexpected 'null' \(missingOperator)", 6),
        ("1d 2h", "unexpected '2h' \(missingOperator)", 4),
        ("1.5 2.5", "unexpected '2.5' \(missingOperator)", 5),
        ("\"a\" \"b\"", "unexpected a string \(missingOperator)", 5),
        ("v\"1.2\" v\"1.3\"", "unexpected v\"1.3.0\" \(missingOperator)", 8),
        ("params.flag !params.off", "unexpected '!' \(missingOperator)", 13),
        ("params.flag ]", "unexpected ']' \(missingOperator)", 13),
        ("1.5h > 0s", "unexpected 'h' \(missingOperator)", 4),
        // Characters that start no token.
        ("params.count = 1", "'=' is not an operator; write '==' to compare", 14),
        ("params.flag & params.off", "'&' is not an operator; write '&&'", 13),
        ("params.flag | params.off", "'|' is not an operator; write '||'", 13),
        ("params.flag # comment", "unexpected character '#'", 13),
        ("params.count ^ 2", "unexpected character '^'", 14),
        ("params.count == 1;", "unexpected character ';'", 18),
        ("params.plan == @pro", "unexpected character '@'", 16),
        ("params.flag\u{0}", "unexpected character 'U+0'", 12),
        ("params.flag\u{0B}", "unexpected character 'U+B'", 12),
        ("params.flag → true", "unexpected character '→'", 13),
        ("é == 1", "unexpected character 'é'", 1),
        // Strings and versions.
        ("\"pro", "this string is never closed; add \"", 1),
        ("params.plan == 'pro", "this string is never closed; add '", 16),
        ("params.plan == \"a\\\"", "this string is never closed; add \"", 16),
        ("params.plan == \"a\\qb\"", "unknown escape '\\q' in a string", 18),
        ("params.plan == \"a\\u0041\"", "unknown escape '\\u' in a string", 18),
        ("app.version == v\"1.x\"", "'1.x' is not a version; expected MAJOR[.MINOR[.PATCH]] of non-negative integers, e.g. 1.2.0", 16),
        ("app.version == v\"1.2.3.4\"", "'1.2.3.4' is not a version; expected MAJOR[.MINOR[.PATCH]] of non-negative integers, e.g. 1.2.0", 16),
        ("app.version == v''", "a version cannot be empty; expected MAJOR[.MINOR[.PATCH]], e.g. 1.2.0", 16),
        ("app.version == v\"2", "this string is never closed; add \"", 17),
        // Numbers and durations.
        ("params.count == 99999999999999999999", "the integer '99999999999999999999' does not fit in 64 bits", 17),
        ("params.count == 9223372036854775808", "the integer '9223372036854775808' does not fit in 64 bits", 17),
        ("params.ratio < 1.5e999", "the number '1.5e999' is out of range", 16),
        ("params.wait > 7x", "'7x' is not a duration: unknown unit 'x'; use ms, s, m, h, d or w", 15),
        ("params.wait > 1h1d", "'1h1d' is not a duration: units must go from the largest to the smallest, each once (e.g. 1d12h)", 15),
        ("params.wait > 7D", "'7D' is not a duration: units are lower-case: ms, s, m, h, d or w", 15),
        ("params.wait > 1d12", "'1d12' is not a duration: a number needs a unit (ms, s, m, h, d or w)", 15),
        ("params.ratio < 1e999", "the number '1e999' is out of range", 16),
        ("params.wait > 1e3d", "'1e3d' is not a duration: unknown unit 'e'; use ms, s, m, h, d or w", 15),
        ("params.wait > 2e", "'2e' is not a duration: unknown unit 'e'; use ms, s, m, h, d or w", 15),
        ("params.wait > 2e-", "'2e' is not a duration: unknown unit 'e'; use ms, s, m, h, d or w", 15),
        ("params.wait > 9999999999999999d", "'9999999999999999d' is not a duration: the number is too large", 15),
        ("params.wait > \(String(repeating: "1", count: 40))d",
         "'\(String(repeating: "1", count: 24))…' is not a duration: the number is too large", 15),
        // Nesting is bounded, so every later pass may recurse safely.
        (String(repeating: "(", count: 128) + "params.flag" + String(repeating: ")", count: 128),
         "the rule nests deeper than 128 levels", 129),
        (String(repeating: "!", count: 128) + "params.flag", "the rule nests deeper than 128 levels", 129),
        (String(repeating: "-", count: 128) + "1 > 0", "the rule nests deeper than 128 levels", 129),
    ]

    @Test(arguments: syntaxErrors)
    func syntaxError(rule: String, message: String, column: Int) throws {
        let diagnostic = try RuleFixture.onlyError(rule)
        #expect(diagnostic.code == "rule.syntax")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.message == message)
        #expect(diagnostic.span.start == SourcePosition(line: 1, column: column))
        #expect(diagnostic.span.file == "r.yaml")
    }

    /// Just inside the limits: these compile.
    static let deepButAccepted: [String] = [
        String(repeating: "(", count: 127) + "params.flag" + String(repeating: ")", count: 127),
        // `params.flag` is two levels (a member of a name), so 126 `!` reach 128.
        String(repeating: "!", count: 126) + "params.flag",
        "params.plan in [" + Array(repeating: "\"x\"", count: 10_000).joined(separator: ", ") + "]",
        "params.plan == \"" + String(repeating: "é", count: 100_000) + "\"",
    ]

    @Test(arguments: deepButAccepted.indices)
    func deepButAcceptedRuleCompiles(index: Int) throws {
        let rule = try RuleFixture.rule(Self.deepButAccepted[index])
        _ = rule.evaluate(in: FixtureContext.standard())
    }

    /// The lexer reports every bad token, not only the first.
    static let severalProblems: [(rule: String, columns: [Int])] = [
        ("params.flag # x $ y", [13, 17]),
        ("a = b = c", [3, 7]),
        ("'open && \"a\\q\"", [12, 1]),
        ("7x > 7y && v\"x\" == app.version", [1, 6, 12]),
    ]

    @Test(arguments: severalProblems)
    func lexerReportsEveryProblem(rule: String, columns: [Int]) {
        let compilation = RuleFixture.compile(rule)
        #expect(compilation.rule == nil)
        #expect(compilation.diagnostics.map(\.span.start.column) == columns)
        #expect(compilation.diagnostics.allSatisfy { $0.code == "rule.syntax" && $0.severity == .error })
    }

    @Test func lexerKeepsAtMostAHundredProblems() {
        let compilation = RuleFixture.compile(String(repeating: "# ", count: 10_000))
        #expect(compilation.diagnostics.count == 100)
        #expect(compilation.diagnostics.last?.span.start.column == 199)
    }

    /// A rule in the middle of a YAML line, continued on the next: positions follow the origin.
    @Test func positionsFollowTheOrigin() throws {
        let origin = TextOrigin(file: "tips.yaml", runs: [
            .init(offset: 0, location: SourcePosition(line: 7, column: 12)),
            .init(offset: 15, location: SourcePosition(line: 8, column: 5)),
        ])
        let compilation = RuleFixture.compiler.compile("params.flag && params.count = 1", origin: origin)
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(diagnostic.span.description == "tips.yaml:8:18")
    }

    /// Spelling that is accepted: both quotes, escapes, every duration unit, and space anywhere
    /// between tokens.
    static let accepted: [(rule: String, outcome: RuleOutcome)] = [
        ("params.plan == 'pro' && params.plan == \"pro\"", .satisfied),
        ("\"it's\" == 'it\\'s'", .satisfied),
        ("\"a\\\\b\" != \"a\\nb\" && \"\\t\" != \"\\r\"", .satisfied),
        ("1w2d3h4m5s6ms == 788645006ms", .satisfied),
        ("\n\tparams.flag\r\n&&\u{A0}!params.off\u{2003}", .satisfied),
        ("params  .  plan == \"pro\"", .satisfied),
        ("v'2' == v\"2.0.0\"", .satisfied),
    ]

    /// Numbers with an exponent are doubles, with or without a decimal point: dividing them
    /// does not truncate, as dividing an int would.
    static let exponentLiterals: [String] = [
        "1e3 / 16 == 62.5",
        "1E6 / 3 > 333333",
        "1e+2 / 8 == 12.5",
        "1e0 / 2 == 0.5",
        "2.5e-3 * 400 == 1",
        "2.5E-1 == 0.25",
        "1.5e3 == 1500",
        "params.ratio * 2e1 == 10",
        "0e5 == 0 && 007e1 == 70",
    ]

    @Test(arguments: exponentLiterals)
    func exponentLiteralIsADouble(rule: String) throws {
        #expect(try RuleFixture.rule(rule).evaluate(in: FixtureContext.standard()) == .satisfied)
    }

    /// A double where an int is expected is refused, so `1e3` is no int.
    @Test func exponentLiteralIsNoInt() throws {
        let diagnostic = try RuleFixture.onlyError("spy.echo(1e3) > 0")
        #expect(diagnostic.message == "argument '1e3' of spy.echo must be int, not double")
    }

    @Test(arguments: accepted)
    func acceptedSpelling(rule: String, outcome: RuleOutcome) throws {
        let compiled = try RuleFixture.rule(rule)
        #expect(compiled.evaluate(in: FixtureContext.standard()) == outcome)
    }
}
