import BeckonTestSupport
import BeckonDiagnostics
import BeckonRules
import Foundation
import Testing

/// Hostile and random input for the compiler: it must always answer with a rule or a diagnostic,
/// and a rule it accepts must evaluate and explain without trapping.
///
/// The random part is bounded so it runs in about a second. For a longer run with the same
/// seed, set `BECKON_FUZZ_CASES`:
///
///     BECKON_FUZZ_CASES=100000 swift test --filter randomInputEndsInARuleOrADiagnostic
@Suite("Rule robustness")
struct RuleRobustnessTests {
    /// Inputs built to hit the limits: deep nesting, long chains, huge tokens.
    static let extremes: [Extreme] = {
        // The string literal and the identifier are a full megabyte; the other long inputs a
        // quarter, which reaches the same code paths in less time.
        let megabyte = 1 << 20, quarter = megabyte / 4
        let inputs: [(String, String)] = [
            ("10,000 nested parentheses", String(repeating: "(", count: 10_000) + "params.flag" + String(repeating: ")", count: 10_000)),
            ("10,000 open parentheses", String(repeating: "(", count: 10_000)),
            ("10,000 close parentheses", "params.flag" + String(repeating: ")", count: 10_000)),
            ("10,000 '!'", String(repeating: "!", count: 10_000) + "params.flag"),
            ("10,000 unary '-'", String(repeating: "-", count: 10_000) + "1 > 0"),
            ("10,000 '!(' pairs", String(repeating: "!(", count: 10_000) + "params.flag" + String(repeating: ")", count: 10_000)),
            ("10,000 nested lists", String(repeating: "[", count: 10_000) + "1" + String(repeating: "]", count: 10_000)),
            ("10,000 nested calls", String(repeating: "spy.echo(", count: 10_000) + "1" + String(repeating: ")", count: 10_000) + " > 0"),
            ("10,000 nested brackets", "tips" + String(repeating: "[tips", count: 10_000) + String(repeating: "]", count: 10_000)),
            ("10,000 member chain", "params" + String(repeating: ".plan", count: 10_000)),
            ("10,000 chained windows", "events.view" + String(repeating: ".within(1d)", count: 10_000) + ".count > 0"),
            ("10,000 nested where", String(repeating: "events.view.where(", count: 10_000) + "true" + String(repeating: ").count > 0", count: 10_000)),
            ("5,000 '&&'", Array(repeating: "params.flag", count: 5_001).joined(separator: " && ")),
            ("5,000 '||'", Array(repeating: "params.flag", count: 5_001).joined(separator: " || ")),
            ("5,000 '+'", Array(repeating: "1", count: 5_001).joined(separator: " + ") + " > 0"),
            ("5,000 mixed operators", Array(repeating: "params.count * 2 - 1 < 3", count: 5_001).joined(separator: " && ")),
            ("5,000 '=='", Array(repeating: "params.flag", count: 5_001).joined(separator: " == ")),
            ("5,000 list items", "params.plan in [" + Array(repeating: "\"x\"", count: 5_000).joined(separator: ", ") + "]"),
            ("5,000 names in a list", "params.plan in [" + Array(repeating: "params.plan", count: 5_000).joined(separator: ", ") + "]"),
            ("100 '== null' over an unknown name", "foo" + String(repeating: " == null", count: 100)),
            ("100 '!= null' over a valid name", "params.plan" + String(repeating: " != null", count: 100)),
            ("5,000 call arguments", "spy.echo(" + Array(repeating: "1", count: 5_000).joined(separator: ", ") + ") > 0"),
            ("1 MB string literal", "params.plan == \"" + String(repeating: "x", count: megabyte) + "\""),
            ("256 KB unclosed string", "\"" + String(repeating: "x", count: quarter)),
            ("1 MB identifier", String(repeating: "a", count: megabyte) + " == 1"),
            ("256 KB parameter name", "params." + String(repeating: "p", count: quarter) + " == 1"),
            ("256 KB digits", String(repeating: "9", count: quarter) + " > 0"),
            ("256 KB duration", String(repeating: "1", count: quarter) + "d > 0s"),
            ("256 KB of stray characters", String(repeating: "#", count: quarter)),
            ("256 KB of '='", String(repeating: "=", count: quarter + 1)),
            ("256 KB of white space", String(repeating: " \t\n", count: quarter / 3)),
            ("256 KB of escapes", "\"" + String(repeating: "\\q", count: quarter / 2) + "\""),
            ("NUL and controls", "params.flag\u{0}&&\u{7}\u{1B}"),
            ("lone quote", "\""),
            ("lone v quote", "v\""),
            ("empty", ""),
        ]
        return inputs.map(Extreme.init)
    }()

