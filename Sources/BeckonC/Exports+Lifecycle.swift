import BeckonClock
public import CBeckon  // public: the @_cdecl exports are this module's C ABI and must stay visible
import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import BeckonRules
import BeckonRuntime
import Glibc

// The lifecycle functions of beckon.h. Their signatures are checked against the header in
// SignatureChecks.swift.

/// The library's version, NUL-terminated and static.
nonisolated(unsafe) private let versionText = UnsafePointer(strdup(Runtime.version)!)

@_cdecl("beckon_version")
public func beckonVersion() -> UnsafePointer<CChar>? {
    versionText
}

@_cdecl("beckon_abi_version")
public func beckonABIVersion() -> UInt32 {
    UInt32(BECKON_ABI_MAJOR) << 16 | UInt32(BECKON_ABI_MINOR)
}

@_cdecl("beckon_open_path")
public func beckonOpenPath(_ path: beckon_string, _ store: Int32, _ engine: UnsafeMutablePointer<OpaquePointer?>?,
                           _ diagnostics: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    open({ () throws(CallFailure) in try ConfigurationArgument(path: path) }, engine, store: store, diagnostics: diagnostics, errorOut: error)
}

@_cdecl("beckon_open_text")
public func beckonOpenText(_ yaml: beckon_string, _ name: beckon_string, _ store: Int32, _ engine: UnsafeMutablePointer<OpaquePointer?>?,
                           _ diagnostics: UnsafeMutablePointer<beckon_sink>?, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    open({ () throws(CallFailure) in try ConfigurationArgument(yaml: yaml, name: name) }, engine, store: store,
         diagnostics: diagnostics, errorOut: error)
}

@_cdecl("beckon_close")
public func beckonClose(_ engine: OpaquePointer?) {
    guard let engine else { return }
    Unmanaged<EmbeddedEngine>.fromOpaque(UnsafeRawPointer(engine)).release()
}

@_cdecl("beckon_set_clock")
public func beckonSetClock(_ engine: OpaquePointer?, _ now: Int64, _ error: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    guard let embedded = EmbeddedEngine.from(engine) else { return CBridge.fail(BECKON_INVALID_ARGUMENT, "engine is NULL", error) }
    guard now == Int64.min || TimestampSyntax.instants.contains(now) else {
        return CBridge.fail(BECKON_INVALID_ARGUMENT, "now is \(now); instants lie between \(TimestampSyntax.instantsText)", error)
    }
    embedded.setClock(now)
    // Plugins read the host clock process-wide (beckon_host.now).
    HostClock.set(now == Int64.min ? nil : now)
    return BECKON_OK
}

/// Loads the configuration the call names, opens its store, and hands the host a retained engine.
private func open(_ argument: () throws(CallFailure) -> ConfigurationArgument, _ engine: UnsafeMutablePointer<OpaquePointer?>?,
                  store: Int32, diagnostics: UnsafeMutablePointer<beckon_sink>?, errorOut: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    let source: ConfigurationArgument
    do throws(CallFailure) { source = try argument() } catch { return CBridge.fail(error, errorOut) }
    guard let engine else { return CBridge.fail(BECKON_INVALID_ARGUMENT, "engine (the out pointer) is NULL", errorOut) }
    engine.pointee = nil
    if let refusal = CBridge.checkSink(diagnostics, "diagnostics") { return CBridge.fail(refusal, errorOut) }
    guard store == BECKON_STORE_CONFIGURED || store == BECKON_STORE_MEMORY else {
        return CBridge.fail(BECKON_INVALID_ARGUMENT, "store must be BECKON_STORE_CONFIGURED (0) or BECKON_STORE_MEMORY (1), not \(store)", errorOut)
    }
    let configuration: PluggedConfiguration
    do throws(ConfigurationLoadError) {
        configuration = try source.load()
    } catch {
        return loadFailure(error, diagnostics: diagnostics, errorOut: errorOut)
    }
    do throws(RuntimeError) {
        let inMemory = store == BECKON_STORE_MEMORY
        let runtime = try Runtime.open(configuration, store: inMemory ? MemoryStore(clock: HostClock.now) : nil)
        engine.pointee = OpaquePointer(Unmanaged.passRetained(EmbeddedEngine(runtime: runtime, keepingStore: inMemory)).toOpaque())
        writeWarnings(configuration.loaded.warnings, to: diagnostics)
        return BECKON_OK
    } catch {
        switch error {
        case .store(let failure): return CBridge.fail(BECKON_UNAVAILABLE, "store unavailable: \(failure.message)", errorOut)
        case .configuration: return CBridge.fail(BECKON_INTERNAL, "the configuration was loaded but not accepted", errorOut)
        }
    }
}

/// The status of a configuration that did not load, with every diagnostic written to the
/// `diagnostics` sink as the array `beckon check --json` prints (opening and reloading).
func loadFailure(_ error: ConfigurationLoadError, diagnostics: UnsafeMutablePointer<beckon_sink>?,
                 errorOut: UnsafeMutablePointer<beckon_error>?) -> beckon_status {
    switch error {
    case .unreadable(let path, let reason):
        return CBridge.fail(BECKON_NOT_FOUND, "cannot read configuration '\(path)': \(reason)", errorOut)
    case .invalid(let invalid):
        if CBridge.wantsAnswer(diagnostics) {
            CBridge.write(CBridge.json(invalid.diagnostics.map(DiagnosticJSON.init)), to: diagnostics)
        }
        let status = error.isPluginUnavailable ? BECKON_UNAVAILABLE : BECKON_INVALID_ARGUMENT
        let first = invalid.diagnostics.first { $0.severity == .error }.map { ": \($0.span): \($0.message)" } ?? ""
        return CBridge.fail(status, "the configuration is not valid (\(DiagnosticRenderer.summary(of: invalid.diagnostics)))\(first)", errorOut)
    }
}

/// A valid configuration's warnings, written as the array `beckon check --json` prints, when
/// there are any.
func writeWarnings(_ warnings: [Diagnostic], to diagnostics: UnsafeMutablePointer<beckon_sink>?) {
    if !warnings.isEmpty, CBridge.wantsAnswer(diagnostics) { CBridge.write(CBridge.json(warnings.map(DiagnosticJSON.init)), to: diagnostics) }
}

/// Fails to compile when a function above and its declaration in beckon.h disagree (see
/// SignatureChecks.swift). Never called.
@_optimize(none)
func checkLifecycleSignatures() {
    _ = [beckon_version as @convention(c) () -> UnsafePointer<CChar>?, beckonVersion]
    _ = [beckon_abi_version as @convention(c) () -> UInt32, beckonABIVersion]
    _ = [beckon_open_path as LifecycleOpenPath, beckonOpenPath]
    _ = [beckon_open_text as LifecycleOpenText, beckonOpenText]
    _ = [beckon_close as @convention(c) (OpaquePointer?) -> Void, beckonClose]
    _ = [beckon_set_clock as @convention(c) (OpaquePointer?, Int64, UnsafeMutablePointer<beckon_error>?) -> beckon_status, beckonSetClock]
}
