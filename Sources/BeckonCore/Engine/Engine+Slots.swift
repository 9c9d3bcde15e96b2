/// Tip decisions by slot: for hosts that resolve a tip's id once (the embedding API's handles)
/// and then decide without hashing the id on every call.
///
/// A slot is a tip's place in this engine's configuration: valid only for the engine that
/// gave it (after a reload, resolve the id again on the new engine).
///
/// Every way to ask for a tip's status decides through `tipVerdict(checked:_:)` (one tip) or
/// `tipVerdicts(checked:_:)` (a batch on one read): the fast path's verdict when it decides,
/// else the general path's, so all of them give the same answer.
extension Engine {
    /// The slot of the declared tip `id`, for `tipStatus(slot:_:)` and `tipStatuses(slots:_:)`.
    public func tipSlot(of id: String) throws(EngineError) -> Int {
        try slot(ofTip: id)
    }

    /// The status of the tip in `slot`; the same answer as `tipStatus(_:_:)` for its id.
    public func tipStatus(slot: Int, _ request: DecisionRequest) throws(EngineError) -> TipDecision {
        try checkTipSlot(slot)
        return decision(slot, try tipVerdict(checked: slot, request), locale: localeIndex(request))
    }

    /// The statuses of the tips in `slots`, in that order, all decided on one read of the
    /// subject's record: each the same answer as `tipStatus(_:_:)` for its id on that record.
    public func tipStatuses(slots: [Int], _ request: DecisionRequest) throws(EngineError) -> [TipDecision] {
        for slot in slots { try checkTipSlot(slot) }
        let locale = localeIndex(request)
        return try zip(slots, tipVerdicts(checked: slots, request)).map { slot, verdict in decision(slot, verdict, locale: locale) }
    }

    /// The verdict on the tip in `slot` (no content, no checks): the same answer as
    /// `tipStatus(slot:_:)`, for hosts that report codes and numbers.
    public func tipVerdict(slot: Int, _ request: DecisionRequest) throws(EngineError) -> TipVerdict {
        try checkTipSlot(slot)
        return try tipVerdict(checked: slot, request)
    }

    /// The verdicts on the tips in `slots`, in that order, all decided on one read of the
    /// subject's record: each the same as `tipVerdict(slot:_:)` on that record.
    public func tipVerdicts(slots: [Int], _ request: DecisionRequest) throws(EngineError) -> [TipVerdict] {
        for slot in slots { try checkTipSlot(slot) }
        return try tipVerdicts(checked: slots, request)
    }

    /// The verdict on the tip in `slot` (checked): the fast path's when it decides it, else the
    /// general path's.
    @inline(__always)
    func tipVerdict(checked slot: Int, _ request: DecisionRequest) throws(EngineError) -> TipVerdict {
        if let verdict = verdict(slot: slot, request: request) { return verdict }
        return try read(request) { scope throws(EngineError) in generalTipVerdict(slot, scope: scope) }
    }

    /// The verdicts on the tips in `slots` (checked), on one read: the fast path's when it
    /// decides every one of them, else the general path's.
    func tipVerdicts(checked slots: [Int], _ request: DecisionRequest) throws(EngineError) -> [TipVerdict] {
        if let verdicts = verdicts(slots: slots, request: request) { return verdicts }
        return try read(request) { scope throws(EngineError) in
            slots.map { slot in generalTipVerdict(slot, scope: scope) }
        }
    }

    /// The general path's verdict on the tip in `slot`, in a read's scope.
    private func generalTipVerdict(_ slot: Int, scope: EvaluationScope) -> TipVerdict {
        let evaluation = tipEvaluation(slot, scope: scope, explaining: false)
        return TipVerdict(status: evaluation.status, reason: evaluation.reason, revisitAt: evaluation.revisitAt,
                          record: scope.record.tip(slot, id: tipIDs[slot], layout: slotLayout) ?? TipRecord(),
                          templateValues: templateValues(slot, scope: scope))
    }

    /// The decision `tipStatus` answers, from a verdict.
    @inline(__always)
    func decision(_ slot: Int, _ verdict: TipVerdict, locale: Int) -> TipDecision {
        // Inlined, as are the fast path's `verdict(slot:request:)` and `verdict(_:_:templateValues:)`:
        // as calls of their own (since verdicts carry template values and decisions a locale),
        // an in-process tip status cost 2,744 instructions against 2,273 inlined (`beckon-bench
        // engine` under callgrind; 2,166 once a plain tip's verdict skipped its template values).
        // Borrowed, not consumed: consuming the verdict and moving its template values out saved
        // 31 instructions a tip status, but a batch's decisions, made from verdicts it only
        // borrows, then copied each (an OFREP bulk request +1.1 k).
        var values = verdict.templateValues
        values?.locale = locale
        return TipDecision(tip: tipIDs[slot], status: verdict.status, reason: verdict.reason, changed: false, record: verdict.record,
                           declarations: content.tips[locale], at: slot, locale: content.locales[locale], revisitAt: verdict.revisitAt,
                           templateValues: values)
    }

    /// The template arguments of the tip in `slot` in `scope`, for its texts in the configuration
    /// locale `locale` (an index); nil (and no work) for a tip whose texts are all plain.
    @inline(__always)
    func templateValues(_ slot: Int, scope: EvaluationScope, locale: Int = 0) -> TemplateValues? {
        guard slot < rules.tipTemplates.count, let templates = rules.tipTemplates[slot] else { return nil }
        return templates.values(in: scope, locale: locale)
    }

    /// Whether `slot` is one of this configuration's tips.
    @inline(__always)
    func isTipSlot(_ slot: Int) -> Bool {
        tipIDs.indices.contains(slot)
    }

    /// Refuses a slot that is not one of this configuration's tips.
    @inline(__always)
    private func checkTipSlot(_ slot: Int) throws(EngineError) {
        guard isTipSlot(slot) else {
            throw .invalidValue("tip slot \(slot) is not one of this configuration's \(tipIDs.count) tips")
        }
    }
}
