public import CBeckon  // public: the @_cdecl exports are this module's C ABI and must stay visible
import BeckonCore
import BeckonDiagnostics
import BeckonRuntime
import BeckonRules

// The typed path (ABI 1.1): ids resolved once into handles, decisions written into the caller's
// structs with codes instead of JSON and sentences. The same engine decisions as the JSON
// functions, so the same answers; tips are decided by slot (the handle keeps its tip's slot in the
// serving configuration, looked up again once after a reload), a batch on one read of the record.

@_cdecl("beckon_resolve_tip")
public func beckonResolveTip(_ engine: OpaquePointer?, _ tip: beckon_string, _ handle: UnsafeMutablePointer<beckon_handle>?,
                             _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    resolve(engine, tip, "tip", handle, error) { ($0.tipHandles, $1.configuration.tips.ids) }
}

@_cdecl("beckon_resolve_group")
public func beckonResolveGroup(_ engine: OpaquePointer?, _ group: beckon_string, _ handle: UnsafeMutablePointer<beckon_handle>?,
                               _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    resolve(engine, group, "group", handle, error) { ($0.groupHandles, $1.configuration.groups.ids) }
}

@_cdecl("beckon_resolve_scenario")
public func beckonResolveScenario(_ engine: OpaquePointer?, _ scenario: beckon_string, _ handle: UnsafeMutablePointer<beckon_handle>?,
                                  _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    resolve(engine, scenario, "scenario", handle, error) { ($0.scenarioHandles, $1.configuration.scenarios.ids) }
}

@_cdecl("beckon_resolve_parameter")
public func beckonResolveParameter(_ engine: OpaquePointer?, _ parameter: beckon_string, _ handle: UnsafeMutablePointer<beckon_handle>?,
                                   _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    resolve(engine, parameter, "parameter", handle, error) { ($0.parameterHandles, $1.configuration.parameters.ids) }
}

@_cdecl("beckon_tip_check")
public func beckonTipCheck(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ tip: beckon_handle,
                           _ result: UnsafeMutablePointer<beckon_tip_result>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    // The common call (a plain request, a valid handle and result) decoded on its own; anything
    // else, the general decoding, which also says what is wrong.
    if let result, let size = try? TypedResult.size(of: result, "result"), let decided = PlainCall.tipBrief(engine, request, tip) {
        switch decided {
        case .success(let brief):
            result.pointee = beckon_tip_result(brief, size: size)
            return BECKON_OK
        case .failure(let refusal):
            return CBridge.fail(CallFailure(refusal), error)
        }
    }
    return typed(engine, request, error) { embedded, call throws(CallFailure) in
        let size = try TypedResult.size(of: result, "result")
        let slot = try embedded.tipHandles.slot(of: tip, in: call.engine, "tip", tipSlot)
        result?.pointee = beckon_tip_result(try decide { () throws(EngineError) in TipBrief(try call.engine.tipVerdict(slot: slot, call.request)) }, size: size)
    }
}

@_cdecl("beckon_tip_check_status")
public func beckonTipCheckStatus(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ tip: beckon_handle) -> Int32 {
    if let decided = PlainCall.tipBrief(engine, request, tip) {
        switch decided {
        case .success(let brief): return beckon_tip_result.status(brief.status)
        case .failure(let error): return -CBridge.status(of: error)
        }
    }
    var result = beckon_tip_result()
    result.struct_size = UInt32(MemoryLayout<beckon_tip_result>.size)
    let status = beckonTipCheck(engine, request, tip, &result, nil)
    return status == BECKON_OK ? result.status : -status
}

@_cdecl("beckon_tip_check_many")
public func beckonTipCheckMany(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ tips: UnsafePointer<beckon_handle>?,
                               _ count: Int, _ results: UnsafeMutablePointer<beckon_tip_result>?,
                               _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    let errorOut = error
    // A plain request decoded on its own, as `beckon_tip_check` does; anything else, the general decoding.
    if let embedded = EmbeddedEngine.from(engine), let plain = PlainCall(embedded, request), let decoded = plain.request() {
        do throws(CallFailure) {
            try checkMany(embedded, embedded.runtimes.serving.runtime.engine, decoded, tips, count, results)
            return BECKON_OK
        } catch {
            return CBridge.fail(error, errorOut)
        }
    }
    return typed(engine, request, error) { embedded, call throws(CallFailure) in
        try checkMany(embedded, call.engine, call.request, tips, count, results)
    }
}

