import BeckonClock
internal import CBeckonPlugin
import BeckonCore
import BeckonRules
import Glibc
import Synchronization

/// The host services every plugin receives (`beckon_host`): one table per process, built on
/// first use and never freed, since plugins may keep the pointer until the process ends.
enum HostServices {
    nonisolated(unsafe) static let table: UnsafePointer<beckon_host> = {
        let table = UnsafeMutablePointer<beckon_host>.allocate(capacity: 1)
        table.initialize(to: beckon_host(
            struct_size: UInt32(MemoryLayout<beckon_host>.size),
            abi_major: UInt32(BECKON_PLUGIN_ABI_MAJOR),
            abi_minor: UInt32(BECKON_PLUGIN_ABI_MINOR),
            host_name: UnsafePointer(strdup("beckon")),
            log: { level, plugin, message in HostServices.log(level: level, plugin: plugin, message: message) },
            now: { HostClock.now() },
            eval_now: { eval in EvaluationFrame.serve(eval, 0) { $0.readClock() } },
            eval_subject: { eval in EvaluationFrame.serve(eval, beckon_string(ptr: nil, len: 0)) { $0.subject() } },
            eval_app_version: { eval in EvaluationFrame.serve(eval, beckon_string(ptr: nil, len: 0)) { $0.appVersion() } },
            eval_parameter: { eval, name, value in EvaluationFrame.serve(eval, HostServices.gone) { $0.parameter(name, into: value) } },
            eval_event: { eval, name, stats in EvaluationFrame.serve(eval, HostServices.gone) { $0.event(name, into: stats) } },
            eval_event_count_since: { eval, name, since, count in
                EvaluationFrame.serve(eval, HostServices.gone) { $0.eventCount(name, since: since, into: count) }
            },
            eval_holds_until: { eval, instant in EvaluationFrame.serve(eval, ()) { $0.holds(until: instant) } }
        ))
        return UnsafePointer(table)
    }()

    /// What a service answers a timed call whose caller has given up.
    private static var gone: beckon_status { beckon_status(BECKON_UNAVAILABLE) }

    /// The host's ABI minor, which plugins' `min_host_minor` is compared with.
    static let abiMinor = UInt32(BECKON_PLUGIN_ABI_MINOR)

    /// Plugin log lines go to standard error, prefixed with the plugin's name and the level, when
    /// `PluginLog` prints that level (warnings and errors unless asked for more).
    private static func log(level code: Int32, plugin: beckon_string, message: beckon_string) {
        let level = PluginLog.Level(code: code)
        guard PluginLog.prints(level) else { return }
        let label = level.rawValue
        let name = CValue.string(plugin) ?? "?"
        let text = CValue.string(message) ?? "(a message that is not UTF-8)"
        let line = "beckon: plugin '\(name)' \(label): \(text)\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
