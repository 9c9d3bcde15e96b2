import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRuntime

/// `beckon check`: validates a configuration and reports every problem at once.
struct Check: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Validate a configuration file and report every problem with its line and column.",
        discussion: """
            Formats: text (for people, on standard error), json (one JSON array on standard output; \
            --json is the same) and github (GitHub Actions workflow commands on standard output, one \
            per diagnostic). Exit 0 when valid (warnings allowed), 65 when not, 66 when the file \
            cannot be read, 69 when a plugin cannot be loaded (or is not the file or version its \
            entry asks for). With --require-pins, as with plugins.requirePins, an entry without \
            sha256 is an error (plugin.unpinned) and is not loaded.
            """
    )

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("How to print the diagnostics: text, json (as --json) or github (GitHub Actions workflow commands).",
                               valueName: "format"))
    var format: ConfigOptions.DiagnosticFormat?

    @Flag(help: "Also print which text each locale shows for each content text (JSON with --json).")
    var locales = false

    @Flag(name: .customLong("require-pins"), help: "Refuse any plugin entry without sha256, as plugins.requirePins does (for production).")
    var requirePins = false

    /// `--json` is `--format json`; together with another format it is a usage error.
    func validate() throws {
        if options.json, let format, format != .json {
            throw ValidationError("--json cannot be combined with --format \(format.rawValue)")
        }
    }

    /// The format asked for: `--format`, else json with `--json`, else text.
    var chosenFormat: ConfigOptions.DiagnosticFormat { format ?? options.diagnosticFormat }

    func run() throws {
        let format = chosenFormat
        let loaded = try options.loadConfiguration(format: format, pins: requirePins ? .required : .asConfigured).loaded
        switch format {
        case .json:
            let diagnostics = loaded.warnings.map(DiagnosticJSON.init)
            if locales {
                Output.printJSON(LocaleCoverageReport(TranslationCoverage(loaded.configuration), diagnostics: diagnostics))
            } else {
                Output.printJSON(diagnostics)
            }
            return
        case .github:
            let annotations = GitHubAnnotations()
            for warning in loaded.warnings { Output.line(annotations.line(for: warning)) }
        case .text:
            if !loaded.warnings.isEmpty {
                Output.standardError(DiagnosticRenderer(sources: loaded.sources).render(loaded.warnings))
            }
        }
        if locales { Output.line(LocaleCoverageReport.table(TranslationCoverage(loaded.configuration))) }
        Output.line("\(options.configPath): valid — \(Self.summary(of: loaded.configuration))")
    }

    /// Counts of what the configuration declares: "3 tips, 1 group, …".
    static func summary(of configuration: Configuration) -> String {
        func count(_ number: Int, _ singular: String, _ plural: String) -> String {
            "\(number) \(number == 1 ? singular : plural)"
        }
        return [
            count(configuration.tips.count, "tip", "tips"),
            count(configuration.groups.count, "group", "groups"),
            count(configuration.scenarios.count, "scenario", "scenarios"),
            count(configuration.events.count, "event", "events"),
            count(configuration.parameters.count, "parameter", "parameters"),
            count(configuration.whatsNew.entries.count, "what's-new entry", "what's-new entries"),
            count(configuration.plugins.count, "plugin", "plugins"),
            count(configuration.files.count, "file", "files"),
        ].joined(separator: ", ")
    }
}
