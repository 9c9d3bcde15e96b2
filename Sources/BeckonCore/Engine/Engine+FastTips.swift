import BeckonRules

/// Tips decided by the fast path: the subject's record and logs read once from the memory store,
/// each rule's fast form evaluated on them, in SEMANTICS §4's order, with the same status, reason
/// and `revisitAt` as `tipEvaluation` (a property test holds the two together).
extension Engine {
    /// The fast path's verdict on the tip in `slot` (in range: the caller checked it), or nil
    /// when the general path must decide it (see `FastTipPlan.plans`; a request with testing
    /// overrides). Every entry point that decides a tip's status asks this first
    /// (`tipVerdict(checked:_:)`), so they all agree.
    @inline(__always)  // into every entry point: see `decision(_:_:locale:)` for what it saves
    func verdict(slot: Int, request: DecisionRequest) -> TipVerdict? {
        guard request.testing.isEmpty, let plan = fastTips[slot], let memoryStore else { return nil }
        let now = request.now, transients = FastTransients.byName(request.transientParameters)
        // A plain tip (most are) reads no template values: its closure returns the outcome alone
        // (a tuple with an optional of them cost an in-process tip status ~0.1 k instructions).
        guard slot < rules.tipTemplates.count, rules.tipTemplates[slot] != nil else {
            let outcome = memoryStore.withSubject(request.subject) { subject in
                withColumns(of: subject) { columns in
                    var reading = FastReading(slot: slot, subject: subject, now: now, transients: transients)
                    return fastOutcome(slot, plan, &reading, &columns)
                }
            }
            return outcome.map { verdict(slot, $0) }
        }
        let (outcome, values) = memoryStore.withSubject(request.subject) { subject in
            withColumns(of: subject) { columns in
                var reading = FastReading(slot: slot, subject: subject, now: now, transients: transients)
                let outcome = fastOutcome(slot, plan, &reading, &columns)
                return (outcome, outcome == nil ? nil : templateValues(slot, reading, &columns))
            }
        }
        return outcome.map { verdict(slot, $0, templateValues: values) }
    }

    /// The fast path's verdicts on the tips in `slots` (each in range), in that order, on one
    /// read of the subject's record under the store's lock; nil when it does not decide every
    /// one of them (the general path then decides them all, on one read too).
    func verdicts(slots: [Int], request: DecisionRequest) -> [TipVerdict]? {
        guard request.testing.isEmpty, let memoryStore, slots.allSatisfy({ fastTips[$0] != nil }) else { return nil }
        let now = request.now, transients = FastTransients.byName(request.transientParameters)
        return memoryStore.withSubject(request.subject) { subject in
            withColumns(of: subject) { columns in
                var verdicts: [TipVerdict] = []
                verdicts.reserveCapacity(slots.count)
                for slot in slots {
                    guard let plan = fastTips[slot] else { return nil }
                    var reading = FastReading(slot: slot, subject: subject, now: now, transients: transients)
                    guard let outcome = fastOutcome(slot, plan, &reading, &columns) else { return nil }
                    verdicts.append(verdict(slot, outcome, templateValues: templateValues(slot, reading, &columns)))
                }
                return verdicts
            }
        }
    }

    /// Runs `body` on the columns of the subject's stored record, read under the store's lock. A
    /// subject never stored has no entries to find: its reads answer the defaults without
    /// touching the (empty) columns.
    @inline(__always)
    private func withColumns<T: Sendable>(of subject: MemoryStore.Subject?, _ body: (inout RecordSlots.Columns) -> T) -> T {
        guard let subject else {
            var empty = RecordSlots.Columns()
            return body(&empty)
        }
        return subject.withColumns(slotLayout, body)
    }

