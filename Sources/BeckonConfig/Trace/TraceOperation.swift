public import BeckonCore
public import BeckonRules

/// What a trace step does: one engine operation with its arguments, named like the CLI
/// subcommands (`tip.status`, `scenario.try`, `whatsNew.present`, …).
public enum TraceOperation: Hashable, Sendable {
    /// `set: {PARAM: VALUE, …}`: sets stored parameters, in the order written.
    case set([NamedValue])
    /// `donate: EVENT` with `info: {FIELD: VALUE}`.
    case donate(event: String, info: [NamedValue])
    /// `tip.status: ID`.
    case tipStatus(String)
    /// `tip.display: ID`: the host put the tip on screen.
    case tipDisplay(String)
    /// `tip.shown: ID` with `for: DURATION`: on-screen time in milliseconds.
    case tipShown(String, duration: Int64)
    /// `tip.invalidate: ID` with `reason: actionPerformed | tipClosed`.
    case tipInvalidate(String, reason: InvalidationReason)
    /// `tip.reset: ID`.
    case tipReset(String)
    /// `reset: all`: clears the subject's whole state.
    case resetAll
    /// `group.current: ID`.
    case groupCurrent(String)
    /// `scenario.trigger: ID`.
    case scenarioTrigger(String)
    /// `scenario.try: ID`.
    case scenarioTry(String)
    /// `scenario.status: ID`.
    case scenarioStatus(String)
    /// `scenario.reset: ID`.
    case scenarioReset(String)
    /// `whatsNew.next: true`.
    case whatsNewNext
    /// `whatsNew.present: true`.
    case whatsNewPresent
    /// `whatsNew.mark: VERSION`.
    case whatsNewMark(Version)
    /// `whatsNew.unmark: VERSION | all` (nil: all).
    case whatsNewUnmark(Version?)
    /// `explain.tip: ID`.
    case explainTip(String)
    /// `explain.scenario: ID`.
    case explainScenario(String)

    /// Every operation key a step may hold, in the order `Docs/cli.md` lists them.
    public static let names = [
        "set", "donate", "tip.status", "tip.display", "tip.shown", "tip.invalidate", "tip.reset", "reset",
        "group.current", "scenario.trigger", "scenario.try", "scenario.status", "scenario.reset",
        "whatsNew.next", "whatsNew.present", "whatsNew.mark", "whatsNew.unmark", "explain.tip", "explain.scenario",
    ]

    /// The operation's key, e.g. `tip.status`.
    public var name: String { nameSpelling.description }

    /// `name` as static text (answers copy it into their bytes).
    public var nameSpelling: StaticString {
        switch self {
        case .set: "set"
        case .donate: "donate"
        case .tipStatus: "tip.status"
        case .tipDisplay: "tip.display"
        case .tipShown: "tip.shown"
        case .tipInvalidate: "tip.invalidate"
        case .tipReset: "tip.reset"
        case .resetAll: "reset"
        case .groupCurrent: "group.current"
        case .scenarioTrigger: "scenario.trigger"
        case .scenarioTry: "scenario.try"
        case .scenarioStatus: "scenario.status"
        case .scenarioReset: "scenario.reset"
        case .whatsNewNext: "whatsNew.next"
        case .whatsNewPresent: "whatsNew.present"
        case .whatsNewMark: "whatsNew.mark"
        case .whatsNewUnmark: "whatsNew.unmark"
        case .explainTip: "explain.tip"
        case .explainScenario: "explain.scenario"
        }
    }

    /// The id the operation is about (a tip, group, scenario or event), if any.
    public var id: String? {
        switch self {
        case .donate(let id, _), .tipStatus(let id), .tipDisplay(let id), .tipShown(let id, _), .tipInvalidate(let id, _),
             .tipReset(let id), .groupCurrent(let id), .scenarioTrigger(let id), .scenarioTry(let id),
             .scenarioStatus(let id), .scenarioReset(let id), .explainTip(let id), .explainScenario(let id):
            id
        case .set, .resetAll, .whatsNewNext, .whatsNewPresent, .whatsNewMark, .whatsNewUnmark:
            nil
        }
    }
}
