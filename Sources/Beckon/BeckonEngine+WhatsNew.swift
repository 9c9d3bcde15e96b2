import BeckonCore
import BeckonRules

/// What's new (SEMANTICS §7). The current version is the request's `appVersion`, else the
/// configuration's `app.version`; with neither, these are `notApplicable`.
extension BeckonEngine {
    /// The entries to present for the current version, newest first (empty: nothing, with why).
    /// Presents nothing, but records the version as the subject's last seen one, which
    /// `catchUp` and `freshInstall` count from.
    public func whatsNewNext(_ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> WhatsNewAnswer {
        try record(request) { engine, decision throws(EngineError) in WhatsNewAnswer(try engine.whatsNewNext(decision)) }
    }

    /// `whatsNewNext`, and the entries it returns marked as presented, in one atomic step.
    public func whatsNewPresent(_ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> WhatsNewAnswer {
        try record(request) { engine, decision throws(EngineError) in WhatsNewAnswer(try engine.whatsNewPresent(decision)) }
    }

    /// Records `version` as presented; returns every presented version, oldest first.
    @discardableResult
    public func whatsNewMark(_ version: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> [String] {
        try decide(request) { engine, decision throws(EngineError) in
            try engine.whatsNewMark(try Self.version(version), decision).map(\.description)
        }
    }

    /// Removes `version` from the presented ones (all of them when nil); returns those left.
    @discardableResult
    public func whatsNewUnmark(_ version: String?, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> [String] {
        try decide(request) { engine, decision throws(EngineError) in
            try engine.whatsNewUnmark(try version.map { text throws(EngineError) in try Self.version(text) }, decision).map(\.description)
        }
    }

    private static func version(_ text: String) throws(EngineError) -> Version {
        guard let version = Version(text) else { throw .invalidValue("version: \(Version.problem(with: text))") }
        return version
    }
}