    /// The brief verdict on the tip in `slot` for a request with no testing overrides, for the
    /// subject whose id's UTF-8 is `subject`, at `now`, with the transient parameters
    /// `transients` (each checked by `transientValue(slot:_:)`, each slot at most once), when the
    /// fast path decides it: the same answer as `tipVerdict(slot:_:)` on that request, found
    /// without making the subject's `String` when it is the one asked about last, nor the
    /// reason's text. Nil when the general path must decide (a slot out of range, a tip the fast
    /// path does not decide, bytes that are not UTF-8): ask `tipVerdict(slot:_:)` then.
    public func fastTipBrief(slot: Int, subject: UnsafeRawBufferPointer, now: Int64,
                             transients: UnsafeBufferPointer<TransientValue> = UnsafeBufferPointer(start: nil, count: 0)) -> TipBrief? {
        guard isTipSlot(slot), let memoryStore else { return nil }
        // The plan is kept by the engine for its lifetime: read it without a retain of its own.
        // `_withUnsafeGuaranteedRef` is an underscored (unstable) standard-library API, used
        // where the referent is known to outlive the call; with the slot index's (in
        // `MemoryStore.Subject.withColumns`) it took the typed C call's "engine's and slot
        // index's retains" off, ~0.1 k of its 2,647 -> 1,799 instructions (Docs/benchmarks.md).
        guard let plan = fastTips[slot].map(Unmanaged.passUnretained) else { return nil }
        let outcome = plan._withUnsafeGuaranteedRef { plan in
            memoryStore.withSubject(utf8: subject) { found in
                withColumns(of: found) { columns in
                    var reading = FastReading(slot: slot, subject: found, now: now, transients: .bySlot(transients))
                    return fastOutcome(slot, plan, &reading, &columns)
                }
            }
        }
        return outcome.map { outcome in
            TipBrief(status: outcome.status, reason: outcome.briefReason, revisitAt: outcome.revisitAt,
                     displayCount: outcome.record.displayCount, displayDuration: outcome.record.displayDuration)
        }
    }

    /// The template arguments of the tip in `slot` read from the columns (the locale is set by
    /// the decision); nil, and no work, for a tip whose texts are all plain.
    @inline(__always)
    private func templateValues(_ slot: Int, _ reading: FastReading, _ columns: inout RecordSlots.Columns) -> TemplateValues? {
        guard slot < rules.tipTemplates.count, let templates = rules.tipTemplates[slot] else { return nil }
        return templates.values(locale: 0) { argument in
            switch argument {
            case .parameter(let parameter): self.parameter(parameter, reading, &columns)
            case .eventCount(let event): .int(eventCount(event, reading, &columns))
            }
        }
    }

    /// The full verdict of a fast outcome on the tip in `slot` (the rule's text from its plan).
    @inline(__always)  // see `decision(_:_:locale:)`
    private func verdict(_ slot: Int, _ outcome: FastOutcome, templateValues: TemplateValues? = nil) -> TipVerdict {
        let reason: TipReason
        switch outcome.reason {
        case .invalidated(let why): reason = .invalidated(why)
        case .rule(let index):
            // An outcome on a rule comes from its tip's plan, so the plan is there.
            let rule = fastTips[slot]!.rules[index]
            reason = .ruleNotSatisfied(index: index, text: rule.text, span: rule.span)
        case .displayFrequency(let remaining): reason = .displayFrequency(remaining: remaining)
        case .allChecksPassed: reason = .allChecksPassed
        }
        return TipVerdict(status: outcome.status, reason: reason, revisitAt: outcome.revisitAt, record: outcome.record,
                          templateValues: templateValues)
    }

    /// Whether the fast path decides the tip `id` (for requests without testing overrides, with
    /// or without transient parameters): its rules are all of the common shapes, it is in no
    /// group, the store is the memory store.
    public func decidesByFastPath(tip id: String) -> Bool {
        tipSlots[id].map { fastTips[$0] != nil } ?? false
    }

    private func fastOutcome(_ slot: Int, _ plan: FastTipPlan, _ reading: inout FastReading,
                             _ columns: inout RecordSlots.Columns) -> FastOutcome? {
        let tip = tipRecord(slot, reading, &columns)
        // 1. No testing overrides (the plan and the request have none). 2. Invalidation.
        if let invalidation = tip.invalidation {
            return FastOutcome(reason: .invalidated(invalidation), revisitAt: nil, record: tip)
        }
        // 3. Rules, ANDed.
        let forms = plan.forms
        for index in forms.indices {
            // `forms` holds each form for the loop: read it without retaining it again.
            // `_withUnsafeGuaranteedRef` is an underscored (unstable) standard-library API; this
            // use was one of the second round's cuts (3,578 -> 2,337 instructions a fast tip
            // status with the others, not measured on its own: Docs/benchmarks.md).
            let holds = Unmanaged.passUnretained(forms[index])._withUnsafeGuaranteedRef { form in
                value(form, form.root, &reading, &columns)
            }
            guard let holds else { return nil }
            if !holds { return FastOutcome(reason: .rule(index), revisitAt: reading.revisitAt, record: tip) }
        }
        // 4. The display frequency gates tips never displayed before.
        if tip.displayCount == 0, !plan.ignoresDisplayFrequency, let last = reading.lastNewTipDisplay,
           let wait = frequencyWait(now: reading.now, last: last) {
            if let end = wait.end { reading.changes(at: end) }
            return FastOutcome(reason: .displayFrequency(remaining: wait.remaining), revisitAt: reading.revisitAt, record: tip)
        }
        // 5. Not in a group (the plan says so).
        return FastOutcome(reason: .allChecksPassed, revisitAt: reading.revisitAt, record: tip)
    }

