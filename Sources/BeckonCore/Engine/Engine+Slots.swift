/// Tip decisions by slot: for hosts that resolve a tip's id once (the embedding API's handles)
/// and then decide without hashing the id on every call.
///
/// A slot is a tip's place in this engine's configuration: valid only for the engine that
/// gave it (after a reload, resolve the id again on the new engine).
extension Engine {
    /// The slot of the declared tip `id`, for `tipStatus(slot:_:)` and `tipStatuses(slots:_:)`.
    public func tipSlot(of id: String) throws(EngineError) -> Int {
        try slot(ofTip: id)
    }

    /// The status of the tip in `slot`; the same answer as `tipStatus(_:_:)` for its id.
    public func tipStatus(slot: Int, _ request: DecisionRequest) throws(EngineError) -> TipDecision {
        try checkTipSlot(slot)
        if let verdict = fastTipVerdict(slot, request) { return decision(slot, verdict) }
        return try read(request) { scope throws(EngineError) in
            decision(slot, tipEvaluation(slot, scope: scope, explaining: false), record: scope.record, changed: false)
        }
    }

    /// The statuses of the tips in `slots`, in that order, all decided on one read of the
    /// subject's record: each the same answer as `tipStatus(_:_:)` for its id on that record.
    public func tipStatuses(slots: [Int], _ request: DecisionRequest) throws(EngineError) -> [TipDecision] {
        for slot in slots { try checkTipSlot(slot) }
        return try read(request) { scope throws(EngineError) in
            slots.map { slot in
                decision(slot, tipEvaluation(slot, scope: scope, explaining: false), record: scope.record, changed: false)
            }
        }
    }

    private func checkTipSlot(_ slot: Int) throws(EngineError) {
        guard tipIDs.indices.contains(slot) else {
            throw .invalidValue("tip slot \(slot) is not one of this configuration's \(tipIDs.count) tips")
        }
    }
}
