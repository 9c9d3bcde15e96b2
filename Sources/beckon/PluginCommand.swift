import ArgumentParser
import BeckonCore
import BeckonPluginHost
import BeckonRuntime
import BeckonStoreConformance

/// `beckon plugin …`: tools for plugin authors, over the plugin host.
struct PluginCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugin",
        abstract: "Tools for plugin authors: start a plugin, check a plugin file before shipping it.",
        subcommands: [New.self, Verify.self]
    )

    /// `beckon plugin verify FILE.so`.
    struct Verify: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "verify",
            abstract: "Check a plugin file before shipping it: its exports, what it needs, its descriptor, its conditions, its stores.",
            discussion: """
                Checks, in order: exports (only beckon_plugin_entry_v1), undefined (every symbol it \
                needs comes from a library it names, read from the ELF file), descriptor (valid, a \
                semantic version), conditions (each called once with sample arguments: it answers), \
                stores (each passes the Store contract, as beckon-conformance runs it). \
                Exit 0 when every check passes, 1 when one fails, 64 for bad options.
                """
        )

        @Argument(help: ArgumentHelp("The plugin file (.so).", valueName: "file"), completion: .file(extensions: ["so"]))
        var file: String

        @Option(name: .customLong("plugin-config"), help: ArgumentHelp("The plugin's config, as JSON (what `config:` would hand it).", valueName: "json"))
        var pluginConfig: String?

        @Option(name: .customLong("store-options"), help: ArgumentHelp("Its stores' options, as JSON (what `store.options` would hand them).", valueName: "json"))
        var storeOptions: String?

        @Flag(help: "Print one JSON report (for CI).")
        var json = false

        func run() throws {
            let report = PluginVerifier.verify(path: file, config: try Self.json(pluginConfig, "--plugin-config"),
                                               storeOptions: try Self.json(storeOptions, "--store-options"),
                                               storeCheck: Self.storeContract)
            if json {
                Output.printJSON(Self.json(report))
            } else {
                Self.print(report)
            }
            if !report.passed { throw ExitStatus.negative }
        }

        /// Every check of the Store contract, each on subjects of its own: the failures.
        static func storeContract(open: () throws(StoreError) -> any Store, sharesData: Bool) -> [String] {
            StoreConformance.failures(opening: { () throws(StoreError) in try open() }, sharesData: sharesData,
                                      runPrefix: StoreConformance.runPrefix("beckon-plugin-verify"))
        }

        /// The value of a JSON option (null when not given); a usage error when it is not JSON.
        static func json(_ text: String?, _ option: String) throws -> ConfigValue {
            try JSONOptions.option(text, named: option).mapError { ValidationError($0.description) }.get()
        }

        static func print(_ report: PluginVerification) {
            let plugin = report.name.map { " (\($0) \(report.version ?? "?"))" } ?? ""
            Output.line("\(report.file)\(plugin)")
            for check in report.checks {
                Output.line("\(check.passed ? "✓" : "✗") \(check.name)")
                for problem in check.problems { Output.line("    ✗ \(problem)") }
                for note in check.notes { Output.line("    \(note)") }
            }
            let failed = report.checks.filter { !$0.passed }.map(\.name)
            Output.line(failed.isEmpty ? "passed" : "failed: \(failed.joined(separator: ", "))")
        }

        static func json(_ report: PluginVerification) -> JSONValue {
            .object([
                "file": .string(report.file), "passed": .bool(report.passed), "name": .string(report.name), "version": .string(report.version),
                "abi": .string(report.abi), "minimumHostABI": .string(report.minimumHostABI),
                "checks": .array(report.checks.map { check in
                    .object(["name": .string(check.name), "passed": .bool(check.passed),
                             "problems": .array(check.problems.map(JSONValue.string)), "notes": .array(check.notes.map(JSONValue.string))])
                }),
            ])
        }
    }
}