/// `beckon_tip_check_many` once its request is decoded: every tip decided on one read of the
/// subject's record (by the fast path when it decides them all), the results written after.
private func checkMany(_ embedded: EmbeddedEngine, _ engine: Engine, _ request: DecisionRequest, _ tips: UnsafePointer<beckon_handle>?,
                       _ count: Int, _ results: UnsafeMutablePointer<beckon_tip_result>?) throws(CallFailure) {
    guard count > 0 else { return }
    guard let tips else { throw CallFailure(BECKON_INVALID_ARGUMENT, "tips is NULL") }
    let stride = try TypedResult.size(of: results, "results[0]")
    let base = UnsafeMutableRawPointer(results!)
    let slots = try embedded.tipHandles.slots(of: tips, count: count, in: engine, "tips", tipSlot)
    let verdicts = try decide { () throws(EngineError) in try engine.tipVerdicts(slots: slots, request) }
    for (index, verdict) in verdicts.enumerated() {
        (base + index * Int(stride)).assumingMemoryBound(to: beckon_tip_result.self).pointee = beckon_tip_result(verdict, size: stride)
    }
}

@_cdecl("beckon_group_check")
public func beckonGroupCheck(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ group: beckon_handle,
                             _ result: UnsafeMutablePointer<beckon_group_result>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    typed(engine, request, error) { embedded, call throws(CallFailure) in
        let size = try TypedResult.size(of: result, "result")
        let id = try embedded.groupHandles.id(of: group, "group")
        let decision = try decide { () throws(EngineError) in try call.engine.groupCurrent(id, call.request) }
        result?.pointee = beckon_group_result(struct_size: size, current: decision.current.map(embedded.tipHandles.handle(for:)) ?? 0,
                                              revisit_at: decision.revisitAt ?? Int64.min)
    }
}

@_cdecl("beckon_scenario_check")
public func beckonScenarioCheck(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ scenario: beckon_handle,
                                _ result: UnsafeMutablePointer<beckon_scenario_result>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    typed(engine, request, error) { embedded, call throws(CallFailure) in
        let size = try TypedResult.size(of: result, "result")
        let id = try embedded.scenarioHandles.id(of: scenario, "scenario")
        result?.pointee = beckon_scenario_result(try decide { () throws(EngineError) in try call.engine.scenarioStatus(id, call.request) }, size: size)
    }
}

@_cdecl("beckon_scenario_attempt")
public func beckonScenarioAttempt(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ scenario: beckon_handle,
                                  _ result: UnsafeMutablePointer<beckon_scenario_result>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    typed(engine, request, error) { embedded, call throws(CallFailure) in
        let size = try TypedResult.size(of: result, "result")
        let id = try embedded.scenarioHandles.id(of: scenario, "scenario")
        result?.pointee = beckon_scenario_result(try decide { () throws(EngineError) in try call.engine.tryScenario(id, call.request) }, size: size)
    }
}

// MARK: Helpers

/// Resolves `view` into a handle of the table `pick` chooses, when the serving configuration declares it.
private func resolve(_ engine: OpaquePointer?, _ view: beckon_string, _ kind: String, _ handle: UnsafeMutablePointer<beckon_handle>?,
                     _ errorOut: UnsafeMutablePointer<beckon_error>?, _ pick: (EmbeddedEngine, Engine) -> (HandleTable, [String])) -> beckon_status {
    guard let embedded = EmbeddedEngine.from(engine) else { return CBridge.fail(BECKON_INVALID_ARGUMENT, "engine is NULL", errorOut) }
    guard let handle else { return CBridge.fail(BECKON_INVALID_ARGUMENT, "handle is NULL", errorOut) }
    let id: String
    do throws(CallFailure) { id = try CBridge.id(view, kind) } catch { return CBridge.fail(error, errorOut) }
    let (table, declared) = pick(embedded, embedded.runtimes.current.engine)
    guard declared.contains(id) else {
        return CBridge.fail(CallFailure(EngineError.undeclared(kind: kind, id: id, suggestion: NameSuggester.suggestion(for: id, among: declared))), errorOut)
    }
    handle.pointee = table.handle(for: id)
    return BECKON_OK
}

