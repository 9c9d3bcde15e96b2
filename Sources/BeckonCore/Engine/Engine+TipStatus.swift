import BeckonRules

/// How a tip's status is decided, in SEMANTICS §4's order.
extension Engine {
    struct TipEvaluation {
        var status: TipStatus
        var reason: TipReason
        var checks: [TipCheck] = []
        /// When the status may change with no new input (nil: it depends on nothing in time).
        var revisitAt: Int64?
    }

    /// The tip's status (see `decidedTipEvaluation`) with the instant it may change.
    func tipEvaluation(_ slot: Int, scope: EvaluationScope, explaining: Bool, gateByGroup: Bool = true) -> TipEvaluation {
        // As `scope.measuringRevisit`, written out: the result is built in place, not copied
        // through a tuple (this is the hottest path of all).
        let outer = scope.revisitAt
        scope.revisitAt = .max
        var evaluation = decidedTipEvaluation(slot, scope: scope, explaining: explaining, gateByGroup: gateByGroup)
        let found = scope.revisitAt
        scope.revisitAt = min(outer, found)
        if found != .max { evaluation.revisitAt = found }
        return evaluation
    }

    /// The tip's status for the scope's subject and instant. `gateByGroup` false gives the tip's
    /// own status (what its group chooses among); `explaining` records every check, evaluating
    /// every rule instead of stopping at the first false one.
    /// Out of line, like `groupCurrent`: the optimizer's inlining of the two made tip status
    /// about 50% slower.
    @inline(never)
    private func decidedTipEvaluation(_ slot: Int, scope: EvaluationScope, explaining: Bool, gateByGroup: Bool) -> TipEvaluation {
        guard scope.enterTip(slot) else {
            return TipEvaluation(status: .pending, reason: .dependsOnItself)
        }
        defer { scope.leaveTip(slot) }
        let tipID = tipIDs[slot]
        let record = scope.record.tip(slot, id: tipID, layout: slotLayout) ?? TipRecord()
        var checks: [TipCheck] = []

        // 1. Testing overrides: show, hide, showAll, hideAll.
        if let override = testingOverride(for: tipID, request: scope.request) {
            let shown = override.shows
            let reason: TipReason = shown ? .shownByTesting(override.source) : .hiddenByTesting(override.source)
            checks.append(TipCheck(name: "testing", passed: shown, detail: "\(override.source) \(shown ? "shows" : "hides") it"))
            return TipEvaluation(status: shown ? .available : .pending, reason: reason, checks: checks)
        }
        if explaining { checks.append(TipCheck(name: "testing", passed: true, detail: "no override")) }

        // 2. Invalidation.
        if let invalidation = record.invalidation {
            checks.append(TipCheck(name: "invalidated", passed: false, detail: invalidation.rawValue))
            return TipEvaluation(status: .invalidated, reason: .invalidated(invalidation), checks: checks)
        }
        if explaining { checks.append(TipCheck(name: "invalidated", passed: true, detail: "not invalidated")) }

        // 3. Rules, ANDed.
        if explaining {
            var firstFailure: TipReason?
            for (index, rule) in rules.tipRules[slot].enumerated() {
                let explanation = rule.explain(in: scope)
                if let instant = explanation.revisitAt { scope.changes(at: instant) }
                if let failure = ruleFailure(index, rule, explanation.outcome, explanation: explanation) {
                    checks.append(failure.check)
                    if firstFailure == nil { firstFailure = failure.reason }
                } else {
                    checks.append(TipCheck(name: "rule \(index + 1)", passed: true, detail: rule.text, rule: explanation, span: rule.span))
                }
            }
            if let firstFailure { return TipEvaluation(status: .pending, reason: firstFailure, checks: checks) }
        } else {
            // The hot path: nothing is built for a rule that holds.
            for (index, rule) in rules.tipRules[slot].enumerated() {
                // A local, not `scope.revisitAt` itself: rules reading other tips lower that
                // one while this evaluation runs.
                var ruleRevisit = Int64.max
                let outcome = rule.evaluate(in: scope, revisitAt: &ruleRevisit)
                scope.changes(at: ruleRevisit)
                if case .satisfied = outcome { continue }
                if let failure = ruleFailure(index, rule, outcome, explanation: nil) {
                    checks.append(failure.check)
                    return TipEvaluation(status: .pending, reason: failure.reason, checks: checks)
                }
            }
        }

        // 4. The global display frequency gates tips never displayed before.
        if record.displayCount == 0, !configuration.tips.all[slot].ignoresDisplayFrequency, let last = scope.record.lastNewTipDisplay,
           let wait = frequencyWait(now: scope.request.now, last: last) {
            // The wait ends when `now - last` reaches the display frequency.
            if let end = wait.end { scope.changes(at: end) }
            checks.append(TipCheck(name: "display frequency", passed: false, detail: "a new tip was first shown \(DurationSyntax.format(max(wait.elapsed, 0))) ago; \(DurationSyntax.format(wait.remaining)) left"))
            return TipEvaluation(status: .pending, reason: .displayFrequency(remaining: wait.remaining), checks: checks)
        }
        if explaining { checks.append(TipCheck(name: "display frequency", passed: true, detail: record.displayCount > 0 ? "already displayed" : (configuration.tips.all[slot].ignoresDisplayFrequency ? "ignored by this tip" : "no new tip shown recently"))) }

        // 5. Group gating.
        if gateByGroup, let groupSlot = groupOfTip[slot] {
            let group = configuration.groups.all[groupSlot]
            // This tip's own status is known to be available (every earlier check passed). The
            // group must not evaluate it again: it is still in progress, so it would look like a
            // cycle and come back pending, and the group's current tip would never be available.
            let current = groupCurrent(groupSlot, scope: scope, availableMember: slot)
            if current != slot {
                let currentName = current.map { "its current tip is \(configuration.tips.all[$0].id)" } ?? "it has no current tip"
                checks.append(TipCheck(name: "group \(group.id)", passed: false, detail: "\(group.priority.rawValue) group; \(currentName)"))
                return TipEvaluation(status: .pending, reason: .withheldByGroup(group.id), checks: checks)
            }
            if explaining { checks.append(TipCheck(name: "group \(group.id)", passed: true, detail: "it is the group's current tip")) }
        }
        return TipEvaluation(status: .available, reason: .allChecksPassed, checks: checks)
    }

