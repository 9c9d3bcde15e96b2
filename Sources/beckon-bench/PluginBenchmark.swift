import ArgumentParser
import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import BeckonRules
import BeckonTestSupport
import Foundation

/// What a plugin condition costs over the same condition built in: the same rules evaluated with
/// a C plugin's function (through `dlopen` and the ABI) and with an in-process Swift function.
struct PluginBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "Time a rule calling a C plugin condition against the same rule with a built-in function (ns per evaluation)."
    )

    @Option(help: "Evaluations per measured run.") var evaluations = 500_000
    @Option(help: "Alternating pairs of runs (plugin, built-in) per rule.") var pairs = 31

    /// The plugin: two conditions doing as little as possible, so that what is measured is the call.
    static let pluginSource = """
        #include "beckon_plugin.h"
        static beckon_status is_even(void *plugin, void *call, const beckon_eval *eval, const beckon_value *args,
                                     size_t count, beckon_value_sink *result, beckon_error *error) {
            (void)plugin; (void)call; (void)eval; (void)count; (void)error;
            beckon_value value = {.type = BECKON_TYPE_BOOL};
            value.as.boolean = args[0].as.integer % 2 == 0;
            return result->put(result, &value);
        }
        static beckon_status yes(void *plugin, void *call, const beckon_eval *eval, const beckon_value *args,
                                 size_t count, beckon_value_sink *result, beckon_error *error) {
            (void)plugin; (void)call; (void)eval; (void)args; (void)count; (void)error;
            beckon_value value = {.type = BECKON_TYPE_BOOL};
            value.as.boolean = true;
            return result->put(result, &value);
        }
        static const beckon_condition is_even_condition = {
            .struct_size = sizeof(beckon_condition), .flags = BECKON_CONDITION_PURE,
            .name = "isEven", .signature = "(int) -> bool", .evaluate = is_even};
        static const beckon_condition yes_condition = {
            .struct_size = sizeof(beckon_condition), .flags = BECKON_CONDITION_PURE,
            .name = "yes", .signature = "() -> bool", .evaluate = yes};
        static const beckon_condition *const conditions[] = {&is_even_condition, &yes_condition};
        static const beckon_plugin plugin = {
            .struct_size = sizeof(beckon_plugin), .abi_major = BECKON_PLUGIN_ABI_MAJOR,
            .abi_minor = BECKON_PLUGIN_ABI_MINOR, .name = "bench", .version = "1.0.0",
            .conditions = conditions, .condition_count = 2};
        BECKON_PLUGIN_EXPORT const beckon_plugin *beckon_plugin_entry_v1(const beckon_host *host) {
            (void)host;
            return &plugin;
        }
        """

    func run() throws {
        let plugin = try Self.buildPlugin()
        let declaration = PluginDeclaration(path: plugin, writtenPath: plugin, namespace: nil, span: .wholeFile("bench.yaml"))
        let (host, diagnostics) = PluginHost.load([declaration])
        guard !diagnostics.contains(where: { $0.severity == .error }) else { throw ValidationError("the bench plugin did not load: \(diagnostics.map(\.message))") }

        var schema = RuleSchema()
        schema.parameters = ["n": .init(slot: 0, type: .int)]
        schema.functions = host.functions
        schema.functions["native.isEven"] = .init(parameters: [.int], result: .bool, implementation: BuiltInIsEven())
        schema.functions["native.yes"] = .init(parameters: [], result: .bool, implementation: BuiltInYes())
        let compiler = RuleCompiler(schema: schema)
        let context = PluginBenchContext()
        for (pluginRule, builtInRule) in [("bench.isEven(params.n)", "native.isEven(params.n)"), ("bench.yes()", "native.yes()")] {
            let viaPlugin = try RulesBenchmark.compile(pluginRule, compiler), builtIn = try RulesBenchmark.compile(builtInRule, compiler)
            // Alternated run by run, so that a slower or faster stretch of the machine weighs on
            // both alike; the difference is taken within each pair.
            var pluginTimes: [Double] = [], builtInTimes: [Double] = [], differences: [Double] = []
            for _ in 0..<pairs {
                let pluginTime = time(viaPlugin, context), builtInTime = time(builtIn, context)
                pluginTimes.append(pluginTime)
                builtInTimes.append(builtInTime)
                differences.append(pluginTime - builtInTime)
            }
            print("plugins: \(pluginRule): \(format(median(pluginTimes))) ns; \(builtInRule): \(format(median(builtInTimes))) ns; the plugin costs \(format(median(differences))) ns more per evaluation (medians of \(pairs) alternating pairs of runs of \(evaluations))")
        }
    }

    private func time(_ rule: CompiledRule, _ context: PluginBenchContext) -> Double {
        var satisfied = 0
        let measurement = Measurement.run(runs: 1) {
            for _ in 0..<evaluations where rule.evaluate(in: context).isSatisfied { satisfied += 1 }
        }
        precondition(satisfied > 0, "the rule was never satisfied")
        return measurement.median / Double(evaluations) * 1e9
    }

    private func median(_ values: [Double]) -> Double {
        values.sorted()[values.count / 2]
    }

    private func format(_ nanoseconds: Double) -> String {
        String((nanoseconds * 10).rounded() / 10)
    }

    /// Compiles the plugin with plain `cc` against the header, with the plugin guide's build line for
    /// plugin authors, optimized (`-O2`) as a plugin shipped would be.
    static func buildPlugin() throws -> String {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("beckon-bench-plugin-\(getpid())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let source = folder.appendingPathComponent("bench.c"), output = folder.appendingPathComponent("libbench.so")
        try pluginSource.write(to: source, atomically: true, encoding: .utf8)
        let arguments = CPlugin.flags + ["-O2", "-I", CPlugin.headerFolder.path, "-o", output.path, source.path]
        let (status, log) = try ProcessRunner.combined("cc", arguments)
        guard status == 0 else { throw ValidationError("cc failed to build the bench plugin:\n\(log)") }
        return output.path
    }
}

/// The built-in twin of the plugin's `isEven`.
private final class BuiltInIsEven: RuleFunction, RuleFunctionCall {
    func bind(constants: [Value?], schema: RuleSchema) -> Result<any RuleFunctionCall, RuleCallError> { .success(self) }
    func evaluate(_ arguments: UnsafeBufferPointer<Value>, context: any RuleContext) -> Result<Value, RuleCallError> {
        guard case .int(let value) = arguments[0] else { return .success(.null) }
        return .success(.bool(value % 2 == 0))
    }
}

/// The built-in twin of the plugin's `yes`.
private final class BuiltInYes: RuleFunction, RuleFunctionCall {
    func bind(constants: [Value?], schema: RuleSchema) -> Result<any RuleFunctionCall, RuleCallError> { .success(self) }
    func evaluate(_ arguments: UnsafeBufferPointer<Value>, context: any RuleContext) -> Result<Value, RuleCallError> { .success(.bool(true)) }
}

/// A context with one int parameter, `n` = 42.
private final class PluginBenchContext: NothingStoredContext, @unchecked Sendable {
    let now: Int64 = 1_800_000_000_000
    let subject = "bench"
    let appVersion: Version? = nil
    func parameter(_ slot: Int) -> Value { .int(42) }
}
