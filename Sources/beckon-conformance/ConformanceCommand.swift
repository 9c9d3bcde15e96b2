import ArgumentParser
import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import BeckonStoreConformance
import FoundationEssentials

/// `beckon-conformance PATH.so`: loads a store plugin the way `beckon` does and runs the store
/// contract (`StoreConformance`) against its store, one line per check.
@main
struct ConformanceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "beckon-conformance",
        abstract: "Run the Beckon store contract against a plugin's store backend.",
        discussion: """
            Loads the plugin through the Beckon plugin host, opens its store once per check and runs \
            every check of the store contract, concurrent writers included. Checks write subjects under \
            a prefix unique to the run ("beckon-conformance/RUN/CHECK/") and leave them in the store: \
            point a durable store at a scratch database. A store declared durable or shared is also read \
            through second handles (a new open with the same options), as a later process would.

            Exit codes: 0 every check passed, 1 a check failed, 64 usage, 65 the plugin refused its \
            --config, 66 the plugin file cannot be read, 69 the plugin or its store is unavailable.
            """
    )

    @Argument(help: ArgumentHelp("The plugin's shared object.", valueName: "PATH.so"))
    var path: String

    @Option(help: ArgumentHelp("The store to test, when the plugin offers several: its name (memory) or the configuration's (memstore.memory).",
                               valueName: "NAME"))
    var store: String?

    @Option(help: ArgumentHelp("The store's options as JSON, as `store.options` would give them (default null).", valueName: "JSON"))
    var options: String?

    @Option(help: ArgumentHelp("The plugin's config as JSON, as its `config:` would give it (default null).", valueName: "JSON"))
    var config: String?

    @Option(name: .customLong("check"), help: ArgumentHelp("Run only this check (repeatable).", valueName: "NAME"))
    var checks: [String] = []

    @Flag(help: "Use the subject ids as they are, without the run's prefix: only for a store whose every open starts empty.")
    var noPrefix = false

    @Flag(help: "Never open second handles, even for a durable or shared store.")
    var noReopen = false

    func validate() throws {
        _ = try Self.json(options, "--options")
        _ = try Self.json(config, "--config")
        let known = Set(StoreConformance.checks.map(\.name))
        for name in checks where !known.contains(name) {
            throw ValidationError("unknown check '\(name)'; the checks are: \(StoreConformance.checks.map(\.name).joined(separator: ", "))")
        }
    }

    func run() throws {
        let target = try ConformanceTarget.open(path: path, storeName: store, options: try Self.json(options, "--options"),
                                                config: try Self.json(config, "--config"))
        let reopens = !noReopen && target.sharesData
        let runPrefix = StoreConformance.runPrefix("beckon-conformance")
        Console.line(target.title)
        Console.line(target.capabilitiesLine + (reopens ? "; read back through second handles" : "") + (noPrefix ? "" : "; subjects under \(runPrefix)"))
        Console.line()
        let selected = checks.isEmpty ? StoreConformance.checks : StoreConformance.checks.filter { checks.contains($0.name) }
        var failed: [String] = []
        var skipped: [String] = []
        for check in selected {
            let prefix = noPrefix ? "" : "\(runPrefix)\(check.name)/"
            let result = StoreConformance.run(check, opening: { () throws(StoreError) in try target.open() }, prefix: prefix,
                                              sharesData: target.sharesData, reopens: !noReopen)
            if let reason = result.skipped, result.passed {
                skipped.append(check.name)
                Console.line("– \(check.name): skipped: \(reason)")
            } else if result.passed {
                Console.line("✓ \(check.name)")
            } else {
                failed.append(check.name)
                Console.line("✗ \(check.name): \(check.summary)")
                for failure in result.failures { Console.line("    \(failure)") }
            }
        }
        Console.line()
        let skips = skipped.isEmpty ? "" : " (\(skipped.count) skipped: the store lacks what they check)"
        if failed.isEmpty {
            Console.line("\(selected.count - skipped.count) of \(selected.count) checks passed\(skips)")
        } else {
            Console.line("\(failed.count) of \(selected.count) checks failed: \(failed.joined(separator: ", "))\(skips)")
            throw ExitCode(1)
        }
    }

    /// The value of a JSON option (null when not given); a usage error when it is not JSON.
    static func json(_ text: String?, _ option: String) throws -> ConfigValue {
        try JSONOptions.option(text, named: option).mapError { ValidationError($0.description) }.get()
    }
}
