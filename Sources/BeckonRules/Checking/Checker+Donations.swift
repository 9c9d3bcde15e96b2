import BeckonDiagnostics

/// Window and filter queries over an event's logged donations, and plugin calls.
extension Checker {
    /// `events.X` narrowed by `within(D)` and `where(P)`, in the order written.
    struct DonationQuery {
        var event: RuleSchema.Event
        /// The shortest window asked for (ms), if any.
        var window: Int64?
        /// Conditions over `info`, all of which must hold.
        var filter = DonationFilter()
        var range: Range<Int>

        init(event: RuleSchema.Event, range: Range<Int>) {
            self.event = event
            self.range = range
        }
    }

    mutating func resolveCall(_ method: Method, _ arguments: [Syntax], range: Range<Int>) -> Resolved? {
        switch method {
        case .within(var query):
            guard let argument = single(arguments, "within", "a duration such as 7d", range: range),
                  let window = constantDuration(argument) else { return nil }
            if let maxAge = query.event.maxAge, window > maxAge {
                error("rule.windowExceedsRetention", "the window \(DurationSyntax.format(window)) is longer than this event's retention maxAge of \(DurationSyntax.format(maxAge)), so it could never be answered truthfully", argument.range)
                return nil
            }
            query.window = min(query.window ?? window, window)
            query.range = range
            return .donations(query)
        case .filter(var query):
            guard let argument = single(arguments, "where", "a condition on info fields", range: range) else { return nil }
            let outer = infoScope
            infoScope = query.event
            defer { infoScope = outer }
            guard let predicate = checkBool(argument, "the condition of where(…)") else { return nil }
            query.filter.append(predicate.evaluate, syntax: argument, fields: query.event.infoFields)
            query.range = range
            return .donations(query)
        case .subset(let query, let largest):
            let name = largest ? "largestSubset" : "smallestSubset"
            guard let argument = single(arguments, name, "an info field such as info.kind", range: range) else { return nil }
            guard case .member(let base, let field, let fieldRange) = argument.kind, case .identifier("info") = base.kind else {
                error("rule.arguments", "\(name)(…) takes an info field such as info.kind", argument.range)
                return nil
            }
            guard let index = query.event.infoFields.firstIndex(where: { $0.name == field }) else {
                error("rule.unknownName", "unknown info field '\(field)'\(NameSuggester.hint(for: field, among: query.event.infoFields.map(\.name)))", fieldRange)
                return nil
            }
            return .subset(query, field: index, largest: largest, range)
        case .function(let name, let function):
            return checkFunctionCall(name, function, arguments, range: range).map(Resolved.value)
        }
    }

    private mutating func single(_ arguments: [Syntax], _ name: String, _ expected: String, range: Range<Int>) -> Syntax? {
        guard arguments.count == 1 else {
            error("rule.arguments", "\(name)(…) takes one argument, \(expected); found \(arguments.count)", range)
            return nil
        }
        return arguments[0]
    }

    /// A window must be known at load, so that it can be checked against retention.
    private mutating func constantDuration(_ syntax: Syntax) -> Int64? {
        guard let checked = check(syntax) else { return nil }
        guard checked.type == .duration, checked.isConstant else {
            error("rule.arguments", "within(…) takes a constant duration such as 7d, not '\(text(syntax.range))'", syntax.range)
            return nil
        }
        var state = EvaluationState()
        guard case .duration(let value) = checked.evaluate(ConstantContext.shared, &state), value >= 0 else {
            error("rule.arguments", "within(…) takes a duration that is not negative", syntax.range)
            return nil
        }
        return value
    }

    /// `events.X….count`: a binary search for the window, then a scan only when filtered. The
    /// count shrinks as donations leave the window (or the event's `maxAge`): evaluated alone it
    /// reports when the oldest counted one leaves; a comparison reads it quietly instead.
    mutating func compileCount(_ query: DonationQuery) -> Checked {
        let slot = query.event.slot, window = query.window, filter = query.filter
        guard let horizon = window ?? query.event.maxAge else {
            var checked = make(.int, range: query.range, constant: false, onceInsideFilters { context, state in
                let log = context.donations(slot)
                guard !filter.isEmpty else { return .int(Int64(log.times.count)) }
                var count: Int64 = 0
                Self.forEachMatch(log, from: 0, filter, context, &state) { _ in count += 1 }
                return .int(count)
            })
            checked.isCount = true
            return checked
        }
        let quiet: WindowEvaluator = { context, state in
            let log = context.donations(slot)
            let start = Self.windowStart(log, window: horizon, now: context.now)
            guard !filter.isEmpty else {
                return WindowCount(count: Int64(log.times.count - start), log: log, start: start, oldest: start,
                                   window: horizon)
            }
            // Counted in place: the matches themselves are found again only if a flip asks.
            var count: Int64 = 0, oldest = start
            Self.forEachMatch(log, from: start, filter, context, &state) { index in
                if count == 0 { oldest = index }
                count += 1
            }
            return WindowCount(count: count, log: log, start: start, filter: filter, oldest: oldest,
                               window: horizon)
        }
        var checked = make(.int, range: query.range, constant: false, onceInsideFilters { context, state in
            let counted = quiet(context, &state)
            if counted.count > 0 { state.changes(at: counted.leaves(0, context, &state)) }
            return .int(counted.count)
        })
        checked.isCount = true
        if infoScope == nil {
            let node = checked.node
            let tracedQuiet: WindowEvaluator = { context, state in
                let counted = quiet(context, &state)
                if state.tracing { state.extras!.trace[node] = .int(counted.count) }
                return counted
            }
            checked.timing = .window(quiet: tracing ? tracedQuiet : quiet)
        }
        return checked
    }

