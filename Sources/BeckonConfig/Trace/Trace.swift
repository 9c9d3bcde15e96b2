public import BeckonCore
public import BeckonDiagnostics
public import BeckonRules

/// A trace: timestamped operations that `beckon simulate` replays against a fresh store, so that a
/// configuration can be tried before it ships.
///
/// Every step is resolved when the trace loads: its instant, its subject, its app version, and its
/// arguments typed against the configuration, so replaying it can only fail in the engine itself.
public struct Trace: Sendable {
    /// The trace file, as the caller named it.
    public var file: String
    /// The subject of steps that name none (`subject:`, else `default`).
    public var subject: String
    /// The app version of steps that give none (`appVersion:`); nil: the configuration's.
    public var appVersion: Version?
    /// The locale of steps that give none (`locale:`, a tag or an Accept-Language list); nil:
    /// the configuration's default locale, or `beckon simulate --locale`.
    public var locale: String?
    /// The instant the first step's `after:` counts from (`start:`), if given.
    public var start: Int64?
    /// The steps, in the order written.
    public var steps: [TraceStep]

    /// The subject used when a trace names none.
    public static let defaultSubject = "default"

    /// Creates a trace.
    public init(file: String, subject: String = Trace.defaultSubject, appVersion: Version? = nil, start: Int64? = nil,
                steps: [TraceStep] = []) {
        self.file = file
        self.subject = subject
        self.appVersion = appVersion
        self.start = start
        self.steps = steps
    }
}

/// One step of a trace: an operation, when and for whom it happens.
public struct TraceStep: Sendable {
    /// The step's 1-based position in `steps:`.
    public var number: Int
    /// The step's instant (Unix ms), from `at:`, or `after:` the previous step.
    public var now: Int64
    /// The subject (the step's `subject:`, else the trace's).
    public var subject: String
    /// The app version (the step's `appVersion:`, else the trace's); nil: the configuration's.
    public var appVersion: Version?
    /// Values of transient parameters for this step only (`transient:`).
    public var transientParameters: [NamedValue]
    /// The languages the step's content is wanted in (the step's `locale:`, else the trace's), as
    /// written; nil: none given.
    public var locale: String?
    /// What the step does.
    public var operation: TraceOperation
    /// Where the step's operation key is written.
    public var span: SourceSpan

    /// Creates a step.
    public init(number: Int, now: Int64, subject: String, appVersion: Version? = nil, transientParameters: [NamedValue] = [],
                locale: String? = nil, operation: TraceOperation, span: SourceSpan) {
        self.number = number
        self.now = now
        self.subject = subject
        self.appVersion = appVersion
        self.transientParameters = transientParameters
        self.locale = locale
        self.operation = operation
        self.span = span
    }

    /// The engine request for this step (its locale checked when the trace was read).
    public var request: DecisionRequest {
        DecisionRequest(subject: subject, now: now, appVersion: appVersion,
                        transientParameters: Dictionary(transientParameters.map { ($0.name, $0.value) }) { first, _ in first },
                        locales: LocaleLookup.rangesOrDefault(locale))
    }
}

/// A name and a typed value: a parameter being set, an info field of a donation.
public struct NamedValue: Hashable, Sendable {
    public var name: String
    public var value: Value

    /// Creates a named value.
    public init(name: String, value: Value) {
        self.name = name
        self.value = value
    }
}