    /// The check and reason of rule `index` when it does not hold; nil when it does.
    private func ruleFailure(_ index: Int, _ rule: CompiledRule, _ outcome: RuleOutcome,
                             explanation: RuleExplanation?) -> (check: TipCheck, reason: TipReason)? {
        switch outcome {
        case .satisfied:
            return nil
        case .notSatisfied:
            return (TipCheck(name: "rule \(index + 1)", passed: false, detail: rule.text, rule: explanation, span: rule.span),
                    .ruleNotSatisfied(index: index, text: rule.text, span: rule.span))
        case .failed(let message):
            return (TipCheck(name: "rule \(index + 1)", passed: false, detail: "error: \(message): \(rule.text)", rule: explanation, span: rule.span),
                    .ruleFailed(index: index, text: rule.text, span: rule.span, message: message))
        }
    }

    /// The first testing override that applies, in precedence order: show, hide, showAll, hideAll
    /// (the request's overrides together with the configuration's).
    func testingOverride(for tip: String, request: DecisionRequest) -> (shows: Bool, source: String)? {
        let fromRequest = request.testing, fromConfiguration = configuration.testing
        if fromRequest.show.contains(tip) || fromConfiguration.show.contains(tip) { return (true, "testing.show") }
        if fromRequest.hide.contains(tip) || fromConfiguration.hide.contains(tip) { return (false, "testing.hide") }
        if fromRequest.showAll || fromConfiguration.showAll { return (true, "testing.showAll") }
        if fromRequest.hideAll || fromConfiguration.hideAll { return (false, "testing.hideAll") }
        return nil
    }

    /// The group's current tip (SEMANTICS §5), by tip slot. `availableMember` is a member whose
    /// own status the caller already knows to be available.
    /// Kept out of line: inlined into `tipEvaluation` (with which it is mutually recursive) it
    /// made every tip status about 50% slower, grouped or not (`beckon-bench engine`).
    @inline(never)
    func groupCurrent(_ groupSlot: Int, scope: EvaluationScope, availableMember: Int? = nil) -> Int? {
        let group = configuration.groups.all[groupSlot]
        let members = group.tips.compactMap { tipSlots[$0] }
        func ownStatus(_ member: Int) -> TipStatus {
            member == availableMember ? .available : tipEvaluation(member, scope: scope, explaining: false, gateByGroup: false).status
        }
        switch group.priority {
        case .firstAvailable:
            return members.first { ownStatus($0) == .available }
        case .ordered:
            for member in members {
                let status = ownStatus(member)
                if status == .invalidated { continue }
                return status == .available ? member : nil
            }
            return nil
        }
    }
}
