import BeckonConfig
import BeckonDiagnostics
import BeckonRuntime
import Logging

/// Reloads the served configuration from its file (on SIGHUP, when the file changes, or when
/// asked): `ReloadableRuntime.reload(configPath:)` checks the new configuration first and swaps
/// it in atomically, or keeps the last good one serving. Each reload is recorded (generation,
/// result, diagnostics: `ConfigurationState`), counted (`ServerMetrics`) and logged, with its
/// diagnostics as `file:line:column` lines.
public struct ConfigurationReloader: Sendable {
    let runtime: ReloadableRuntime
    let state: ConfigurationState
    let metrics: ServerMetrics
    let logger: Logger
    let clock: @Sendable () -> Int64

    /// Reloads `state.file` now; `trigger` says why in the log (`SIGHUP`, `file change`, …).
    /// Returns the reload as recorded.
    @discardableResult
    public func reload(trigger: String) -> ConfigurationState.Reload {
        let file = state.file
        let reload: ConfigurationState.Reload
        do throws(ConfigurationLoadError) {
            let warnings = try runtime.reload(configPath: file)
            reload = .init(at: clock(), result: .ok, diagnostics: warnings)
        } catch {
            switch error {
            case .invalid(let error):
                reload = .init(at: clock(), result: .invalid, diagnostics: error.diagnostics)
            case .unreadable(let path, let reason):
                let diagnostic = Diagnostic.error("config.unreadable", "cannot read configuration '\(path)': \(reason)", at: .wholeFile(path))
                reload = .init(at: clock(), result: .unreadable, diagnostics: [diagnostic])
            }
        }
        let snapshot = state.record(reload)
        metrics.recordReload(result: reload.result, generation: snapshot.generation)
        log(reload, trigger: trigger, generation: snapshot.generation)
        return reload
    }

    private func log(_ reload: ConfigurationState.Reload, trigger: String, generation: Int) {
        let metadata: Logger.Metadata = [
            "trigger": .string(trigger), "result": .string(reload.result.rawValue), "generation": .string(String(generation)),
        ]
        switch reload.result {
        case .ok:
            logger.info("configuration reloaded from \(state.file)", metadata: metadata)
        case .invalid, .unreadable:
            logger.error("configuration not reloaded from \(state.file); the last good one keeps serving", metadata: metadata)
        }
        for diagnostic in reload.diagnostics {
            let line = Self.line(diagnostic)
            if diagnostic.severity == .error { logger.error("\(line)") } else { logger.warning("\(line)") }
        }
    }

    /// A diagnostic as one line: `file:line:column: severity: message [code]`.
    static func line(_ diagnostic: Diagnostic) -> String {
        let span = diagnostic.span
        return "\(span.file):\(span.start.line):\(span.start.column): \(diagnostic.severity.rawValue): \(diagnostic.message) [\(diagnostic.code)]"
    }
}