/// Decodes a typed call (no sink) and runs `body`, which writes the caller's result.
private func typed(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ errorOut: UnsafeMutablePointer<beckon_error>?,
                   _ body: (EmbeddedEngine, Call) throws(CallFailure) -> Void) -> beckon_status {
    switch CBridge.decode(engine, request, nil, readingLocale: false) {
    case .failure(let failure): return CBridge.fail(failure, errorOut)
    case .success(let (embedded, call)):
        do throws(CallFailure) {
            try body(embedded, call)
            return BECKON_OK
        } catch {
            return CBridge.fail(error, errorOut)
        }
    }
}

/// A typed call whose request asks for nothing beyond a subject, an instant, an app version and
/// typed transient parameters (a 1.0 request, or a whole 1.1, 1.2 or 1.3 one whose other members
/// are empty), decoded with no allocation and no `String`: the subject stays the host's bytes,
/// which the fast path looks up as they are, and the typed transients are checked into a buffer
/// on the stack. Nil for anything else, which the general decoding then reports or serves (a
/// request cut short of its last member is served there too, with the same answers).
private struct PlainCall {
    /// The subject's UTF-8 as the host sent it (not empty; not validated yet).
    let subject: UnsafeRawBufferPointer
    /// The decision's instant: the request's, else the engine's clock, else the wall clock.
    let now: Int64
    let version: Version?
    /// The request's typed transient parameters (ABI 1.3), not checked yet.
    let transients: UnsafeBufferPointer<beckon_transient>

    /// The size of a 1.0 request (`BECKON_REQUEST_SIZE_1_0`), as a constant: a static property
    /// computed from a key path's offset costs a `swift_once` on every read.
    private static let version10Size = 48

    @inline(__always)
    init?(_ embedded: EmbeddedEngine, _ request: UnsafePointer<beckon_request>?) {
        assert(Self.version10Size == RequestExtensions.version10Size, "BECKON_REQUEST_SIZE_1_0 moved")
        assert(Self.version11Size == MemoryLayout<beckon_request>.offset(of: \.flags)! + 4, "beckon_request.flags moved")
        assert(Self.version13Size == RequestExtensions.version13Size, "beckon_request.typed_transient_count moved")
        guard let request, let transients = Self.plainTransients(request) else { return nil }
        let subjectView = request.pointee.subject
        guard subjectView.len > 0, subjectView.len <= SubjectID.maximumBytes, let subjectBytes = subjectView.ptr else { return nil }
        // Read as `EmbeddedEngine.version(_: beckon_string)` reads it, without its messages (the
        // general decoding reports a bad version): calling that throwing form cost this call
        // 39 to 58 instructions more (`beckon-bench embedding --call typed --instructions`).
        var version: Version?
        let versionView = request.pointee.app_version
        if versionView.len > 0 {
            guard let pointer = versionView.ptr,
                  let parsed = embedded.version(utf8: UnsafeRawBufferPointer(start: pointer, count: versionView.len)) else { return nil }
            version = parsed
        }
        let now = request.pointee.now
        guard now == Int64.min || TimestampSyntax.instants.contains(now) else { return nil }
        self.subject = UnsafeRawBufferPointer(start: subjectBytes, count: subjectView.len)
        self.now = embedded.instant(now)
        self.version = version
        self.transients = transients
    }

    /// The request as the engine takes it; nil when the subject is not UTF-8 or the request has
    /// typed transients (the general decoding reports the one and checks the other).
    func request() -> DecisionRequest? {
        guard transients.isEmpty, let subject = CBridge.string(beckon_string(ptr: subject.baseAddress!.assumingMemoryBound(to: CChar.self), len: subject.count))
        else { return nil }
        return DecisionRequest(subject: subject, now: now, appVersion: version)
    }

    /// The brief verdict on the tip `tip` names, by the serving configuration (the fast path
    /// when it decides it, found by the subject's bytes), or the engine's refusal; nil when the
    /// general decoding must serve the call: a handle never issued or whose id the serving
    /// configuration does not declare, a subject that is not UTF-8 (it reports them).
    @inline(__always)
    func tipBrief(_ tip: beckon_handle, _ embedded: EmbeddedEngine) -> Result<TipBrief, EngineError>? {
        // The fast path on the serving runtime borrowed (a reload waits for it), not retained: it
        // reads the memory store and calls nothing else.
        let fast = embedded.runtimes.withServing { serving -> TipBrief? in
            let engine = serving.runtime.engine
            guard let slot = try? embedded.tipHandles.slot(of: tip, in: engine, "tip", tipSlot) else { return nil }
            if transients.isEmpty { return engine.fastTipBrief(slot: slot, subject: subject, now: now) }
            // Typed transients that do not check are reported by the general decoding.
            return try? TypedTransients(values: transients).withChecked(engine, handles: embedded.parameterHandles) { checked in
                engine.fastTipBrief(slot: slot, subject: subject, now: now, transients: checked)
            }
        }
        if let fast { return .success(fast) }
        // The general path on the serving runtime held (its store and plugins may take long).
        let engine = embedded.runtimes.serving.runtime.engine
        guard let slot = try? embedded.tipHandles.slot(of: tip, in: engine, "tip", tipSlot), let request = request() else { return nil }
        do throws(EngineError) { return .success(TipBrief(try engine.tipVerdict(slot: slot, request))) } catch { return .failure(error) }
    }

