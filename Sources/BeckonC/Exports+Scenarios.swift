public import CBeckon  // public: the @_cdecl exports are this module's C ABI and must stay visible
import BeckonConfig
import BeckonCore
import BeckonRules
import BeckonRuntime

// Scenarios, what's new, explanations and reset: the rest of beckon.h's operations.

@_cdecl("beckon_scenario_trigger")
public func beckonScenarioTrigger(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ scenario: beckon_string,
                                  _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .scenarioTrigger(try CBridge.id(scenario, "scenario")) }
}

@_cdecl("beckon_scenario_try")
public func beckonScenarioTry(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ scenario: beckon_string,
                              _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .scenarioTry(try CBridge.id(scenario, "scenario")) }
}

@_cdecl("beckon_scenario_status")
public func beckonScenarioStatus(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ scenario: beckon_string,
                                 _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .scenarioStatus(try CBridge.id(scenario, "scenario")) }
}

@_cdecl("beckon_scenario_reset")
public func beckonScenarioReset(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ scenario: beckon_string,
                                _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .scenarioReset(try CBridge.id(scenario, "scenario")) }
}

@_cdecl("beckon_whatsnew_next")
public func beckonWhatsNewNext(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?,
                               _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .whatsNewNext }
}

@_cdecl("beckon_whatsnew_present")
public func beckonWhatsNewPresent(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?,
                                  _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .whatsNewPresent }
}

@_cdecl("beckon_whatsnew_mark")
public func beckonWhatsNewMark(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ version: beckon_string,
                               _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .whatsNewMark(try parsedVersion(version)) }
}

@_cdecl("beckon_whatsnew_unmark")
public func beckonWhatsNewUnmark(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ version: beckon_string,
                                 _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in
        .whatsNewUnmark(version.len == 0 ? nil : try parsedVersion(version))
    }
}

@_cdecl("beckon_explain_tip")
public func beckonExplainTip(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ tip: beckon_string,
                             _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .explainTip(try CBridge.id(tip, "tip")) }
}

@_cdecl("beckon_explain_scenario")
public func beckonExplainScenario(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?, _ scenario: beckon_string,
                                  _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .explainScenario(try CBridge.id(scenario, "scenario")) }
}

@_cdecl("beckon_reset_subject")
public func beckonResetSubject(_ engine: OpaquePointer?, _ request: UnsafePointer<beckon_request>?,
                               _ result: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    CBridge.perform(engine, request, result, error) { _ throws(CallFailure) in .resetAll }
}

/// A version argument ("2.3.0").
private func parsedVersion(_ view: beckon_string) throws(CallFailure) -> Version {
    let text = CBridge.string(view) ?? ""
    guard let version = Version(text) else { throw CallFailure(BECKON_INVALID_ARGUMENT, "version: \(Version.problem(with: text))") }
    return version
}

/// Fails to compile when a function above and its declaration in beckon.h disagree (see
/// SignatureChecks.swift). Never called.
@_optimize(none)
func checkScenarioSignatures() {
    _ = [beckon_scenario_trigger as IdOperation, beckonScenarioTrigger]
    _ = [beckon_scenario_try as IdOperation, beckonScenarioTry]
    _ = [beckon_scenario_status as IdOperation, beckonScenarioStatus]
    _ = [beckon_scenario_reset as IdOperation, beckonScenarioReset]
    _ = [beckon_whatsnew_next as SubjectOperation, beckonWhatsNewNext]
    _ = [beckon_whatsnew_present as SubjectOperation, beckonWhatsNewPresent]
    _ = [beckon_whatsnew_mark as IdOperation, beckonWhatsNewMark]
    _ = [beckon_whatsnew_unmark as IdOperation, beckonWhatsNewUnmark]
    _ = [beckon_explain_tip as IdOperation, beckonExplainTip]
    _ = [beckon_explain_scenario as IdOperation, beckonExplainScenario]
    _ = [beckon_reset_subject as SubjectOperation, beckonResetSubject]
}
