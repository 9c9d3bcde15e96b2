internal import CBeckonPlugin
import BeckonRules

/// A plugin's condition as the rule checker sees it: binding a call site asks the plugin's
/// `bind` (once, at load) and returns the call that evaluation goes straight to.
final class PluginCondition: RuleFunction, @unchecked Sendable {
    // @unchecked: `raw` is the plugin's static, immutable descriptor.
    let raw: UnsafePointer<beckon_condition>
    /// The plugin, kept alive (not shut down) while any of its calls is bound.
    let instance: PluginInstance
    /// `NAMESPACE.NAME`, for messages.
    let qualifiedName: String
    let parameters: [ValueType]
    /// Set when the condition or its plugin asks to be serialized.
    let gate: CallGate?
    /// Set when its plugin's entry limits how long a call may take (`timeout:`).
    let timeLimit: CallTimeLimit?

    init(raw: UnsafePointer<beckon_condition>, instance: PluginInstance, qualifiedName: String,
         parameters: [ValueType], gate: CallGate?, timeLimit: CallTimeLimit? = nil) {
        self.raw = raw
        self.instance = instance
        self.qualifiedName = qualifiedName
        self.parameters = parameters
        self.gate = gate
        self.timeLimit = timeLimit
    }

    func bind(constants: [Value?], schema: RuleSchema) -> Result<any RuleFunctionCall, RuleCallError> {
        var allocations = CAllocations()
        var values: [beckon_value] = []
        for constant in constants {
            // Lists never reach here: the checker only accepts the declared scalar types.
            values.append(constant.flatMap { CValue.make($0, allocations: &allocations) } ?? beckon_value())
        }
        let known = constants.map { $0 != nil }
        var callState: UnsafeMutableRawPointer?
        if let bind = raw.pointee.bind {
            let failure: RuleCallError? = CallGate.lifecycle.run {
                CError.with { error in
                    let status = bind(instance.state, values, known, values.count, &callState, error)
                    guard status != BECKON_OK else { return nil }
                    return RuleCallError(message: CError.message(error, status: status),
                                         argument: Self.argument(pointer: CError.jsonPointer(error), count: values.count))
                }
            }
            if let failure {
                allocations.free()
                return .failure(failure)
            }
        }
        let call = PluginConditionCall(condition: self, callState: callState, schema: schema,
                                       constants: known.allSatisfy { $0 } ? values : nil, allocations: allocations)
        guard let timeLimit else { return .success(call) }
        return .success(TimedConditionCall(call, limit: timeLimit, qualifiedName: qualifiedName))
    }

    /// The argument a `bind` refusal points at ("/1" is the second, ABI 1.1); nil for an empty
    /// pointer, or one that names no argument of this call (the whole call is shown then).
    static func argument(pointer: String, count: Int) -> Int? {
        guard pointer.hasPrefix("/"), let index = Int(pointer.dropFirst()), (0..<count).contains(index),
              pointer == "/\(index)" else { return nil }
        return index
    }
}

