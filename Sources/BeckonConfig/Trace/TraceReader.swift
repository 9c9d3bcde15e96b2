import BeckonCore
import BeckonDiagnostics
import BeckonRules

/// Validates a trace document into a `Trace`: every problem becomes a diagnostic and reading goes
/// on, so one run of `beckon simulate` reports all of them.
struct TraceReader {
    /// The keys of the trace's top-level mapping.
    static let topLevelKeys = ["subject", "appVersion", "locale", "start", "steps"]
    /// Arguments that belong to one operation each.
    static let arguments = [(key: "info", operation: "donate"), (key: "for", operation: "tip.shown"),
                            (key: "reason", operation: "tip.invalidate")]
    /// Every key a step may hold: one operation, its arguments, when and for whom.
    static let stepKeys = TraceOperation.names + ["at", "after", "subject", "appVersion", "locale", "transient"] + arguments.map(\.key)

    let file: String
    let configuration: Configuration
    var reader = NodeReader()

    /// Where the trace's clock stands after a step.
    enum Clock {
        /// No step has an instant yet and the trace has no `start:`.
        case unset
        /// An earlier instant was wrong (already reported); later relative instants are unknown.
        case broken
        case at(Int64)
    }

    init(file: String, configuration: Configuration) {
        self.file = file
        self.configuration = configuration
    }

    /// The trace, or nil when it cannot be built (the reasons are in `reader.diagnostics`).
    mutating func read(root: YAMLNode) -> Trace? {
        guard case .mapping = root.content else {
            reader.diagnostics.error("config.notMapping", "a trace must be a mapping with 'steps:' (and optionally 'subject', 'appVersion', 'locale', 'start'), not \(root.kindDescription)", at: root.span)
            return nil
        }
        guard let fields = reader.fields(root, "the trace", keys: Self.topLevelKeys, required: ["steps"]) else { return nil }
        var trace = Trace(file: file)
        if let node = fields["subject"], let subject = subject(node, "'subject'") { trace.subject = subject }
        if let node = fields["appVersion"] { trace.appVersion = reader.version(node, "'appVersion'") }
        if let node = fields["locale"] { trace.locale = locale(node, "'locale'") }
        var clock = Clock.unset
        if let node = fields["start"] {
            trace.start = instant(node, "'start'")
            clock = trace.start.map(Clock.at) ?? .broken
        }
        guard let stepsNode = fields["steps"], let items = reader.list(stepsNode, "'steps'") else { return nil }
        for (index, item) in items.enumerated() {
            if let step = readStep(item, number: index + 1, trace: trace, clock: &clock) {
                trace.steps.append(step)
            }
        }
        return trace
    }

    private mutating func readStep(_ node: YAMLNode, number: Int, trace: Trace, clock: inout Clock) -> TraceStep? {
        let step = "step \(number)"
        guard case .mapping = node.content else {
            reader.diagnostics.error("config.type", "\(step) must be a mapping with one operation such as 'tip.status: ID', not \(node.kindDescription)", at: node.span)
            clock = .broken
            return nil
        }
        let diagnosticsBefore = reader.diagnostics.all.count
        guard let fields = reader.fields(node, step, keys: Self.stepKeys) else { return nil }
        let hadUnknownKeys = reader.diagnostics.all.count > diagnosticsBefore

        let now = readInstant(fields, step, clock: &clock, stepStart: node.span.startPoint)
        var subject = trace.subject
        if let node = fields["subject"] { subject = self.subject(node, "'subject' of \(step)") ?? subject }
        var appVersion = trace.appVersion
        if let node = fields["appVersion"] { appVersion = reader.version(node, "'appVersion' of \(step)") ?? appVersion }
        var locale = trace.locale
        if let node = fields["locale"] { locale = self.locale(node, "'locale' of \(step)") ?? locale }
        let transient = fields["transient"].map { parameters($0, "'transient' of \(step)", step: step, transient: true) }

        let operations = fields.pairs.filter { TraceOperation.names.contains($0.key) }
        guard let first = operations.first else {
            if !hadUnknownKeys {
                reader.diagnostics.error("trace.operation", "\(step) has no operation; give it one of \(TraceOperation.names.joined(separator: ", "))", at: node.span.startPoint)
            }
            return nil
        }
        let name = first.key, pair = first.pair
        if operations.count > 1 {
            let names = operations.map { "'\($0.key)'" }.joined(separator: " and ")
            reader.diagnostics.error("trace.operation", "\(step) has more than one operation (\(names)); give each its own step", at: operations[1].pair.key.span)
            return nil
        }
        for argument in Self.arguments where argument.operation != name {
            if let misplaced = fields.pair(argument.key) {
                reader.diagnostics.error("trace.argument", "'\(argument.key)' is an argument of '\(argument.operation)', not of '\(name)' (\(step))", at: misplaced.key.span)
            }
        }
        if name == "whatsNew.next" || name == "whatsNew.present", (appVersion ?? configuration.appVersion) == nil {
            reader.diagnostics.error("trace.argument", "'\(name)' in \(step) needs an app version: give the step or the trace 'appVersion:', or the configuration 'app.version'", at: pair.key.span)
        }
        guard let operation = readOperation(name, pair, fields, step: step),
              let now, let transient = transient ?? [] else { return nil }
        return TraceStep(number: number, now: now, subject: subject, appVersion: appVersion,
                         transientParameters: transient, locale: locale, operation: operation, span: pair.key.span)
    }

