import ArgumentParser
import BeckonConfig
import BeckonCore
import BeckonRuntime
import BeckonDiagnostics
import BeckonRules

/// `beckon simulate`: replays a trace of timestamped operations against a fresh in-memory store
/// and prints every decision with its reason, so a configuration can be tried before it ships.
struct Simulate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Replay a trace of timestamped operations on a fresh in-memory store and print every decision with its reason.",
        discussion: """
            The trace is a YAML file of steps, each one operation (set, donate, tip.status, tip.display, \
            scenario.try, whatsNew.present, explain.tip, …) at an instant ('at:') or a while after the \
            previous step ('after:'); see Beckon's Docs/cli.md. With --html FILE, writes one self-contained page \
            (a timeline per subject, every band and mark explained, the content's cards) instead of the \
            lines, and prints where. Exit 0 when the trace ran, 65 for a bad trace or configuration or a \
            step the engine refused, 66 when a file cannot be read or the page's folder is missing.
            """
    )

    @Argument(help: ArgumentHelp("The trace file (YAML).", valueName: "trace"))
    var trace: String

    @OptionGroup var options: ConfigOptions

    @Option(help: ArgumentHelp("The languages content is wanted in, for steps whose trace gives no 'locale:': a tag (de-CH) or an Accept-Language list.",
                               valueName: "list"))
    var locale: String?

    @Option(help: ArgumentHelp("Write the timeline as one self-contained HTML page to this file (- is standard output) instead of printing the steps.",
                               valueName: "file"))
    var html: String?

    /// A `--locale` with no usable language range is a usage error (exit 64), as in the decision commands.
    func validate() throws {
        if let locale, LocaleLookup.requestRanges(locale) == nil {
            throw ValidationError("--locale: \(LocaleLookup.problem(with: locale))")
        }
    }

    func run() throws {
        let loaded = try options.loadConfiguration().loaded
        if !loaded.warnings.isEmpty {
            Output.standardError(DiagnosticRenderer(sources: loaded.sources).render(loaded.warnings))
        }
        let loadedTrace = try loadTrace(against: loaded.configuration)
        let engine = Engine(configuration: loaded.configuration, rules: loaded.rules, store: MemoryStore())
        let steps = loadedTrace.trace.steps
        let subjectWidth = steps.map(\.subject.count).max() ?? 0
        let defaultLocales = LocaleLookup.rangesOrDefault(locale)
        let timeline = html.map { _ in TimelineRecorder(engine: engine, configuration: loaded.configuration, steps: steps) }
        for (index, step) in steps.enumerated() {
            var report: OperationReport
            var request = step.request
            if step.locale == nil { request.locales = defaultLocales }
            do {
                report = try OperationRunner.perform(step.operation, request, on: engine)
            } catch {
                reportRefusal(of: step, error, in: loadedTrace)
                throw ExitStatus.dataError
            }
            if !step.transientParameters.isEmpty {
                report.operation += " with " + step.transientParameters.map { "\($0.name) = \($0.value)" }.joined(separator: ", ")
            }
            if let timeline {
                timeline.record(step: index, report: report)
            } else if options.json {
                Output.printJSON(JSONValue.object(Self.json(report, for: step)))
            } else {
                let padding = String(repeating: " ", count: max(0, subjectWidth - step.subject.count))
                Output.line("\(TimestampSyntax.format(step.now))  \(step.subject)\(padding)  \(report.operation) → \(report.answer)")
                for line in report.details { Output.line("    " + line) }
            }
        }
        if let timeline, let html {
            let warnings = loaded.warnings.isEmpty ? "" : DiagnosticRenderer(sources: loaded.sources).render(loaded.warnings)
            let page = TimelinePage.html(timeline: timeline, configuration: loaded.configuration, diagnostics: warnings,
                                         trace: trace, config: options.configPath)
            let file = try DataFile(replacing: html)
            try file.write(page)
            try file.commit()
            if html != "-" {
                let subjects = Set(steps.map(\.subject)).count
                Output.line("wrote \(html): \(steps.count) step\(steps.count == 1 ? "" : "s") of \(subjects) subject\(subjects == 1 ? "" : "s")")
            }
        }
    }

    /// The trace, or its problems printed (like `beckon check` prints a configuration's) and exit 65 or 66.
    private func loadTrace(against configuration: Configuration) throws -> LoadedTrace {
        do {
            return try TraceLoader(configuration: configuration).load(path: trace)
        } catch .unreadable(let path, let reason) {
            Output.error("cannot read trace '\(path)': \(reason)")
            throw ExitStatus.noInput
        } catch .invalid(let error) {
            if options.json {
                Output.printJSON(error.diagnostics.map(DiagnosticJSON.init))
            } else {
                Output.standardError(DiagnosticRenderer(sources: error.sources).render(error.diagnostics))
                Output.error("\(trace) is not valid: \(DiagnosticRenderer.summary(of: error.diagnostics))")
            }
            throw ExitStatus.dataError
        }
    }

    /// Reports a step the engine refused, at the step's operation.
    private func reportRefusal(of step: TraceStep, _ error: EngineError, in loaded: LoadedTrace) {
        let target = step.operation.id.map { " \($0)" } ?? ""
        let diagnostic = Diagnostic.error("trace.step", "step \(step.number) (\(step.operation.name)\(target)) failed: \(error)", at: step.span)
        if options.json {
            Output.printJSON([DiagnosticJSON(diagnostic)])
        } else {
            Output.standardError(DiagnosticRenderer(sources: loaded.sources).render([diagnostic]))
            Output.error("the trace stopped at step \(step.number) of \(loaded.trace.steps.count)")
        }
    }

    /// A step's JSON object: `step`, `line`, `at`, `now`, `subject`, `op`, `id`, then the answer.
    static func json(_ report: OperationReport, for step: TraceStep) -> JSONObject {
        var object = report.answerJSON
        object["step"] = .int(Int64(step.number))
        object["line"] = .int(Int64(step.span.start.line))
        object["at"] = .instant(step.now)
        object["now"] = .int(step.now)
        object["subject"] = .string(step.subject)
        object["op"] = .string(step.operation.name)
        if let id = step.operation.id { object["id"] = .string(id) }
        if let version = step.appVersion { object["appVersion"] = .string(version.description) }
        if !step.transientParameters.isEmpty {
            object["transient"] = ValueRenderer.json(step.transientParameters.map { ($0.name, $0.value) })
        }
        let arguments = report.arguments
        if !arguments.isEmpty { object["arguments"] = .object(arguments) }
        return object
    }
}
