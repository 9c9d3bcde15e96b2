public import BeckonRules

/// Who a decision is for and when: every operation takes one, so every decision is reproducible.
public struct DecisionRequest: Sendable {
    /// The subject (a user, a device, an installation).
    public var subject: String
    /// The decision's instant (Unix ms). Nothing in the engine reads the wall clock.
    public var now: Int64
    /// The current app version; overrides the configuration's `app.version`.
    public var appVersion: Version?
    /// Values of transient parameters for this call only.
    public var transientParameters: [String: Value]
    /// Extra testing overrides (e.g. from CLI flags), merged with the configuration's: a tip in
    /// either `show` list is shown, then either `hide` list, then either `showAll`, then `hideAll`.
    public var testing: TestingOverrides
    /// The languages the answer's content is wanted in, best first (BCP 47 tags or RFC 4647
    /// ranges: `de-CH`, `fr`); the content's locale is chosen from them by `LocaleLookup`. Empty:
    /// the configuration's default locale.
    public var locales: [String]
    /// Set by `Engine.reportingChanges`: where each successful commit leaves the subject's
    /// answers before and after it. Nil (no cost) otherwise.
    var changeRecorder: ChangeRecorder?

    /// Creates a request.
    public init(subject: String = "default", now: Int64, appVersion: Version? = nil,
                transientParameters: [String: Value] = [:], testing: TestingOverrides = TestingOverrides(),
                locales: [String] = []) {
        self.subject = subject
        self.now = now
        self.appVersion = appVersion
        self.transientParameters = transientParameters
        self.testing = testing
        self.locales = locales
    }
}

/// Why the engine refused an operation. Nothing was written when one is thrown.
public enum EngineError: Error, Sendable, Hashable, CustomStringConvertible {
    /// An id that the configuration does not declare (`kind` is "tip", "event", …).
    case undeclared(kind: String, id: String, suggestion: String?)
    /// A value of the wrong type or form; the message names what, the expected and the given.
    case invalidValue(String)
    /// An operation that does not apply (e.g. triggering a scenario that counts an event).
    case notApplicable(String)
    /// The store failed.
    case store(StoreError)
    /// Other writers kept changing the subject; the operation gave up without writing.
    case contention(subject: String)

    public var description: String {
        switch self {
        case .undeclared(let kind, let id, let suggestion):
            return "\(kind) '\(id)' is not declared in the configuration" + (suggestion.map { "; did you mean '\($0)'?" } ?? "")
        case .invalidValue(let message), .notApplicable(let message):
            return message
        case .store(let error):
            return "store unavailable: \(error.message)"
        case .contention(let subject):
            return "subject '\(subject)' kept changing under concurrent writers; nothing was written"
        }
    }
}
