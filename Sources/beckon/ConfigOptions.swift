public import ArgumentParser  // public: PluginLog.Level conforms to ExpressibleByArgument below
import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import BeckonRuntime
import FoundationEssentials

/// `--config`, `--json` and `--log-level`, common to every subcommand.
struct ConfigOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The configuration file. Default: $BECKON_CONFIG, else ./beckon.yaml.", valueName: "path"),
            completion: .file(extensions: ["yaml", "yml"]))
    var config: String?

    @Flag(name: .long, help: "Print one JSON document that scripts can rely on.")
    var json = false

    @Option(name: .customLong("log-level"), help: ArgumentHelp(
        "The least severe log lines to print (plugins', and serve's own): debug, info, warning or error. Default: $BECKON_LOG_LEVEL, else warning (info for serve's own).",
        valueName: "level"))
    var logLevel: PluginLog.Level?

    /// A `BECKON_LOG_LEVEL` that names no level is a usage error, like a bad `--log-level`.
    func validate() throws {
        if logLevel == nil, case .failure(let error)? = PluginLog.environmentLevel() {
            throw ValidationError("\(PluginLog.environmentVariable): \(error.message)")
        }
    }

    /// The configuration path: `--config`, else `$BECKON_CONFIG`, else `./beckon.yaml`.
    var configPath: String {
        Self.configPath(given: config)
    }

    /// The configuration a command uses: `given` (its `--config`), else `$BECKON_CONFIG` in
    /// `environment`, else `./beckon.yaml`. The environment is read only without `given`: building
    /// it as a dictionary costs a cold decision call about a twentieth of its instructions.
    static func configPath(given: String?, environment: @autoclosure () -> [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let given { return given }
        if let fromEnvironment = environment()["BECKON_CONFIG"], !fromEnvironment.isEmpty {
            return fromEnvironment
        }
        return "beckon.yaml"
    }

    /// How a configuration's diagnostics are printed: `beckon check --format`.
    enum DiagnosticFormat: String, CaseIterable, ExpressibleByArgument {
        /// For people, on standard error: `path:line:col: error: message [code]` and the line quoted.
        case text
        /// One JSON array on standard output (`--json`).
        case json
        /// GitHub Actions workflow commands on standard output (`::error file=…::message`).
        case github
    }

    /// The format of diagnostics that `--json` asks for.
    var diagnosticFormat: DiagnosticFormat { json ? .json : .text }

    /// Loads the configuration and its plugins, or prints why not (in `format`, by default the
    /// one `--json` asks for) and exits 65 (invalid), 66 (unreadable) or 69 (a plugin cannot be
    /// loaded). In the GitHub format the diagnostics go to standard output as workflow commands,
    /// an unreadable file as one `::error` line, and the summary error line to standard error.
    func loadConfiguration(format: DiagnosticFormat? = nil, pins: PinRequirement = .asConfigured) throws -> PluggedConfiguration {
        if let logLevel { PluginLog.setLevel(logLevel) }
        let format = format ?? diagnosticFormat
        do {
            return try Runtime.load(configPath: configPath, pins: pins)
        } catch .unreadable(let path, let reason) {
            let message = "cannot read configuration '\(path)': \(reason)"
            if format == .github {
                Output.line(GitHubAnnotations.command("error", properties: [("file", path)], message: message))
            }
            Output.error(message)
            throw ExitStatus.noInput
        } catch .invalid(let error) {
            switch format {
            case .json:
                Output.printJSON(error.diagnostics.map(DiagnosticJSON.init))
            case .github:
                let annotations = GitHubAnnotations()
                for diagnostic in error.diagnostics { Output.line(annotations.line(for: diagnostic)) }
                Output.error("\(configPath) is not valid: \(DiagnosticRenderer.summary(of: error.diagnostics))")
            case .text:
                Output.standardError(DiagnosticRenderer(sources: error.sources).render(error.diagnostics))
                Output.error("\(configPath) is not valid: \(DiagnosticRenderer.summary(of: error.diagnostics))")
            }
            let pluginUnavailable = PluginUnavailability.any(in: error.diagnostics)
            throw pluginUnavailable ? ExitStatus.unavailable : ExitStatus.dataError
        }
    }

    /// Loads the configuration (as `loadConfiguration` does) and opens its store: exit 69, saying
    /// why, when the store cannot be opened.
    func openRuntime() throws -> Runtime {
        let configuration = try loadConfiguration()
        do {
            return try Runtime.open(configuration)
        } catch .store(let error) {
            Output.error("store unavailable: \(error.message)")
            throw ExitStatus.unavailable
        } catch .configuration {
            throw ExitStatus.internalError  // the configuration was already loaded
        }
    }
}

extension PluginLog.Level: ExpressibleByArgument {}
