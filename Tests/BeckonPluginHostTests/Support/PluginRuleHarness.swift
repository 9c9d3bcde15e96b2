import BeckonCore
import Foundation
import BeckonDiagnostics
@testable import BeckonPluginHost
import BeckonRules

/// Builds a 1.1 fixture (Fixtures/v1_1), loads plugins through `PluginHost` and compiles rules
/// against their conditions, for the tests of the ABI 1.1 additions.
enum PluginRuleHarness {
    static let file = "beckon.yaml"
    /// Where rules are "written": line 9, column 9, so that a span names a column of the text.
    static let ruleStart = SourcePosition(line: 9, column: 9)
    static let declarationSpan = SourceSpan(file: file, at: SourcePosition(line: 4, column: 11))

    /// `Fixtures/v1_1/SOURCE.c` built as `lib<name>.so` with `defines`.
    static func build(_ source: String, name: String? = nil, defines: [String] = []) throws -> String {
        try CPluginBuilder.build(name ?? source, sources: ["Tests/BeckonPluginHostTests/Fixtures/v1_1/\(source).c"], defines: defines)
    }

    /// A declaration of the plugin at `path`.
    static func declaration(_ path: String, namespace: String? = nil, config: ConfigValue = .null,
                            configSpans: [String: SourceSpan] = [:], configKeySpans: [String: SourceSpan] = [:]) -> PluginDeclaration {
        PluginDeclaration(path: path, writtenPath: "plugins/\(path.split(separator: "/").last ?? "")", namespace: namespace,
                          config: config, configSpans: configSpans, configKeySpans: configKeySpans, span: declarationSpan)
    }

    /// Compiles `text` against `host`'s conditions; parameters `params.x` (slot 0, int) and
    /// `params.y` (slot 1, int) exist.
    static func compile(_ text: String, _ host: PluginHost) -> RuleCompilation {
        var schema = RuleSchema()
        schema.parameters["x"] = .init(slot: 0, type: .int)
        schema.parameters["y"] = .init(slot: 1, type: .int)
        schema.functions = host.functions
        return RuleCompiler(schema: schema).compile(text, origin: TextOrigin(file: file, startingAt: ruleStart))
    }

    /// The position of the first occurrence of `part` in a rule written at `ruleStart`.
    static func position(of part: String, in text: String) -> SourcePosition {
        let offset = text.range(of: part).map { text.distance(from: text.startIndex, to: $0.lowerBound) } ?? 0
        return SourcePosition(line: ruleStart.line, column: ruleStart.column + offset)
    }

    /// Evaluates a compiled rule with parameters x and y (null when not given).
    static func evaluate(_ rule: CompiledRule, x: Value = .null, y: Value = .null) -> RuleOutcome {
        rule.evaluate(in: LoadingTestContext(subject: "ada", parameters: [x, y]))
    }
}
