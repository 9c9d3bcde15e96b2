public import CBeckon  // public: the @_cdecl exports are this module's C ABI and must stay visible
import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime

// The operations of beckon.h, each a thin shell over one `TraceOperation`: the same engine
// calls and the same JSON answers as `beckon ... --json`. Signatures are checked against the
// header in SignatureChecks.swift.

@_cdecl("beckon_tip_status")
public func beckonTipStatus(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ tip: beckon_string,
                            _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.tipStatus(engine, request, tip, result, error)
}

@_cdecl("beckon_tip_display")
public func beckonTipDisplay(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ tip: beckon_string,
                             _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .tipDisplay(try CBridge.id(tip, "tip")) }
}

@_cdecl("beckon_tip_shown")
public func beckonTipShown(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ tip: beckon_string, _ duration: Int64,
                           _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in
        guard duration >= 0 else { throw CallFailure(BECKON_INVALID_ARGUMENT, "duration must not be negative, not \(duration) ms") }
        return .tipShown(try CBridge.id(tip, "tip"), duration: duration)
    }
}

@_cdecl("beckon_tip_invalidate")
public func beckonTipInvalidate(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ tip: beckon_string, _ reason: beckon_string,
                                _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in
        let text = CBridge.string(reason) ?? ""
        guard let parsed = HostInvalidationReason(rawValue: text) else {
            let reasons = HostInvalidationReason.allCases.map(\.rawValue).joined(separator: ", ")
            throw CallFailure(BECKON_INVALID_ARGUMENT, "reason must be one of \(reasons), not '\(text)'")
        }
        return .tipInvalidate(try CBridge.id(tip, "tip"), reason: parsed.reason)
    }
}

@_cdecl("beckon_tip_reset")
public func beckonTipReset(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ tip: beckon_string,
                           _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .tipReset(try CBridge.id(tip, "tip")) }
}

@_cdecl("beckon_group_current")
public func beckonGroupCurrent(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ group: beckon_string,
                               _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .groupCurrent(try CBridge.id(group, "group")) }
}

@_cdecl("beckon_donate")
public func beckonDonate(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ event: beckon_string,
                         _ info: UnsafePointer<UnsafePointer<beckon_field>?>?, _ infoCount: Int,
                         _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { serving throws(CallFailure) in
        var fields: [(name: String, text: String)] = []
        for index in 0..<max(infoCount, 0) {
            guard let field = info?[index] else { throw CallFailure(BECKON_INVALID_ARGUMENT, "info[\(index)] is NULL") }
            guard field.pointee.struct_size >= MemoryLayout<beckon_field>.size,
                  let name = CBridge.string(field.pointee.name), let text = CBridge.string(field.pointee.value) else {
                throw CallFailure(BECKON_INVALID_ARGUMENT, "info[\(index)] is not a beckon_field of UTF-8 strings")
            }
            fields.append((name, text))
        }
        let id = try CBridge.id(event, "event")
        do throws(EngineError) {
            return try serving.runtime.donation(of: id, info: fields)
        } catch {
            throw CallFailure(error)
        }
    }
}

@_cdecl("beckon_parameter_set")
public func beckonParameterSet(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ parameter: beckon_string, _ value: beckon_string,
                               _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { serving throws(CallFailure) in
        let name = try CBridge.id(parameter, "parameter")
        guard let text = CBridge.string(value) else { throw CallFailure(BECKON_INVALID_ARGUMENT, "value is not UTF-8") }
        do throws(EngineError) {
            return try serving.runtime.assignment(of: name, text: text)
        } catch {
            throw CallFailure(error)
        }
    }
}

@_cdecl("beckon_parameter_get")
public func beckonParameterGet(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ parameter: beckon_string,
                               _ result: UnsafeMutablePointer<beckon_sink>?, _ errorOut: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.answer(engine, request, result, errorOut) { call throws(CallFailure) in
        let name = try CBridge.id(parameter, "parameter")
        do throws(EngineError) {
            return try OperationRunner.parameter(name, call.request, on: call.engine)
        } catch {
            throw CallFailure(error)
        }
    }
}

/// Fails to compile when a function above and its declaration in beckon.h disagree (see
/// SignatureChecks.swift). Never called.
@_optimize(none)
func checkOperationSignatures() {
    _ = [beckon_tip_status as IdOperation, beckonTipStatus]
    _ = [beckon_tip_display as IdOperation, beckonTipDisplay]
    _ = [beckon_tip_shown as ShownOperation, beckonTipShown]
    _ = [beckon_tip_invalidate as IdTextOperation, beckonTipInvalidate]
    _ = [beckon_tip_reset as IdOperation, beckonTipReset]
    _ = [beckon_group_current as IdOperation, beckonGroupCurrent]
    _ = [beckon_donate as DonateOperation, beckonDonate]
    _ = [beckon_parameter_set as IdTextOperation, beckonParameterSet]
    _ = [beckon_parameter_get as IdOperation, beckonParameterGet]
}