    /// Inside `where(…)` a query is asked again for every donation the enclosing filter tests,
    /// yet its answer cannot change during one evaluation (`info` always means the innermost
    /// event's donation, never an enclosing one). It is computed once per evaluation there:
    /// otherwise nested filters take time exponential in their depth. Outside filters a query
    /// runs once anyway and is left as it is, so evaluating it allocates nothing.
    private mutating func onceInsideFilters(_ evaluate: @escaping Evaluator) -> Evaluator {
        guard infoScope != nil else { return evaluate }
        let key = nodes.count
        return { context, state in
            if let value = state.extras?.memo[key] { return value }
            let value = evaluate(context, &state)
            state.scratch.memo[key] = value
            return value
        }
    }

    /// `….largestSubset(info.F).count` / `smallestSubset`: the size of the most or least frequent group.
    mutating func compileSubsetCount(_ query: DonationQuery, field: Int, largest: Bool, range: Range<Int>) -> Checked {
        let slot = query.event.slot, window = query.window, filter = query.filter
        let horizon = window ?? query.event.maxAge
        var checked = make(.int, range: range, constant: false, onceInsideFilters { context, state in
            let log = context.donations(slot)
            let start = Self.windowStart(log, window: window, now: context.now)
            if let horizon, start < log.times.count { state.changes(at: Timing.adding(log.times[start], horizon, 1)) }
            var groups: [Value: Int64] = [:]
            Self.forEachMatch(log, from: start, filter, context, &state) { index in
                let info = index < log.infos.count ? log.infos[index] : []
                groups[field < info.count ? info[field] : .null, default: 0] += 1
            }
            return .int((largest ? groups.values.max() : groups.values.min()) ?? 0)
        })
        checked.isCount = true
        return checked
    }

    /// The index of the first donation inside the window (`now - time <= window`).
    static func windowStart(_ log: DonationLog, window: Int64?, now: Int64) -> Int {
        guard let window else { return 0 }
        return DonationLog.windowStart(of: log.times, window: window, now: now)
    }

    static func forEachMatch(_ log: DonationLog, from start: Int, _ filter: DonationFilter, _ context: any RuleContext,
                             _ state: inout EvaluationState, _ body: (Int) -> Void) {
        if let tests = filter.directTests(state) {
            DonationFilter.forEachPassing(tests, log, from: start, body)
            return
        }
        let extras = state.scratch
        let saved = extras.info
        defer { extras.info = saved }
        for index in start..<log.times.count where filter.accepts(index, log, extras, context, &state) {
            body(index)
        }
    }

    /// The index of the `k`-th of the `count` donations from `start` on that the filter accepts
    /// (0 is the oldest), tested again from the nearer end of the log. The same donations were
    /// tested in this evaluation already, so this reports no instant and no failure not reported
    /// then; it is not traced, so that an explanation shows the filter as the count left it.
    static func match(_ k: Int, of count: Int, in log: DonationLog, from start: Int, _ filter: DonationFilter,
                      _ context: any RuleContext, _ state: inout EvaluationState) -> Int {
        if let tests = filter.directTests(state) {
            return nearer(k, of: count, from: start, log) { DonationFilter.passes(tests, $0, log) }
        }
        let extras = state.scratch
        let saved = extras.info, tracing = state.tracing
        state.tracing = false
        defer { extras.info = saved; state.tracing = tracing }
        return nearer(k, of: count, from: start, log) { filter.accepts($0, log, extras, context, &state) }
    }