    /// `tipBrief(_:_:)` for a plain call on the engine behind `engine` (borrowed, not retained);
    /// nil when the call is not plain or the general decoding must serve it.
    @inline(__always)
    static func tipBrief(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ tip: beckon_handle) -> Result<TipBrief, EngineError>? {
        EmbeddedEngine.borrowing(engine) { embedded in
            guard let embedded, let plain = PlainCall(embedded, request) else { return nil }
            return plain.tipBrief(tip, embedded)
        }
    }

    /// The typed transients of a plain request: a 1.0 one (none), or a whole 1.1 or 1.2 one
    /// (none) or 1.3 or 1.4 one whose other members ask for nothing (no text transients, no testing
    /// overrides; the report-changes flag means nothing to a check). Nil for any other request.
    @inline(__always)
    private static func plainTransients(_ request: UnsafePointer<beckon_request>) -> UnsafeBufferPointer<beckon_transient>? {
        let none = UnsafeBufferPointer<beckon_transient>(start: nil, count: 0)
        let size = Int(request.pointee.struct_size)
        guard size >= version11Size else { return size == version10Size ? none : nil }
        let testing = UInt32(BECKON_REQUEST_SHOW_ALL_TIPS) | UInt32(BECKON_REQUEST_HIDE_ALL_TIPS)
        guard request.pointee.transient_count == 0 && request.pointee.testing_show_count == 0
            && request.pointee.testing_hide_count == 0 && request.pointee.flags & testing == 0 else { return nil }
        guard size >= version13Size, request.pointee.typed_transient_count > 0 else { return none }
        guard let values = request.pointee.typed_transients else { return nil }
        return UnsafeBufferPointer(start: values, count: request.pointee.typed_transient_count)
    }

    /// The size of a whole 1.1 (and 1.2) request, up to and with `flags`, as a constant (see
    /// `version10Size`).
    private static let version11Size = 100
    /// The size of a whole 1.3 request, up to and with `typed_transient_count`, as a constant. A
    /// 1.4 request's `locale` means nothing to a typed call, which answers no text.
    private static let version13Size = 120
}

/// A tip's slot in `engine`, looked up by id (what a tip handle's slot is resolved with).
private func tipSlot(_ engine: Engine, _ id: String) throws(EngineError) -> Int {
    try engine.tipSlot(of: id)
}

/// An engine decision, its error as the call's failure.
private func decide<T>(_ body: () throws(EngineError) -> T) throws(CallFailure) -> T {
    do throws(EngineError) { return try body() } catch { throw CallFailure(error) }
}

typealias TipCheckStatusOperation = @convention(c) (OpaquePointer?, UnsafePointer<beckon_request>?, beckon_handle) -> Int32

/// Fails to compile when a function above and its declaration in beckon.h disagree (see
/// SignatureChecks.swift). Never called.
@_optimize(none)
func checkTypedSignatures() {
    _ = [beckon_resolve_tip as ResolveOperation, beckonResolveTip]
    _ = [beckon_resolve_group as ResolveOperation, beckonResolveGroup]
    _ = [beckon_resolve_scenario as ResolveOperation, beckonResolveScenario]
    _ = [beckon_resolve_parameter as ResolveOperation, beckonResolveParameter]
    _ = [beckon_tip_check as TipCheckOperation, beckonTipCheck]
    _ = [beckon_tip_check_many as TipCheckManyOperation, beckonTipCheckMany]
    _ = [beckon_tip_check_status as TipCheckStatusOperation, beckonTipCheckStatus]
    _ = [beckon_group_check as GroupCheckOperation, beckonGroupCheck]
    _ = [beckon_scenario_check as ScenarioCheckOperation, beckonScenarioCheck]
    _ = [beckon_scenario_attempt as ScenarioCheckOperation, beckonScenarioAttempt]
}
