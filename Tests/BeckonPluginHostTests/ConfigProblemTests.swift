@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import Testing

/// `check_config` (ABI 1.1): every problem of a plugin's config at once, each at its value or at
/// its key; a 1.0 plugin's `validate_config` keeps working. Loads plugins into this process.
@Suite("config problems (ABI 1.1)")
struct ConfigProblemTests {
    /// A span per value and per key, each on its own line: values in column 7, keys in column 3.
    static let valueSpans: [String: SourceSpan] = spans(["", "/a", "/unknown", "/list", "/list/1"], column: 7)
    static let keySpans: [String: SourceSpan] = spans(["/a", "/unknown", "/list"], column: 3)

    static func spans(_ pointers: [String], column: Int) -> [String: SourceSpan] {
        var spans: [String: SourceSpan] = [:]
        for (index, pointer) in pointers.enumerated() {
            spans[pointer] = SourceSpan(file: PluginRuleHarness.file, at: SourcePosition(line: 10 + index, column: column))
        }
        return spans
    }

    static func load(defines: [String] = [], name: String) throws -> (host: PluginHost, diagnostics: [Diagnostic]) {
        let path = try PluginRuleHarness.build("config_problems", name: name, defines: defines)
        return PluginHost.load([PluginRuleHarness.declaration(path, configSpans: valueSpans, configKeySpans: keySpans)])
    }

    @Test("every problem check_config puts is a diagnostic, at its value, at its key, or at the config")
    func everyProblemAtItsPosition() throws {
        let (host, diagnostics) = try Self.load(name: "problems-1-1")
        #expect(host.plugins.isEmpty)
        let prefix = "plugin 'plugins/libproblems-1-1.so' refused its config"
        #expect(diagnostics.map(\.message) == [
            "\(prefix) at /a: a is wrong",
            "\(prefix) at /unknown: unknown key 'unknown'",
            "\(prefix) at /list/1: the second item is wrong",
            "\(prefix) at /missing: a key that is not written",
            "\(prefix): the config as a whole",
        ])
        #expect(diagnostics.allSatisfy { $0.code == "plugin.config" && $0.severity == .error })
        #expect(diagnostics.map(\.span) == [
            Self.valueSpans["/a"], Self.keySpans["/unknown"], Self.valueSpans["/list/1"],
            Self.valueSpans[""], // no such key or value: the config as a whole
            Self.valueSpans[""],
        ])
    }

    @Test("a 1.0 plugin (struct_size of 1.0) is asked through validate_config; its check_config slot is never read")
    func aPluginOf1_0KeepsWorking() throws {
        let (host, diagnostics) = try Self.load(defines: ["AS_1_0"], name: "problems-1-0")
        #expect(host.plugins.isEmpty)
        #expect(diagnostics.map(\.message) == ["plugin 'plugins/libproblems-1-0.so' refused its config at /a: validate_config found the first problem"])
        #expect(diagnostics.map(\.span) == [Self.valueSpans["/a"]])
    }

    @Test("malformed problems are refused by put (INVALID_ARGUMENT) and reported as what they are")
    func malformedProblems() throws {
        let (_, diagnostics) = try Self.load(defines: ["MALFORMED"], name: "problems-malformed")
        let prefix = "plugin 'plugins/libproblems-malformed.so' refused its config: it reported a malformed problem: "
        #expect(diagnostics.map(\.message) == [
            prefix + "its message is not UTF-8",
            prefix + "target is 7, neither BECKON_CONFIG_AT_VALUE nor BECKON_CONFIG_AT_KEY",
            prefix + "its message is empty",
        ])
    }

    @Test("a check that fails without a problem refuses the config with its message")
    func failingCheck() throws {
        let (host, diagnostics) = try Self.load(defines: ["FAILS"], name: "problems-fails")
        #expect(host.plugins.isEmpty)
        #expect(diagnostics.map(\.message) == ["plugin 'plugins/libproblems-fails.so' refused its config: the checker cannot run"])
        #expect(diagnostics.map(\.span) == [Self.valueSpans[""]])
    }
}