    /// While a tip first displayed at `last` keeps new tips waiting at `now`: how long since that
    /// display, when the wait ends (nil past the end of time) and how long is left; nil when it
    /// does not. Both paths decide the display frequency with it.
    func frequencyWait(now: Int64, last: Int64) -> (elapsed: Int64, end: Int64?, remaining: Int64)? {
        // Instants near the ends of Int64 must not trap: differences saturate, so a clock far
        // behind the last first display stays pending and one far ahead lets the tip through.
        let frequency = configuration.displayFrequency
        let (difference, overflow) = now.subtractingReportingOverflow(last)
        let elapsed = overflow ? (now < last ? Int64.min : Int64.max) : difference
        guard elapsed < frequency else { return nil }
        let (end, endOverflow) = last.addingReportingOverflow(frequency)
        let (left, leftOverflow) = frequency.subtractingReportingOverflow(elapsed)
        return (elapsed, endOverflow ? nil : end, leftOverflow ? Int64.max : left)
    }

    /// A node's value; nil when a value read is outside the fast form's shapes.
    private func value(_ form: FastRule, _ node: Int, _ reading: inout FastReading, _ columns: inout RecordSlots.Columns) -> Bool? {
        switch form.nodes[node] {
        case .all(let first, let count):
            for index in first..<first + count {
                guard let holds = value(form, form.operands[index], &reading, &columns) else { return nil }
                if !holds { return false }
            }
            return true
        case .any(let first, let count):
            for index in first..<first + count {
                guard let holds = value(form, form.operands[index], &reading, &columns) else { return nil }
                if holds { return true }
            }
            return false
        case .not(let operand):
            return value(form, operand, &reading, &columns).map { !$0 }
        case .parameterIsTrue(let slot):
            if case .bool(true) = parameter(slot, reading, &columns) { return true }
            return false
        case .parameterInt(let slot, let op, let bound):
            switch parameter(slot, reading, &columns) {
            case .int(let value): return op.holds(value, bound)
            case .null: return false
            default: return nil
            }
        case .parameterDouble(let slot, let op, let bound):
            switch parameter(slot, reading, &columns) {
            case .double(let value): return op.holds(value, bound)
            case .int(let value): return op.holds(Double(value), bound)
            case .null: return false
            default: return nil
            }
        case .parameterString(let slot, let equal, let text):
            switch parameter(slot, reading, &columns) {
            case .string(let value): return (value == form.strings[text]) == equal
            case .null: return false
            default: return nil
            }
        case .eventCount(let slot, let op, let bound):
            return op.holds(eventCount(slot, reading, &columns), bound)
        case .windowCount(let slot, let window, let op, let bound):
            let times = logTimes(slot, reading, &columns)
            let start = DonationLog.windowStart(of: times, window: window, now: reading.now)
            if let flip = FastRule.windowFlip(op, bound: bound, times: times, start: start, window: window) { reading.changes(at: flip) }
            return op.holds(Int64(times.count - start), bound)
        case .tipDisplayCount(let slot, let op, let bound):
            let other = tipRecord(slot, reading, &columns)
            // Reading another tip evaluates its status, whose display-frequency wait the answer
            // inherits (a tip reading itself is a cycle and evaluates nothing).
            if slot != reading.slot, other.invalidation == nil, other.displayCount == 0, !ignoresDisplayFrequency[slot],
               let last = reading.lastNewTipDisplay, let wait = frequencyWait(now: reading.now, last: last), let end = wait.end {
                reading.changes(at: end)
            }
            return op.holds(other.displayCount, bound)
        }
    }

    // The record's entries by slot, found by id in the stored record on first read (as
    // `RecordSlots` does for the general path, under one lock here). A subject never stored has
    // none: each read answers the default and leaves the columns alone.