/// One bound call site. When every argument is constant, their C form is built once and
/// reused by every evaluation (read-only, so shared across threads).
final class PluginConditionCall: RuleFunctionCall, @unchecked Sendable {
    // @unchecked: every stored property is immutable after init; the call state belongs to the
    // plugin, which the ABI requires to accept concurrent evaluations unless it set SERIALIZE.
    private let condition: PluginCondition
    private let evaluateFunction: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, OpaquePointer?,
                                                  UnsafePointer<beckon_value>?, Int, UnsafeMutablePointer<beckon_value_sink>?,
                                                  UnsafeMutablePointer<beckon_error>?) -> beckon_status
    private let callState: UnsafeMutableRawPointer?
    // Copied out of `condition`, so that an evaluation reads them without touching (and
    // retaining) the objects they come from.
    private let pluginState: UnsafeMutableRawPointer?
    private let gate: CallGate?
    private let schema: UnsafeMutablePointer<RuleSchema>
    private let constants: UnsafeMutableBufferPointer<beckon_value>?
    private var allocations: CAllocations

    init(condition: PluginCondition, callState: UnsafeMutableRawPointer?, schema: RuleSchema, constants: [beckon_value]?,
         allocations: CAllocations) {
        self.condition = condition
        // Validated non-NULL before the plugin was accepted.
        self.evaluateFunction = condition.raw.pointee.evaluate!
        self.callState = callState
        self.pluginState = condition.instance.state
        self.gate = condition.gate
        self.schema = UnsafeMutablePointer.allocate(capacity: 1)
        self.schema.initialize(to: schema)
        if let constants {
            let buffer = UnsafeMutableBufferPointer<beckon_value>.allocate(capacity: max(constants.count, 1))
            _ = buffer.initialize(from: constants)
            self.constants = buffer
        } else {
            self.constants = nil
        }
        self.allocations = allocations
    }

    deinit {
        if let unbind = condition.raw.pointee.unbind {
            CallGate.lifecycle.run { unbind(condition.instance.state, callState) }
        }
        constants?.deallocate()
        schema.deinitialize(count: 1)
        schema.deallocate()
        allocations.free()
    }

    func evaluate(_ arguments: UnsafeBufferPointer<Value>, context: any RuleContext) -> Result<Value, RuleCallError> {
        var frame = EvaluationFrame(context: context, schema: UnsafePointer(schema))
        defer { frame.allocations.free() }
        return evaluate(arguments, frame: &frame)
    }

    /// Until when the answer holds: what the plugin said (`eval_holds_until`); else forever for
    /// a PURE condition that did not read the instant (its answer depends on its inputs only);
    /// else not known (the rule's answer may then change at the next millisecond).
    func evaluateWithLifetime(_ arguments: UnsafeBufferPointer<Value>,
                              context: any RuleContext) -> (result: Result<Value, RuleCallError>, holdsUntil: Int64?) {
        var frame = EvaluationFrame(context: context, schema: UnsafePointer(schema))
        defer { frame.allocations.free() }
        let result = evaluate(arguments, frame: &frame)
        return (result, lifetime(holdsUntil: frame.holdsUntil, readsClock: frame.readsClock))
    }

    @inline(__always)
    private func lifetime(holdsUntil: Int64, readsClock: Bool) -> Int64? {
        if holdsUntil != .min { return holdsUntil }
        let pure = condition.raw.pointee.flags & UInt32(BECKON_CONDITION_PURE) != 0
        return pure && !readsClock ? Int64.max : nil
    }

    /// The evaluation of a timed call, on its worker: with a frame of the worker's own, over the
    /// call's copy of the arguments, its host services checking that the caller still waits.
    func evaluate(_ call: TimedCall) -> TimedCall.Outcome {
        var frame = EvaluationFrame(context: call.context, schema: UnsafePointer(schema))
        frame.timed = Unmanaged.passUnretained(call)
        defer { frame.allocations.free() }
        let result = call.arguments.withUnsafeBufferPointer { evaluate($0, frame: &frame) }
        return TimedCall.Outcome(result: result, holdsUntil: lifetime(holdsUntil: frame.holdsUntil, readsClock: frame.readsClock))
    }

    private func evaluate(_ arguments: UnsafeBufferPointer<Value>, frame: inout EvaluationFrame) -> Result<Value, RuleCallError> {
        if let constants {
            return call(UnsafePointer(constants.baseAddress!), count: arguments.count, frame: &frame)
        }
        // Up to four arguments (nearly every condition) in a tuple on the stack, which the
        // optimizer keeps inline; more in a temporary allocation.
        guard arguments.count <= 4 else {
            return withUnsafeTemporaryAllocation(of: beckon_value.self, capacity: arguments.count) { buffer in
                convert(arguments, into: buffer.baseAddress!, frame: &frame)
                return call(UnsafePointer(buffer.baseAddress!), count: arguments.count, frame: &frame)
            }
        }
        var small = (beckon_value(), beckon_value(), beckon_value(), beckon_value())
        return withUnsafeMutablePointer(to: &small) { tuple in
            tuple.withMemoryRebound(to: beckon_value.self, capacity: 4) { values in
                convert(arguments, into: values, frame: &frame)
                return call(UnsafePointer(values), count: arguments.count, frame: &frame)
            }
        }
    }

    /// The C form of each argument, strings copied into the frame's allocations.
    @inline(__always)
    private func convert(_ arguments: UnsafeBufferPointer<Value>, into values: UnsafeMutablePointer<beckon_value>, frame: inout EvaluationFrame) {
        for index in 0..<arguments.count {
            values[index] = CValue.make(arguments[index], allocations: &frame.allocations) ?? beckon_value()
        }
    }

    @inline(__always)
    private func call(_ arguments: UnsafePointer<beckon_value>, count: Int, frame: inout EvaluationFrame) -> Result<Value, RuleCallError> {
        let failure: String? = withUnsafeMutablePointer(to: &frame) { frame in
            var sink = beckon_value_sink(struct_size: UInt32(MemoryLayout<beckon_value_sink>.size),
                                         host_data: UnsafeMutableRawPointer(frame), put: putResult)
            return CError.with { error in
                let status = if let gate {
                    gate.run { evaluateFunction(pluginState, callState, OpaquePointer(frame), arguments, count, &sink, error) }
                } else {
                    evaluateFunction(pluginState, callState, OpaquePointer(frame), arguments, count, &sink, error)
                }
                return status == BECKON_OK ? nil : CError.message(error, status: status)
            }
        }
        if let failure { return .failure(RuleCallError(message: failure)) }
        guard frame.hasResult else { return .success(.null) }
        return CValue.read(frame.result).mapError { RuleCallError(message: $0.message(role: "result")) }
    }
}