    /// A named input, shown by its name: the texts are too long to print.
    struct Extreme: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String

        var testDescription: String { name }
    }

    @Test(arguments: extremes)
    func extremeInputEndsInARuleOrADiagnostic(input: Extreme) {
        if let problem = Self.problem(with: input.text) {
            Issue.record("\(input.name): \(problem)")
        }
    }

    /// Nesting templates: `n` copies of the prefix and suffix around a core.
    static let nestings: [(prefix: String, core: String, suffix: String, tail: String)] = [
        ("!(", "params.flag", ")", ""),
        ("(params.flag && ", "params.flag", ")", ""),
        ("params.flag && (", "params.flag", ")", ""),
        ("params.count + (", "1", ") * 2", " > 0"),
        ("spy.echo(", "params.count", ")", " > 0"),
        ("geo.distance(1, ", "params.ratio", ")", " > 0"),
        ("events.view.where(", "info.premium", ").count > 0", ""),
        ("events.view.where(info.premium && events.never.within(1d).where(", "true", ").count == 0).count > 0", ""),
        ("1 + (", "params.count", ")", " > 0"),
        ("-(", "params.count", ")", " < 0"),
        ("(", "now", " + 1s)", " > now"),
        ("(", "params.flag", " in [true])", ""),
    ]

    /// The deepest rule each template allows compiles, evaluates and explains on the test's own
    /// thread: the depth bound keeps every recursive pass (checker, evaluator, explanation) shallow.
    @Test(arguments: nestings.indices)
    func deepestAcceptedNestingRuns(template: Int) {
        let (prefix, core, suffix, tail) = Self.nestings[template]
        func text(_ depth: Int) -> String {
            String(repeating: prefix, count: depth) + core + String(repeating: suffix, count: depth) + tail
        }
        // Bisect: depth 1 compiles, 200 cannot.
        var deepest = 1, tooDeep = 200
        while tooDeep - deepest > 1 {
            let middle = (deepest + tooDeep) / 2
            if RuleFixture.compile(text(middle)).rule != nil { deepest = middle } else { tooDeep = middle }
        }
        #expect(deepest >= 10, "\(text(1)) nests only \(deepest) deep")
        #expect(Self.problem(with: text(deepest)) == nil)
        #expect(RuleFixture.compile(text(deepest + 1)).diagnostics.map(\.message) == ["the rule nests deeper than 128 levels"])
    }

    /// Flat chains of 10,000 operands: one level of nesting however long, so they compile, and
    /// each pass loops over the operands instead of recursing once per operand.
    static let flatChains: [Extreme] = {
        let operands = 10_000
        let inputs: [(String, String)] = [
            ("'&&'", Array(repeating: "params.flag", count: operands).joined(separator: " && ")),
            ("'||'", Array(repeating: "params.off", count: operands - 1).joined(separator: " || ") + " || params.flag"),
            ("'&&' inside '||'", Array(repeating: "params.off && params.flag", count: operands / 2 - 1).joined(separator: " || ")
                + " || params.flag && params.flag"),
            ("'+'", Array(repeating: "params.count", count: operands).joined(separator: " + ") + " == 30000"),
            ("'*'", "1" + String(repeating: " * 1", count: operands - 1) + " == 1"),
            ("'/'", "1000000" + String(repeating: " / 1.0", count: operands - 1) + " == 1e6"),
            ("'-' and '+' on instants", "now" + String(repeating: " - 1d + 1d", count: operands / 2) + " == now"),
            ("'=='", "params.flag" + String(repeating: " == true", count: operands - 1)),
            ("'== null' and '!= null'", "params.unset == null" + String(repeating: " != null", count: operands - 2)),
            ("'&&' in where(…)", "events.view.where(" + Array(repeating: "info.premium", count: operands).joined(separator: " && ")
                + ").count == 3"),
        ]
        return inputs.map(Extreme.init)
    }()

    @Test(arguments: flatChains)
    func flatChainOfTenThousandOperandsHolds(input: Extreme) throws {
        let rule = try RuleFixture.rule(input.text)
        let context = FixtureContext.standard()
        #expect(rule.evaluate(in: context) == .satisfied, "\(input.name)")
        #expect(rule.explain(in: context).outcome == .satisfied, "\(input.name)")
    }

    /// Valid rules that mutations start from: every construct of the language appears.
    static let seeds = [
        "params.flag && !params.off",
        "params.plan == \"pro\" || params.plan in ['team', 'enterprise']",
        "events.launch.count >= 3 && events.launch.sinceLast < 1d12h",
        "events.view.within(7d).where(info.kind == \"a\" && info.size > 2).count > 1",
        "events.view.largestSubset(info.kind).count >= events.view.smallestSubset(info.kind).count",
        "tips[\"favorite-landmark\"].displayCount < 3 && !tips.favorite.invalidated",
        "tips.favorite.status == 'available' || scenarios.onboarding.executions + scenarios.onboarding.events > 2",
        "app.version >= v\"2.1\" && app.version != null && params.minVersion <= app.version",
        "now - events[\"app-launched\"].last > 30m && now - 2d >= params.since - 1w",
        "geo.inRegion(subject) || geo.distance(params.ratio, 3) * 2.5 / 4 % 3 > -1",
        "spy.echo(params.count * 7 - -2) != 0 && (params.wait + 5m - 1h) > 0s",
        "events.never.first == null && events.never.within(1d).count == 0 && events.view.first < now",
    ]

    /// Characters and fragments that mutations insert: the language's punctuation and keywords.
    static let fragments: [String] = [
        "(", ")", "[", "]", ".", ",", "!", "-", "+", "*", "/", "%", "<", ">", "=", "&", "|", "\"", "'", "\\",
        " ", "&&", "||", "==", "!=", "<=", ">=", " in ", "null", "true", "false", "0", "1", "-1", "9223372036854775807",
        "1.5", "7d", "1d12h", "0s", "v\"1.2\"", "info", "info.kind", "now", "subject", "params", "events", "tips",
        "scenarios", "app", "geo", "spy", ".count", ".within(", ".where(", ".largestSubset(", "spy.fail()",
        "spy.echo(", "params.big", "params.small", "params.zero", "params.unset", "é", "\u{0}", "\u{FFFD}", "🙂",
    ]

    /// The number of random cases: small by default, `BECKON_FUZZ_CASES` when set.
    static var caseCount: Int {
        ProcessInfo.processInfo.environment["BECKON_FUZZ_CASES"].flatMap { Int($0) } ?? 3_000
    }

    @Test func randomInputEndsInARuleOrADiagnostic() {
        var random = SplitMix64(seed: 0xBEC0_2024)
        var generator = RuleGenerator(random: SplitMix64(seed: 0x5EED))
        var problems: [String] = []
        var compiled = 0
        let started = ContinuousClock.now
        for index in 0..<Self.caseCount {
            var mustCompile = false
            let text: String
            switch index % 6 {
            case 0: text = Self.garbage(&random)
            case 1: text = Self.tokenSoup(&random)
            case 2: text = Self.brackets(&random)
            case 3: text = Self.mutation(of: Self.seeds[random.below(Self.seeds.count)], &random)
            case 4: text = Self.mutation(of: generator.bool(), &random)
            default:
                text = generator.bool()
                mustCompile = true
            }
            let (problem, isRule) = Self.examine(text, mustCompile: mustCompile)
            if let problem {
                problems.append("case \(index) \(String(reflecting: String(text.prefix(300)))): \(problem)")
            }
            if isRule { compiled += 1 }
        }
        for problem in problems.prefix(20) { Issue.record(Comment(rawValue: problem)) }
        #expect(problems.isEmpty, "\(problems.count) of \(Self.caseCount) cases misbehaved")
        // The generators must reach the evaluator, not only the parser's error paths.
        #expect(compiled >= Self.caseCount / 6, "only \(compiled) of \(Self.caseCount) random rules compiled")
        if Self.caseCount > 10_000 {
            print("fuzz: \(Self.caseCount) cases, \(compiled) compiled, \(problems.count) problems, \(ContinuousClock.now - started)")
        }
    }

    /// What is wrong with the compiler's answer to `text`, if anything. Traps are what this
    /// really looks for: one ends the test process, and since the cases come in a fixed order,
    /// halving `BECKON_FUZZ_CASES` until it stops finds the case that caused it.
    static func problem(with text: String) -> String? {
        examine(text, mustCompile: false).problem
    }

    /// The problem with the compiler's answer, if any, and whether it gave a rule.
    static func examine(_ text: String, mustCompile: Bool) -> (problem: String?, compiled: Bool) {
        let compilation = RuleFixture.compile(text)
        let hasErrors = compilation.diagnostics.contains { $0.severity == .error }
        let messages = compilation.diagnostics.map(\.message)
        guard let rule = compilation.rule else {
            if mustCompile { return ("a generated rule did not compile: \(messages)", false) }
            return (hasErrors ? nil : "no rule and no error (\(messages))", false)
        }
        if hasErrors { return ("a rule despite errors \(messages)", true) }
        let context = FixtureContext.standard()
        let outcome = rule.evaluate(in: context)
        let explanation = rule.explain(in: context)
        if explanation.outcome != outcome {
            return ("explain gave \(explanation.outcome), evaluate gave \(outcome)", true)
        }
        _ = explanation.rendered()
        return (nil, true)
    }

    // MARK: Generators

    /// Random bytes read as UTF-8 (invalid sequences become U+FFFD), or random scalars.
    static func garbage(_ random: inout SplitMix64) -> String {
        let length = random.below(48)
        if random.below(2) == 0 {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: random.next()) }
            return String(decoding: bytes, as: UTF8.self)
        }
        var scalars = String.UnicodeScalarView()
        for _ in 0..<length {
            let value = random.below(4) == 0 ? UInt32(random.below(0x11_0000)) : UInt32(random.below(0x80))
            scalars.append(Unicode.Scalar(value) ?? "?")
        }
        return String(scalars)
    }

    /// Fragments of the language strung together at random, mostly with spaces.
    static func tokenSoup(_ random: inout SplitMix64) -> String {
        let count = 1 + random.below(24)
        var text = ""
        for _ in 0..<count {
            text += fragments[random.below(fragments.count)]
            if random.below(3) != 0 { text += " " }
        }
        return text
    }

    /// Names joined by operators inside randomly (and often wrongly) balanced brackets.
    static func brackets(_ random: inout SplitMix64) -> String {
        let atoms = ["params.flag", "params.count", "1", "[1, 2]", "events.launch.count", "tips[\"favorite\"]", "spy.echo(1)"]
        let glue = [" && ", " || ", " + ", " == ", " in ", ", ", "", "."]
        var text = ""
        for _ in 0..<(1 + random.below(16)) {
            switch random.below(4) {
            case 0: text += ["(", "[", "((", "(["][random.below(4)]
            case 1: text += [")", "]", "))", "])"][random.below(4)]
            default: text += atoms[random.below(atoms.count)] + glue[random.below(glue.count)]
            }
        }
        return text
    }

    /// A valid rule with one to four characters or fragments inserted, deleted, replaced or
    /// duplicated.
    static func mutation(of rule: String, _ random: inout SplitMix64) -> String {
        var scalars = Array(rule.unicodeScalars)
        for _ in 0..<(1 + random.below(4)) {
            let position = random.below(scalars.count + 1)
            switch random.below(4) {
            case 0:
                scalars.insert(contentsOf: fragments[random.below(fragments.count)].unicodeScalars, at: position)
            case 1 where position < scalars.count:
                scalars.removeSubrange(position..<min(scalars.count, position + 1 + random.below(4)))
            case 2 where position < scalars.count:
                scalars[position] = fragments[random.below(fragments.count)].unicodeScalars.first ?? " "
            default:
                let end = min(scalars.count, position + random.below(12))
                scalars.insert(contentsOf: scalars[position..<end], at: end)
            }
        }
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }
}
