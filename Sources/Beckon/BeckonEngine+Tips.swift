import BeckonCore
import BeckonRules

/// Tips and groups (SEMANTICS §4, §5).
extension BeckonEngine {
    /// The tip's status, why, and what to show; records nothing.
    public func tipStatus(_ tip: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> TipAnswer {
        try decide(request) { engine, decision throws(EngineError) in TipAnswer(try engine.tipStatus(tip, decision)) }
    }

    /// The host puts the tip on screen: recorded only if it is available, atomically with that
    /// check (`changed` says whether it was). The first display starts the new-tip wait
    /// (`display.frequency`); reaching `maxDisplayCount` invalidates the tip after this display.
    @discardableResult
    public func displayTip(_ tip: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> TipAnswer {
        try record(request) { engine, decision throws(EngineError) in TipAnswer(try engine.displayTip(tip, decision)) }
    }

    /// The tip was on screen for `duration` more (whole milliseconds); reaching
    /// `maxDisplayDuration` invalidates it. A negative duration is an `invalidValue`.
    @discardableResult
    public func recordTipShown(_ tip: String, for duration: Duration,
                               _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> TipAnswer {
        let milliseconds = Self.milliseconds(duration)
        return try record(request) { engine, decision throws(EngineError) in
            TipAnswer(try engine.recordTipShown(tip, duration: milliseconds, decision))
        }
    }

    /// The host invalidates the tip; permanent until `resetTip`. A tip already invalidated keeps
    /// its first reason.
    @discardableResult
    public func invalidateTip(_ tip: String, reason: InvalidationReason,
                              _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> TipAnswer {
        let recorded: BeckonCore.InvalidationReason = reason == .actionPerformed ? .actionPerformed : .tipClosed
        return try record(request) { engine, decision throws(EngineError) in
            TipAnswer(try engine.invalidateTip(tip, reason: recorded, decision))
        }
    }

    /// Clears the tip's status, counts and on-screen time for the subject.
    @discardableResult
    public func resetTip(_ tip: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> TipAnswer {
        try record(request) { engine, decision throws(EngineError) in TipAnswer(try engine.resetTip(tip, decision)) }
    }

    /// The tip's status with every check that led to it, in `checks`; records nothing.
    public func explainTip(_ tip: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> TipAnswer {
        try decide(request) { engine, decision throws(EngineError) in
            let explanation = try engine.explainTip(tip, decision)
            // Never throws: explainTip refused an undeclared tip, with a suggestion.
            let declaration = engine.content.tips[engine.content.index(ofLocale: explanation.locale)][try engine.tipSlot(of: tip)]
            return TipAnswer(explanation, declaration: declaration)
        }
    }

    /// The group's current tip (with its content) and each member's own status; records nothing.
    public func groupCurrent(_ group: String, _ request: BeckonRequest = BeckonRequest()) throws(BeckonError) -> GroupAnswer {
        try decide(request) { engine, decision throws(EngineError) in
            GroupAnswer(try engine.groupCurrent(group, decision), engine: engine)
        }
    }

    /// Whole milliseconds of a duration, saturating at the ends of Int64.
    static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1000)
        if overflow { return seconds < 0 ? Int64.min : Int64.max }
        let (total, sumOverflow) = whole.addingReportingOverflow(attoseconds / 1_000_000_000_000_000)
        return sumOverflow ? (whole < 0 ? Int64.min : Int64.max) : total
    }
}