    /// The step's instant: `at:`, else `after:` (or nothing: no time) since the previous step.
    private mutating func readInstant(_ fields: Fields, _ step: String, clock: inout Clock, stepStart: SourceSpan) -> Int64? {
        let at = fields.pair("at"), after = fields.pair("after")
        if at != nil, let after {
            reader.diagnostics.error("trace.time", "\(step) has both 'at' and 'after'; give one", at: after.key.span)
            clock = .broken
            return nil
        }
        if let at {
            guard let instant = instant(at.value, "'at' of \(step)") else {
                clock = .broken
                return nil
            }
            clock = .at(instant)
            return instant
        }
        var elapsed: Int64 = 0
        if let after {
            guard let duration = reader.duration(after.value, "'after' of \(step)") else {
                clock = .broken
                return nil
            }
            elapsed = duration
        }
        switch clock {
        case .broken:
            return nil
        case .unset:
            reader.diagnostics.error("trace.time", "\(step) has no instant to run at: give it 'at:' (such as 2026-03-01T09:30:00Z), or give the trace a 'start:' that 'after:' counts from", at: after?.key.span ?? stepStart)
            clock = .broken
            return nil
        case .at(let previous):
            let (instant, overflow) = previous.addingReportingOverflow(elapsed)
            guard !overflow, TimestampSyntax.instants.contains(instant) else {
                reader.diagnostics.error("trace.time", "'after' of \(step) goes past \(TimestampSyntax.format(TimestampSyntax.instants.upperBound)), the last instant a trace may use", at: after?.value.span ?? stepStart)
                clock = .broken
                return nil
            }
            clock = .at(instant)
            return instant
        }
    }

    /// An instant: ISO-8601 (`2026-03-01T09:30:00Z`, a bare date is midnight UTC) or Unix ms.
    mutating func instant(_ node: YAMLNode, _ what: String) -> Int64? {
        reader.instant(node, what, expected: "an instant: ISO-8601 such as 2026-03-01T09:30:00Z, or Unix milliseconds")
    }

    /// A locale: a language tag or an Accept-Language list, as every host reads one.
    private mutating func locale(_ node: YAMLNode, _ what: String) -> String? {
        guard let text = reader.string(node, what) else { return nil }
        guard LocaleLookup.requestRanges(text) != nil else {
            reader.diagnostics.error("config.value", "\(what): \(LocaleLookup.problem(with: text))", at: node.span)
            return nil
        }
        return text
    }

    /// A subject: any non-empty text.
    private mutating func subject(_ node: YAMLNode, _ what: String) -> String? {
        guard let text = reader.string(node, what) else { return nil }
        guard !text.isEmpty else {
            reader.diagnostics.error("config.value", "\(what) must not be empty", at: node.span)
            return nil
        }
        if let problem = SubjectID.lengthProblem(text) {
            reader.diagnostics.error("config.value", "\(what): \(problem)", at: node.span)
            return nil
        }
        return text
    }
}
