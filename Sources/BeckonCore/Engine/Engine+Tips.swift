/// Tip operations (SEMANTICS §4).
extension Engine {
    /// The tip's status; no side effect.
    public func tipStatus(_ id: String, _ request: DecisionRequest) throws(EngineError) -> TipDecision {
        let slot = try slot(ofTip: id)
        return decision(slot, try tipVerdict(checked: slot, request), locale: localeIndex(request))
    }

    /// Every tip's status for the subject, in declaration order; no side effect.
    public func allTipStatuses(_ request: DecisionRequest) throws(EngineError) -> [TipDecision] {
        let locale = localeIndex(request)
        return try read(request) { scope throws(EngineError) in
            configuration.tips.all.indices.map { slot in
                decision(slot, tipEvaluation(slot, scope: scope, explaining: false), record: scope.record, changed: false, locale: locale, scope: scope)
            }
        }
    }

    /// The tip's status with every check that led to it; no side effect.
    public func explainTip(_ id: String, _ request: DecisionRequest) throws(EngineError) -> TipExplanation {
        let slot = try slot(ofTip: id)
        return try read(request) { scope throws(EngineError) in
            let evaluation = tipEvaluation(slot, scope: scope, explaining: true)
            return TipExplanation(tip: id, status: evaluation.status, reason: evaluation.reason, checks: evaluation.checks,
                                  record: scope.record.tips[id] ?? TipRecord(),
                                  locale: content.locales[localeIndex(request)], revisitAt: evaluation.revisitAt)
        }
    }

    /// The host put the tip on screen: recorded only if the tip is available, atomically with
    /// that check. The first display starts the subject's new-tip cooldown; reaching
    /// `maxDisplayCount` invalidates the tip after this display.
    public func displayTip(_ id: String, _ request: DecisionRequest) throws(EngineError) -> TipDecision {
        let slot = try slot(ofTip: id)
        let declaration = configuration.tips.all[slot]
        return try mutate(request) { record, scope throws(EngineError) in
            let evaluation = tipEvaluation(slot, scope: scope, explaining: false)
            guard evaluation.status == .available else {
                return Outcome(result: decision(slot, evaluation, record: record, changed: false, locale: localeIndex(request), scope: scope), writes: false)
            }
            var tip = record.tips[id] ?? TipRecord()
            if tip.displayCount == 0 {
                tip.firstDisplay = request.now
                record.lastNewTipDisplay = request.now
            }
            tip.displayCount += 1
            tip.lastDisplay = request.now
            if let maximum = declaration.maxDisplayCount, tip.displayCount >= Int64(maximum), tip.invalidation == nil {
                tip.invalidation = .displayCountExceeded
            }
            record.tips[id] = tip
            var result = decision(slot, evaluation, record: record, changed: true, locale: localeIndex(request), scope: scope)
            if let invalidation = tip.invalidation, evaluation.reason == .allChecksPassed {
                result.status = .invalidated
                result.reason = .invalidated(invalidation)
            }
            // The display starts the new-tip cooldown, which changes when other tips (and so
            // this one's group) may change: asked again on the displayed state.
            let after = EvaluationScope(engine: self, request: request, record: record)
            result.revisitAt = tipEvaluation(slot, scope: after, explaining: false).revisitAt
            return Outcome(result: result, writes: true)
        }
    }

    /// The tip was on screen for `duration` ms more; reaching `maxDisplayDuration` invalidates it.
    public func recordTipShown(_ id: String, duration: Int64, _ request: DecisionRequest) throws(EngineError) -> TipDecision {
        let slot = try slot(ofTip: id)
        guard duration >= 0 else { throw .invalidValue("an on-screen duration cannot be negative") }
        let declaration = configuration.tips.all[slot]
        return try mutate(request) { record, scope throws(EngineError) in
            var tip = record.tips[id] ?? TipRecord()
            guard tip.invalidation == nil else {
                return Outcome(result: decision(slot, tipEvaluation(slot, scope: scope, explaining: false), record: record, changed: false, locale: localeIndex(request), scope: scope))
            }
            let (total, overflow) = tip.displayDuration.addingReportingOverflow(duration)
            tip.displayDuration = overflow ? Int64.max : total
            if let maximum = declaration.maxDisplayDuration, tip.displayDuration >= maximum {
                tip.invalidation = .displayDurationExceeded
            }
            record.tips[id] = tip
            return Outcome(result: afterChange(slot, record: record, scope: scope))
        }
    }

