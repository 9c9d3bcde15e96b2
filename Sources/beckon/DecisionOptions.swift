import BeckonClock
import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonPluginHost
import BeckonRules
import BeckonRuntime
import FoundationEssentials

/// The options of every command that decides: `--config`, `--json`, `--subject`, `--now`,
/// `--app-version`, `--transient`, `--locale`, the testing overrides, and running one operation
/// with the documented exit codes.
struct DecisionOptions: ParsableArguments {
    /// The subject when `--subject` is not given.
    static let defaultSubject = "default"

    @OptionGroup var configOptions: ConfigOptions

    @Option(help: ArgumentHelp("The subject (a user, a device, an installation).", valueName: "id"))
    var subject = DecisionOptions.defaultSubject

    // Unconditional: the value may be negative Unix milliseconds (-86400000), which the parser
    // would otherwise take for an option; a value that is no instant is refused in request().
    @Option(parsing: .unconditional,
            help: ArgumentHelp("The decision's instant: ISO-8601 (2026-03-01T09:30:00Z) or Unix milliseconds. Default: the wall clock.", valueName: "instant"))
    var now: String?

    @Option(name: .customLong("app-version"), help: ArgumentHelp("The current app version; overrides app.version.", valueName: "version"))
    var appVersion: String?

    @Option(name: .customLong("transient"),
            help: ArgumentHelp("A transient parameter for this request: NAME=VALUE, typed as declared (repeatable).", valueName: "name=value"))
    var transients: [String] = []

    @Option(help: ArgumentHelp("The languages content is wanted in: a tag (de-CH), an Accept-Language list (de-CH, fr;q=0.8) or a POSIX locale name (de_CH.UTF-8). Default: the configuration's default locale.",
                               valueName: "list"))
    var locale: String?

    @Option(name: .customLong("show-tip"), help: ArgumentHelp("Testing: show this tip whatever its rules (repeatable).", valueName: "id"),
            completion: IdCompletion.of(.tips))
    var showTips: [String] = []

    @Option(name: .customLong("hide-tip"), help: ArgumentHelp("Testing: hide this tip (repeatable).", valueName: "id"),
            completion: IdCompletion.of(.tips))
    var hideTips: [String] = []

    @Flag(name: .customLong("show-all-tips"), help: "Testing: show every tip.")
    var showAllTips = false

    @Flag(name: .customLong("hide-all-tips"), help: "Testing: hide every tip.")
    var hideAllTips = false

    var json: Bool { configOptions.json }

    /// An empty `--subject`, and a `--locale` with no usable language range, are usage errors
    /// (exit 64), as a malformed option is; the fast path leaves such a line to the parser, which
    /// calls this. (Every host refuses an empty subject: the C API, the Swift library, the server.)
    func validate() throws {
        if subject.isEmpty {
            throw ValidationError("--subject: a subject is a non-empty id")
        }
        if let problem = SubjectID.lengthProblem(subject) { throw ValidationError("--subject: \(problem)") }
        if let locale, LocaleLookup.requestRanges(locale) == nil {
            throw ValidationError("--locale: \(LocaleLookup.problem(with: locale))")
        }
    }

    /// The request for this command line with its transient parameters and testing overrides,
    /// and the runtime that decides it. Plugins that read the host clock (beckon_host.now) see
    /// the instant decided at. Exits 65 for a request or configuration that is wrong, 66 and 69
    /// as `openRuntime`.
    func requestAndRuntime() throws -> (DecisionRequest, Runtime) {
        var request = try request()
        HostClock.set(request.now)
        let runtime = try openRuntime()
        let pairs = try transients.map { try NameValueArgument.split($0, option: "--transient", nameWord: "NAME") }
        do throws(EngineError) {
            request.transientParameters = try runtime.transientParameters(pairs)
            request.testing = try runtime.testingOverrides(show: showTips, hide: hideTips, showAll: showAllTips, hideAll: hideAllTips)
        } catch {
            throw Self.exit(for: error)
        }
        return (request, runtime)
    }

    /// The instant `--now` gives (ISO 8601 or Unix ms), or exit 65 saying why it is not one.
    static func instant(_ now: String) throws -> Int64 {
        switch TimestampSyntax.parseInstant(now) {
        case .success(let parsed): return parsed
        case .failure(let error):
            Output.error("--now \(error.message)")
            throw ExitStatus.dataError
        }
    }

    /// The request's subject, instant, app version and locales, or exit 65 for a malformed or out-of-range
    /// instant, or a malformed version.
    private func request() throws -> DecisionRequest {
        let instant = try now.map(Self.instant) ?? Int64((Date().timeIntervalSince1970 * 1000).rounded())
        var version: Version?
        if let appVersion {
            guard let parsed = Version(appVersion) else {
                Output.error("--app-version: \(Version.problem(with: appVersion))")
                throw ExitStatus.dataError
            }
            version = parsed
        }
        return DecisionRequest(subject: subject, now: instant, appVersion: version,
                               locales: LocaleLookup.rangesOrDefault(locale))
    }

    /// Loads the configuration and opens its store (`ConfigOptions.openRuntime`).
    func openRuntime() throws -> Runtime {
        try configOptions.openRuntime()
    }

    /// Opens the runtime, builds the operation, runs it, prints its answer and exits 0 for a
    /// positive answer and 1 for a negative one. With `reportingChanges` (`--changes`), the
    /// answer also says which answers the operation changed for the subject.
    func perform(reportingChanges: Bool = false, _ makeOperation: (Runtime) throws -> TraceOperation) throws {
        let (request, runtime) = try requestAndRuntime()
        let operation = try makeOperation(runtime)
        let report: OperationReport
        do {
            report = try OperationRunner.perform(operation, request, on: runtime.engine, reportingChanges: reportingChanges)
        } catch {
            throw Self.exit(for: error)
        }
        if json {
            report.withJSONText(subject: request.subject, now: request.now) { Output.line(String(decoding: $0, as: UTF8.self)) }
        } else {
            Output.line("\(report.operation) → \(report.answer)")
            for line in report.details { Output.line("    " + line) }
        }
        if !report.isPositive { throw ExitStatus.negative }
    }

    /// Prints an engine error and gives its exit code from the one status table (`Problem`):
    /// 69 for the store and contention, 65 for the rest.
    static func exit(for error: EngineError) -> ExitCode {
        Output.error(error.description)
        return ExitCode(Problem(error).code.statuses.exitCode ?? ExitStatus.internalError.rawValue)
    }
}
