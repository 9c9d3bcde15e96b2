public import CBeckon  // public: the @_cdecl exports are this module's C ABI and must stay visible
import BeckonConfig
import BeckonDiagnostics
import BeckonRuntime

// Configuration reload for long-running hosts (ABI 1.1): beckon_reload_path, beckon_reload_text.
// The runtime swap and its rules (checked first, atomic, same store) are ReloadableRuntime's.

@_cdecl("beckon_reload_path")
public func beckonReloadPath(_ engine: OpaquePointer?, _ path: beckon_string, _ diagnostics: UnsafeMutablePointer<beckon_sink>?,
                             _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    reload(engine, { () throws(CallFailure) in try ConfigurationArgument(path: path) }, diagnostics: diagnostics, errorOut: error)
}

@_cdecl("beckon_reload_text")
public func beckonReloadText(_ engine: OpaquePointer?, _ yaml: beckon_string, _ name: beckon_string,
                             _ diagnostics: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    reload(engine, { () throws(CallFailure) in try ConfigurationArgument(yaml: yaml, name: name) }, diagnostics: diagnostics, errorOut: error)
}

/// Reloads the engine's configuration with the one the call names, writing the warnings or, on
/// failure, every diagnostic to the `diagnostics` sink.
private func reload(_ engine: OpaquePointer?, _ argument: () throws(CallFailure) -> ConfigurationArgument,
                    diagnostics: UnsafeMutablePointer<beckon_sink>?, errorOut: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    let source: ConfigurationArgument
    do throws(CallFailure) { source = try argument() } catch { return CBridge.fail(error, errorOut) }
    guard let embedded = EmbeddedEngine.from(engine) else { return CBridge.fail(BECKON_INVALID_ARGUMENT, "engine is NULL", errorOut) }
    if let refusal = CBridge.checkSink(diagnostics, "diagnostics") { return CBridge.fail(refusal, errorOut) }
    do throws(ConfigurationLoadError) {
        writeWarnings(try source.reload(embedded.runtimes), to: diagnostics)
        return BECKON_OK
    } catch {
        return loadFailure(error, diagnostics: diagnostics, errorOut: errorOut)
    }
}

/// Fails to compile when a function above and its declaration in beckon.h disagree (see
/// SignatureChecks.swift). Never called.
@_optimize(none)
func checkReloadSignatures() {
    _ = [beckon_reload_path as ReloadPath, beckonReloadPath]
    _ = [beckon_reload_text as ReloadText, beckonReloadText]
}