    /// The host invalidates the tip (`actionPerformed` or `tipClosed`); permanent until reset.
    /// A tip already invalidated keeps its first reason.
    public func invalidateTip(_ id: String, reason: InvalidationReason, _ request: DecisionRequest) throws(EngineError) -> TipDecision {
        let slot = try slot(ofTip: id)
        guard reason.isHostReason else {
            let hostReasons = HostInvalidationReason.allCases.map(\.rawValue).joined(separator: " or ")
            throw .invalidValue("a tip can be invalidated with \(hostReasons), not \(reason.rawValue) (the engine sets that one)")
        }
        return try mutate(request) { record, scope throws(EngineError) in
            var tip = record.tips[id] ?? TipRecord()
            if tip.invalidation == nil { tip.invalidation = reason }
            record.tips[id] = tip
            return Outcome(result: afterChange(slot, record: record, scope: scope))
        }
    }

    /// Clears the tip's status, counts and durations.
    public func resetTip(_ id: String, _ request: DecisionRequest) throws(EngineError) -> TipDecision {
        let slot = try slot(ofTip: id)
        return try mutate(request) { record, scope throws(EngineError) in
            record.tips[id] = nil
            return Outcome(result: afterChange(slot, record: record, scope: scope))
        }
    }

    /// Clears the subject's whole state: parameters, donations, tips, scenarios, what's new.
    public func resetSubject(_ request: DecisionRequest) throws(EngineError) {
        try mutate(request) { record, _ throws(EngineError) in
            record = SubjectRecord()
            return Outcome(result: (), donations: DonationChanges(clearsAll: true))
        }
    }

    /// The current tip of a group, with each member's own status; no side effect.
    public func groupCurrent(_ id: String, _ request: DecisionRequest) throws(EngineError) -> GroupDecision {
        let groupSlot = try slot(ofGroup: id)
        let group = configuration.groups.all[groupSlot]
        return try read(request) { scope throws(EngineError) in
            // The answer names the current tip and every member's own status: it may change
            // when any of them does.
            let ((current, members), revisitAt) = scope.measuringRevisit {
                (groupCurrent(groupSlot, scope: scope), group.tips.compactMap { tip in
                    tipSlots[tip].map { (tip, tipEvaluation($0, scope: scope, explaining: false, gateByGroup: false).status) }
                })
            }
            let locale = localeIndex(request)
            // The current tip's templates are filled in from this decision's scope.
            let filled = current.flatMap { slot in templateValues(slot, scope: scope, locale: locale)?.filled(content.tips[locale][slot]) }
            return GroupDecision(group: id, current: current.map { configuration.tips.all[$0].id }, members: members,
                                 locale: content.locales[locale], revisitAt: revisitAt, currentContent: filled)
        }
    }

    // MARK: Helpers

    /// The decision on the tip in `slot`, its content in the locale of index `locale`; its
    /// template arguments (if any) are evaluated in `scope`, the one its status was decided in.
    func decision(_ slot: Int, _ evaluation: TipEvaluation, record: SubjectRecord, changed: Bool, locale: Int,
                  scope: EvaluationScope) -> TipDecision {
        let id = tipIDs[slot]
        let values = templateValues(slot, scope: scope, locale: locale)
        return TipDecision(tip: id, status: evaluation.status, reason: evaluation.reason, changed: changed,
                           record: record.tip(slot, id: id, layout: slotLayout) ?? TipRecord(), declarations: content.tips[locale],
                           at: slot, locale: content.locales[locale], revisitAt: evaluation.revisitAt, templateValues: values)
    }

    /// The decision after a change, evaluated on the changed record.
    private func afterChange(_ slot: Int, record: SubjectRecord, scope: EvaluationScope) -> TipDecision {
        let after = EvaluationScope(engine: self, request: scope.request, record: record)
        let evaluation = tipEvaluation(slot, scope: after, explaining: false)
        // `changed` reports whether the tip's state did change: a second invalidation, a reset of
        // a tip with no state or zero on-screen time change nothing.
        let id = tipIDs[slot]
        let changed = (record.tips[id] ?? TipRecord()) != (scope.record.tips[id] ?? TipRecord())
        return decision(slot, evaluation, record: record, changed: changed, locale: localeIndex(scope.request), scope: after)
    }
}
