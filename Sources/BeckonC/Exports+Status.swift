public import CBeckon  // public: the @_cdecl exports are this module's C ABI and must stay visible
import BeckonCore
import BeckonRuntime

// `beckon_subject_status`: the answer of `beckon status --json`, built by the runtime's
// StatusReport as the CLI builds it.

@_cdecl("beckon_subject_status")
public func beckonSubjectStatus(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?,
                                _ tips: UnsafePointer<beckon_string>?, _ tipCount: Int,
                                _ result: UnsafeMutablePointer<beckon_sink>?, _ errorOut: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    let call: Call
    switch CBridge.decode(engine, request, result) {
    case .failure(let failure): return CBridge.fail(failure, errorOut)
    case .success(let decoded): call = decoded.1
    }
    do throws(CallFailure) {
        let asked = tipCount > 0 ? try CBridge.ids(tips, tipCount, "tips") : nil
        let report: StatusReport
        do throws(EngineError) {
            report = try StatusReport.make(call.request, on: call.engine, tips: asked)
        } catch {
            throw CallFailure(error)
        }
        if CBridge.wantsAnswer(result) { report.withJSONText { CBridge.write($0, to: result) } }
        return BECKON_OK
    } catch {
        return CBridge.fail(error, errorOut)
    }
}

/// Fails to compile when the function above and its declaration in beckon.h disagree (see
/// SignatureChecks.swift). Never called.
@_optimize(none)
func checkStatusSignature() {
    _ = [beckon_subject_status as StatusOperation, beckonSubjectStatus]
}
