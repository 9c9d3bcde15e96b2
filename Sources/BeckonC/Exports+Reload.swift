public import CBeckon  // public: the @_cdecl exports are this module's C ABI and must stay visible
import BeckonConfig
import BeckonDiagnostics
import BeckonRuntime

// Configuration reload for long-running hosts (ABI 1.1): beckon_reload_path, beckon_reload_text.
// The runtime swap and its rules (checked first, atomic, same store) are ReloadableRuntime's.

@_cdecl("beckon_reload_path")
public func beckonReloadPath(_ engine: OpaquePointer?, _ path: beckon_string, _ diagnostics: UnsafeMutablePointer<beckon_sink>?,
                             _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    guard let text = CBridge.string(path), !text.isEmpty else {
        return CBridge.fail(BECKON_INVALID_ARGUMENT, "path must be a non-empty UTF-8 string", error)
    }
    return reload(engine, diagnostics: diagnostics, errorOut: error) { runtimes throws(ConfigurationLoadError) in
        try runtimes.reload(configPath: text)
    }
}

@_cdecl("beckon_reload_text")
public func beckonReloadText(_ engine: OpaquePointer?, _ yaml: beckon_string, _ name: beckon_string,
                             _ diagnostics: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    guard let text = CBridge.string(yaml) else { return CBridge.fail(BECKON_INVALID_ARGUMENT, "yaml is not UTF-8", error) }
    guard let label = CBridge.string(name), !label.isEmpty else {
        return CBridge.fail(BECKON_INVALID_ARGUMENT, "name must be a non-empty UTF-8 string (it names the text in diagnostics)", error)
    }
    return reload(engine, diagnostics: diagnostics, errorOut: error) { runtimes throws(ConfigurationLoadError) in
        try runtimes.reload(yaml: text, path: label)
    }
}

/// Reloads the engine's configuration with `body`, writing the warnings or, on failure, every
/// diagnostic to the `diagnostics` sink.
private func reload(_ engine: OpaquePointer?, diagnostics: UnsafeMutablePointer<beckon_sink>?, errorOut: UnsafeMutablePointer<beckon_error>?,
                    _ body: (ReloadableRuntime) throws(ConfigurationLoadError) -> [Diagnostic]) -> beckon_status {
    guard let embedded = EmbeddedEngine.from(engine) else { return CBridge.fail(BECKON_INVALID_ARGUMENT, "engine is NULL", errorOut) }
    if let refusal = CBridge.checkSink(diagnostics, "diagnostics") { return CBridge.fail(refusal, errorOut) }
    do throws(ConfigurationLoadError) {
        writeWarnings(try body(embedded.runtimes), to: diagnostics)
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
