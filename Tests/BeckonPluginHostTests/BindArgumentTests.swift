@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// `bind` (ABI 1.1) names the argument it refuses, and the host underlines that argument;
/// arguments may be null, as a constant (known at bind) or at evaluation. Loads plugins into
/// this process.
@Suite("bind arguments and null arguments")
struct BindArgumentTests {
    static func host() throws -> PluginHost {
        let path = try PluginRuleHarness.build("bind_arguments")
        let (host, diagnostics) = PluginHost.load([PluginRuleHarness.declaration(path)])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        return host
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        var rule: String
        /// The text the diagnostic underlines (nil: the whole call).
        var underlined: String?
        var message: String
        var testDescription: String { rule }
    }

    static let refusals: [Refusal] = [
        .init(rule: "args.pick(1, -2) == 1", underlined: "-2", message: "args.pick rejected argument 2 '-2': must not be negative, not -2"),
        .init(rule: "args.pick(-1, params.y) == 1", underlined: "-1", message: "args.pick rejected argument 1 '-1': must not be negative, not -1"),
        .init(rule: "args.pick(null, 1) == 1", underlined: "null", message: "args.pick rejected argument 1 'null': argument 0 is the constant null"),
        .init(rule: "args.pick(2, 99) == 1", underlined: nil, message: "args.pick rejected this call: 99 is refused, pointing nowhere"),
    ]

    @Test("a refusal that names an argument is shown at that argument; one that names none at the call", arguments: refusals)
    func refusalIsShownAtTheArgument(_ example: Refusal) throws {
        let compilation = PluginRuleHarness.compile(example.rule, try Self.host())
        #expect(compilation.rule == nil)
        let diagnostic = try #require(compilation.diagnostics.first)
        #expect(compilation.diagnostics.count == 1)
        #expect(diagnostic.code == "rule.plugin")
        #expect(diagnostic.message == example.message)
        let start = PluginRuleHarness.position(of: example.underlined ?? "args.pick", in: example.rule)
        #expect(diagnostic.span.start == start)
        if let underlined = example.underlined {
            #expect(diagnostic.span.end == SourcePosition(line: start.line, column: start.column + underlined.count))
        }
    }

    @Test("the argument a bind pointer names", arguments: [
        ("/0", 2, 0), ("/1", 2, 1), ("", 2, nil), ("/2", 2, nil), ("/-1", 2, nil), ("/01", 2, nil), ("1", 2, nil), ("/1/0", 2, nil),
    ] as [(String, Int, Int?)])
    func argumentOfPointer(_ pointer: String, _ count: Int, _ expected: Int?) {
        #expect(PluginCondition.argument(pointer: pointer, count: count) == expected)
    }

    @Test("an argument not known at bind (a parameter) may still arrive null at evaluation, and the plugin says so")
    func nullAtEvaluation() throws {
        let host = try Self.host()
        let rule = try #require(PluginRuleHarness.compile("args.pick(params.x, 1) == 5", host).rule)
        #expect(PluginRuleHarness.evaluate(rule, x: .int(5)) == .satisfied)
        guard case .failed(let message) = PluginRuleHarness.evaluate(rule, x: .null) else {
            Issue.record("an unset parameter must fail the rule")
            return
        }
        #expect(message == "args.pick failed: argument 0 is null at evaluation")
    }
}