/// The result sink: keeps the plugin's value in the frame, copying the bytes of a string, which
/// the plugin may free as soon as `put` returns, and answers INVALID_ARGUMENT for a value that is
/// not well formed (kept too, so that the rule's error says what is wrong with it). It reads only
/// the member the type names: the plugin has just written that member alone (a bool is one
/// byte), and reading the whole union back would stall on the store. A function, not a global
/// closure constant: reading a global would cost a lazy-initialization check on every evaluation.
private func putResult(_ sink: UnsafeMutablePointer<beckon_value_sink>?, _ value: UnsafePointer<beckon_value>?) -> beckon_status {
    guard let sink, let value, let data = sink.pointee.host_data else { return beckon_status(BECKON_INVALID_ARGUMENT) }
    let frame = data.assumingMemoryBound(to: EvaluationFrame.self)
    let type = value.pointee.type
    var kept = beckon_value()
    kept.type = type
    var wellFormed = true
    switch Int32(bitPattern: type) {
    case BECKON_TYPE_NULL:
        break
    case BECKON_TYPE_BOOL:
        kept.as.boolean = value.pointee.as.boolean
    case BECKON_TYPE_INT, BECKON_TYPE_DURATION, BECKON_TYPE_TIMESTAMP:
        kept.as.integer = value.pointee.as.integer
    case BECKON_TYPE_DOUBLE:
        kept.as.number = value.pointee.as.number
    case BECKON_TYPE_STRING, BECKON_TYPE_VERSION:
        let text = value.pointee.as.string
        kept.as.string = text.len == 0 || text.ptr != nil
            ? frame.pointee.allocations.copy(UnsafeRawBufferPointer(start: text.ptr, count: text.len)) : text
        // Checked now too (UTF-8, a version's form), so that the plugin learns at once.
        if case .failure = CValue.read(kept) { wellFormed = false }
    default:
        wellFormed = false
    }
    frame.pointee.result = kept
    frame.pointee.hasResult = true
    return beckon_status(wellFormed ? BECKON_OK : BECKON_INVALID_ARGUMENT)
}
