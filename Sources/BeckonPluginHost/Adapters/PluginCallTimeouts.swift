import Glibc
import Synchronization

/// Where a call past its time limit is told: a warning on standard error naming the plugin and
/// the condition (when `PluginLog` prints warnings), and every observer in the process (`beckon
/// serve` counts them as `beckon_plugin_call_timeouts_total`, by plugin, at `/metrics`).
public enum PluginCallTimeouts {
    /// Told the namespace of the plugin whose call ran past its limit.
    public typealias Observer = @Sendable (_ plugin: String) -> Void

    /// What `observe` returns, to stop observing.
    public struct Observation: Sendable, Hashable {
        fileprivate let id: UInt64
    }

    private static let observers = Mutex<(next: UInt64, all: [UInt64: Observer])>((0, [:]))

    /// Adds an observer until `stopObserving`.
    public static func observe(_ observer: @escaping Observer) -> Observation {
        observers.withLock { state in
            state.next += 1
            state.all[state.next] = observer
            return Observation(id: state.next)
        }
    }

    /// Removes an observer.
    public static func stopObserving(_ observation: Observation) {
        _ = observers.withLock { $0.all.removeValue(forKey: observation.id) }
    }

    static func record(plugin: String, condition: String, milliseconds: Int64) {
        for observer in observers.withLock({ Array($0.all.values) }) { observer(plugin) }
        guard PluginLog.prints(.warning) else { return }
        let line = "beckon: plugin '\(plugin)' warning: \(condition) did not answer within \(milliseconds) ms (TIMEOUT); "
            + "its worker waits for it to return\n"
        _ = line.withCString { write(2, $0, strlen($0)) }
    }
}
