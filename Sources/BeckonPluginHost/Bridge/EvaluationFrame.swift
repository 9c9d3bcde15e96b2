internal import CBeckonPlugin
import BeckonRules

/// One plugin evaluation in progress: what `const beckon_eval *` points at. It lives on the
/// evaluating thread's stack for the duration of one `evaluate` call, which is exactly as long
/// as the ABI lets a plugin use it, so it holds its references unretained.
struct EvaluationFrame {
    unowned(unsafe) let context: any RuleContext
    /// The names the context can be asked for (parameters and events by id).
    let schema: UnsafePointer<RuleSchema>
    /// Strings handed across during this call, the result's included.
    var allocations = CAllocations()
    /// What the plugin put into the result sink, its string (if any) copied into `allocations`
    /// (a NULL pointer with a length kept as it was, for the message). Kept in its C form until
    /// the call returns, so that the frame stays a plain value that costs nothing to create and
    /// destroy; read (and checked) once, by `CValue.read`.
    var result = beckon_value()
    var hasResult = false
    /// Whether the plugin read the decision's instant (`eval_now`) during this call.
    var readsClock = false
    /// The earliest instant the plugin said its answer holds until (`eval_holds_until`);
    /// `Int64.min` when it did not say.
    var holdsUntil = Int64.min
    /// The call, when it runs under a time limit on a worker: the host's services then check
    /// that its caller still waits (the call owns this frame; the caller may have moved on).
    var timed: Unmanaged<TimedCall>?

    /// The frame an accessor was called with.
    static func at(_ eval: OpaquePointer?) -> UnsafeMutablePointer<EvaluationFrame> {
        UnsafeMutablePointer<EvaluationFrame>(eval!)
    }

    /// Runs a host service on the frame `eval` names; for a timed call whose caller has given up,
    /// answers `fallback` without touching the caller's context.
    static func serve<R>(_ eval: OpaquePointer?, _ fallback: R, _ body: (UnsafeMutablePointer<EvaluationFrame>) -> R) -> R {
        let frame = at(eval)
        guard let timed = frame.pointee.timed else { return body(frame) }
        return timed.takeUnretainedValue().whileWaited(fallback) { body(frame) }
    }
}

extension UnsafeMutablePointer<EvaluationFrame> {
    /// The decision's instant, noting that the answer may depend on it.
    func readClock() -> Int64 {
        pointee.readsClock = true
        return pointee.context.now
    }

    /// The plugin says its answer holds until `instant`; the earliest said counts.
    func holds(until instant: Int64) {
        if pointee.holdsUntil == .min || instant < pointee.holdsUntil { pointee.holdsUntil = instant }
    }

    func subject() -> beckon_string {
        pointee.allocations.copy(pointee.context.subject)
    }

    func appVersion() -> beckon_string {
        guard let version = pointee.context.appVersion else { return beckon_string(ptr: nil, len: 0) }
        return pointee.allocations.copy(version.description)
    }

    func parameter(_ name: beckon_string, into value: UnsafeMutablePointer<beckon_value>?) -> beckon_status {
        guard let value else { return beckon_status(BECKON_INVALID_ARGUMENT) }
        guard let id = CValue.string(name), let parameter = pointee.schema.pointee.parameters[id] else {
            return beckon_status(BECKON_NOT_FOUND)
        }
        guard let converted = CValue.make(pointee.context.parameter(parameter.slot), allocations: &pointee.allocations) else {
            return beckon_status(BECKON_UNSUPPORTED)
        }
        value.pointee = converted
        return beckon_status(BECKON_OK)
    }

    func event(_ name: beckon_string, into stats: UnsafeMutablePointer<beckon_event_stats>?) -> beckon_status {
        guard let stats else { return beckon_status(BECKON_INVALID_ARGUMENT) }
        guard let id = CValue.string(name), let event = pointee.schema.pointee.events[id] else {
            return beckon_status(BECKON_NOT_FOUND)
        }
        let summary = pointee.context.eventSummary(event.slot)
        var filled = beckon_event_stats()
        filled.struct_size = UInt32(MemoryLayout<beckon_event_stats>.size)
        filled.count = summary.count
        filled.has_donations = summary.first != nil
        filled.first = summary.first ?? 0
        filled.last = summary.last ?? 0
        stats.pointee = filled
        return beckon_status(BECKON_OK)
    }

    func eventCount(_ name: beckon_string, since: Int64, into count: UnsafeMutablePointer<Int64>?) -> beckon_status {
        guard let count else { return beckon_status(BECKON_INVALID_ARGUMENT) }
        guard let id = CValue.string(name), let event = pointee.schema.pointee.events[id] else {
            return beckon_status(BECKON_NOT_FOUND)
        }
        let log = pointee.context.donations(event.slot)
        count.pointee = Int64(log.times.count - log.firstIndex(atOrAfter: since))
        return beckon_status(BECKON_OK)
    }
}
