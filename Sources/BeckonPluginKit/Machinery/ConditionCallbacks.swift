import CBeckonPlugin

/// A bound call site as the host holds it: the `call_state` is a retained `ConditionBox`.
final class ConditionBox: Sendable {
    let condition: PluginCondition

    init(_ condition: PluginCondition) {
        self.condition = condition
    }
}

/// The C callbacks of every `beckon_condition` the kit builds. `bind` is per slot (the ABI does
/// not say which condition is bound) and stores the condition as the call state, so that the one
/// shared `evaluate` finds it there.
enum ConditionCallbacks {
    typealias Bind = @convention(c) (UnsafeMutableRawPointer?, UnsafePointer<beckon_value>?, UnsafePointer<Bool>?, Int,
                                     UnsafeMutablePointer<UnsafeMutableRawPointer?>?, UnsafeMutablePointer<beckon_error>?) -> beckon_status

    /// One `bind` per slot (see `Slots`).
    static let bind: [Bind] = [
        { bindCall(slot: 0, $4, $5) }, { bindCall(slot: 1, $4, $5) }, { bindCall(slot: 2, $4, $5) }, { bindCall(slot: 3, $4, $5) },
        { bindCall(slot: 4, $4, $5) }, { bindCall(slot: 5, $4, $5) }, { bindCall(slot: 6, $4, $5) }, { bindCall(slot: 7, $4, $5) },
        { bindCall(slot: 8, $4, $5) }, { bindCall(slot: 9, $4, $5) }, { bindCall(slot: 10, $4, $5) }, { bindCall(slot: 11, $4, $5) },
        { bindCall(slot: 12, $4, $5) }, { bindCall(slot: 13, $4, $5) }, { bindCall(slot: 14, $4, $5) }, { bindCall(slot: 15, $4, $5) },
        { bindCall(slot: 16, $4, $5) }, { bindCall(slot: 17, $4, $5) }, { bindCall(slot: 18, $4, $5) }, { bindCall(slot: 19, $4, $5) },
        { bindCall(slot: 20, $4, $5) }, { bindCall(slot: 21, $4, $5) }, { bindCall(slot: 22, $4, $5) }, { bindCall(slot: 23, $4, $5) },
        { bindCall(slot: 24, $4, $5) }, { bindCall(slot: 25, $4, $5) }, { bindCall(slot: 26, $4, $5) }, { bindCall(slot: 27, $4, $5) },
        { bindCall(slot: 28, $4, $5) }, { bindCall(slot: 29, $4, $5) }, { bindCall(slot: 30, $4, $5) }, { bindCall(slot: 31, $4, $5) },
    ]

    static func bindCall(slot: Int, _ callState: UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                         _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
        guard let callState else { return PluginError.invalidArgument("bind: the call-state out-pointer is NULL").report(to: error) }
        guard let condition = Slots.condition(slot) else { return PluginError.internal("bind: no condition in slot \(slot)").report(to: error) }
        callState.pointee = Unmanaged.passRetained(ConditionBox(condition)).toOpaque()
        return BECKON_OK
    }

    static let unbind: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void = { _, callState in
        guard let callState else { return }
        Unmanaged<ConditionBox>.fromOpaque(callState).release()
    }

    static let evaluate: @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, OpaquePointer?, UnsafePointer<beckon_value>?, Int,
                                         UnsafeMutablePointer<beckon_value_sink>?, UnsafeMutablePointer<beckon_error>?) -> beckon_status = {
        pluginState, callState, eval, args, count, result, error in
        guard let callState else { return PluginError.internal("evaluate: the call was not bound by this plugin").report(to: error) }
        guard let host = PluginRuntime.host(pluginState) else { return PluginError.internal("evaluate: the plugin was not initialized").report(to: error) }
        let condition = Unmanaged<ConditionBox>.fromOpaque(callState).takeUnretainedValue().condition
        let arguments = args.map { args in (0..<count).map { PluginValue(args[$0]) } } ?? []
        do throws(PluginError) {
            let value = try condition.evaluate(PluginConditionCall(arguments: arguments, host: host, eval: eval))
            if value == .null { return BECKON_OK }  // not calling `put` means null
            guard let result, let put = result.pointee.put else { return PluginError.invalidArgument("evaluate: the result sink is NULL").report(to: error) }
            let status = value.withBorrowed { value in withUnsafePointer(to: value) { put(result, $0) } }
            if status != BECKON_OK {
                setBeckonError(error, message: "the host refused the result \(value) of '\(condition.name)' (\(PluginStatus(rawValue: status)))")
            }
            return status
        } catch let failure {
            return failure.report(to: error)
        }
    }
}