    /// A parameter's value: a transient one from the request, a stored one from the record.
    @inline(__always)
    private func parameter(_ slot: Int, _ reading: FastReading, _ columns: inout RecordSlots.Columns) -> Value {
        if parameterIsTransient[slot] { return reading.transients.value(slot, id: parameterFacts[slot].id) ?? parameterDefaults[slot] }
        guard let subject = reading.subject else { return parameterDefaults[slot] }
        if let known = columns.parameters[slot] { return known ?? parameterDefaults[slot] }
        let found = subject.parameter(parameterFacts[slot].id)
        columns.parameters[slot] = .some(found)
        return found ?? parameterDefaults[slot]
    }

    @inline(__always)
    private func tipRecord(_ slot: Int, _ reading: FastReading, _ columns: inout RecordSlots.Columns) -> TipRecord {
        guard let subject = reading.subject else { return TipRecord() }
        if let known = columns.tips[slot] { return known ?? TipRecord() }
        let found = subject.tip(tipIDs[slot])
        columns.tips[slot] = .some(found)
        return found ?? TipRecord()
    }

    /// An event's logged times, found by id in the subject's logs on first read (logs change only
    /// in a commit, which also gives the record fresh columns).
    @inline(__always)
    private func logTimes(_ slot: Int, _ reading: FastReading, _ columns: inout RecordSlots.Columns) -> [Int64] {
        guard let subject = reading.subject else { return [] }
        if let known = columns.logTimes[slot] { return known ?? [] }
        let found = subject.logTimes(eventIDs[slot])
        columns.logTimes[slot] = .some(found)
        return found ?? []
    }

    @inline(__always)
    private func eventCount(_ slot: Int, _ reading: FastReading, _ columns: inout RecordSlots.Columns) -> Int64 {
        guard let subject = reading.subject else { return 0 }
        if let known = columns.events[slot] { return known?.count ?? 0 }
        let found = subject.event(eventIDs[slot])
        columns.events[slot] = .some(found)
        return found?.count ?? 0
    }
}

/// A fast verdict before any text: the rule's text and source are read from the plan only for a
/// full `TipVerdict`, and the typed C path needs neither.
private struct FastOutcome {
    enum Reason {
        case invalidated(InvalidationReason)
        case rule(Int)
        case displayFrequency(remaining: Int64)
        case allChecksPassed
    }

    var reason: Reason
    var revisitAt: Int64?
    var record: TipRecord

    var status: TipStatus {
        switch reason {
        case .invalidated: .invalidated
        case .rule, .displayFrequency: .pending
        case .allChecksPassed: .available
        }
    }

    var briefReason: TipBrief.Reason {
        switch reason {
        case .invalidated(let why): .invalidated(why)
        case .rule(let index): .ruleNotSatisfied(index: index)
        case .displayFrequency: .displayFrequency
        case .allChecksPassed: .allChecksPassed
        }
    }
}

/// What a fast evaluation reads and what it found so far.
private struct FastReading {
    /// The tip being decided.
    let slot: Int
    /// The subject's state in the memory store, read under its lock (nil: never stored).
    let subject: MemoryStore.Subject?
    let now: Int64
    /// The request's transient parameters.
    let transients: FastTransients
    private var earliest = Int64.max

    init(slot: Int, subject: MemoryStore.Subject?, now: Int64, transients: FastTransients) {
        self.slot = slot
        self.subject = subject
        self.now = now
        self.transients = transients
    }

    var revisitAt: Int64? { earliest == .max ? nil : earliest }

    var lastNewTipDisplay: Int64? { subject?.lastNewTipDisplay }

    @inline(__always)
    mutating func changes(at instant: Int64) {
        if instant < earliest { earliest = instant }
    }
}

/// Where the fast path finds a request's transient parameters: a Swift host's or the server's by
/// name (`DecisionRequest.transientParameters`), or a typed C host's by slot, checked already.
private enum FastTransients {
    case byName([String: Value])
    case bySlot(UnsafeBufferPointer<TransientValue>)

    /// The value passed for the parameter in `slot` (named `id`), or nil when none was.
    @inline(__always)
    func value(_ slot: Int, id: @autoclosure () -> String) -> Value? {
        switch self {
        case .byName(let values):
            return values.isEmpty ? nil : values[id()]
        case .bySlot(let values):
            for each in values where each.slot == slot { return each.value }
            return nil
        }
    }
}