    /// The index of the `k`-th of the `count` donations from `start` on that `accepts`, looked
    /// for from the nearer end of the log.
    @inline(__always)
    private static func nearer(_ k: Int, of count: Int, from start: Int, _ log: DonationLog, _ accepts: (Int) -> Bool) -> Int {
        if k < count / 2 {
            var remaining = k
            for index in start..<log.times.count where accepts(index) {
                if remaining == 0 { return index }
                remaining -= 1
            }
        } else {
            var remaining = count - 1 - k
            for index in (start..<log.times.count).reversed() where accepts(index) {
                if remaining == 0 { return index }
                remaining -= 1
            }
        }
        // A filter that answers differently the second time (a plugin that is not a function):
        // the oldest donation in the window leaves first, so it is early, never late.
        return start
    }

    private mutating func checkFunctionCall(_ name: String, _ function: RuleSchema.Function, _ arguments: [Syntax],
                                            range: Range<Int>) -> Checked? {
        guard arguments.count == function.parameters.count else {
            let signature = "(" + function.parameters.map(\.description).joined(separator: ", ") + ")"
            error("rule.arguments", "\(name) takes \(function.parameters.count) argument\(function.parameters.count == 1 ? "" : "s") \(signature); found \(arguments.count)", range)
            return nil
        }
        var checkedArguments: [Checked] = []
        for (argument, expected) in zip(arguments, function.parameters) {
            guard let checked = check(argument) else { return nil }
            let fits = checked.type == expected || checked.type == .null || (expected == .double && checked.type == .int)
            guard fits else {
                error("rule.type", "argument '\(text(argument.range))' of \(name) must be \(expected), not \(checked.type)", argument.range)
                return nil
            }
            checkedArguments.append(checked)
        }
        let widen = function.parameters.map { $0 == .double }
        @Sendable func converted(_ value: Value, _ index: Int) -> Value {
            if widen[index], case .int(let integer) = value { return .double(Double(integer)) }
            return value
        }
        // Constant arguments are computed once, here, and handed to the plugin's bind.
        var constants: [Value?] = []
        for (index, checked) in checkedArguments.enumerated() {
            var state = EvaluationState()
            let value = checked.isConstant ? checked.evaluate(ConstantContext.shared, &state) : nil
            constants.append(state.failure == nil ? value.map { converted($0, index) } : nil)
        }
        let call: any RuleFunctionCall
        switch function.implementation.bind(constants: constants, schema: schema) {
        case .success(let bound): call = bound
        case .failure(let failure):
            if let index = failure.argument, arguments.indices.contains(index) {
                let argument = arguments[index].range
                error("rule.plugin", "\(name) rejected argument \(index + 1) '\(text(argument))': \(failure.message)", argument)
            } else {
                error("rule.plugin", "\(name) rejected this call: \(failure.message)", range)
            }
            return nil
        }
        let result = function.result
        @Sendable func checkedResult(_ outcome: Result<Value, RuleCallError>, _ state: inout EvaluationState) -> Value {
            switch outcome {
            case .success(let value):
                // The checker typed the rule by the declared result; a plugin that returns
                // something else must not make the rule silently true or false.
                if result == .double, case .int(let integer) = value { return .double(Double(integer)) }
                guard value.conforms(to: result) else {
                    return state.fail("\(name) returned \(value.type), but it is declared to return \(result)")
                }
                return value
            case .failure(let failure): return state.fail("\(name) failed: \(failure.message)")
            }
        }
        // A call whose answer changes with time says until when it holds, or is taken to
        // change at the next millisecond.
        let timed = call.changesWithTime
        @Sendable func called(_ arguments: UnsafeBufferPointer<Value>, _ context: any RuleContext,
                              _ state: inout EvaluationState) -> Value {
            guard timed else { return checkedResult(call.evaluate(arguments, context: context), &state) }
            let (outcome, holdsUntil) = call.evaluateWithLifetime(arguments, context: context)
            let next = Timing.adding(context.now, 1)
            state.changes(at: max(next, holdsUntil ?? next))
            return checkedResult(outcome, &state)
        }
        if constants.allSatisfy({ $0 != nil }) {
            // Every argument is known: nothing to compute or allocate per evaluation.
            let arguments = constants.map { $0! }
            return make(result, range: range, children: checkedArguments, constant: false) { context, state in
                arguments.withUnsafeBufferPointer { called($0, context, &state) }
            }
        }
        let evaluators = checkedArguments.map(\.evaluate)
        return make(result, range: range, children: checkedArguments, constant: false) { context, state in
            // The arguments live on the stack: a heap array per evaluation would cost more than
            // the call itself.
            withUnsafeTemporaryAllocation(of: Value.self, capacity: evaluators.count) { buffer in
                for (index, evaluate) in evaluators.enumerated() {
                    buffer.initializeElement(at: index, to: converted(evaluate(context, &state), index))
                }
                defer { buffer.deinitialize() }
                return called(UnsafeBufferPointer(buffer), context, &state)
            }
        }
    }
}
