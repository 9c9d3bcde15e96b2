import CBeckonPlugin
import Synchronization

/// The plugin's state as the host holds it: the `plugin_state` is a retained `PluginRuntime`,
/// created by `init` and released by `shutdown`.
final class PluginRuntime: @unchecked Sendable {
    // @unchecked: the host table is immutable and lives until the process ends.
    let host: UnsafePointer<beckon_host>
    let plugin: BeckonPlugin

    init(host: UnsafePointer<beckon_host>, plugin: BeckonPlugin) {
        self.host = host
        self.plugin = plugin
    }

    static func host(_ state: UnsafeMutableRawPointer?) -> UnsafePointer<beckon_host>? {
        state.map { Unmanaged<PluginRuntime>.fromOpaque($0).takeUnretainedValue().host }
    }

    /// The plugin whose descriptor the entry returned: `validate_config` and `init` are passed
    /// no state to find it by.
    static let active = Mutex<BeckonPlugin?>(nil)
}

/// The plugin-level C callbacks: `validate_config`, `check_config`, `init` and `shutdown`.
enum PluginCallbacks {
    /// For 1.0 hosts, a plugin with `checkConfig` reports its first problem here.
    static let validateConfig: @convention(c) (beckon_string, UnsafeMutablePointer<beckon_error>?) -> beckon_status = { config, error in
        let plugin = PluginRuntime.active.withLock { $0 }
        if let check = plugin?.checkConfig {
            guard let first = check(String(config)).first else { return BECKON_OK }
            return PluginError.invalidArgument(first.message, jsonPointer: first.jsonPointer).report(to: error)
        }
        guard let validate = plugin?.validateConfig else { return BECKON_OK }
        do throws(PluginError) {
            try validate(String(config))
            return BECKON_OK
        } catch let failure {
            return failure.report(to: error)
        }
    }

    static let checkConfig: @convention(c) (beckon_string, UnsafeMutablePointer<beckon_config_problem_sink>?,
                                            UnsafeMutablePointer<beckon_error>?) -> beckon_status = { config, sink, error in
        guard let check = PluginRuntime.active.withLock({ $0?.checkConfig }) else { return BECKON_OK }
        guard let sink else { return PluginError.invalidArgument("check_config: the problem sink is NULL").report(to: error) }
        for problem in check(String(config)) { _ = problem.put(into: sink) }  // the host reports what it refuses
        return BECKON_OK
    }

    static let initialize: @convention(c) (UnsafePointer<beckon_host>?, beckon_string, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
                                           UnsafeMutablePointer<beckon_error>?) -> beckon_status = { host, config, state, error in
        guard let host, let state else { return PluginError.invalidArgument("init: the host table or the state out-pointer is NULL").report(to: error) }
        guard let plugin = PluginRuntime.active.withLock({ $0 }) else { return PluginError.internal("init: the entry was not called").report(to: error) }
        do throws(PluginError) {
            try plugin.setUp?(String(config), PluginHostServices(host, pluginName: plugin.name))
        } catch let failure {
            return failure.report(to: error)
        }
        state.pointee = Unmanaged.passRetained(PluginRuntime(host: host, plugin: plugin)).toOpaque()
        return BECKON_OK
    }

    static let shutdown: @convention(c) (UnsafeMutableRawPointer?) -> Void = { state in
        guard let state else { return }
        let runtime = Unmanaged<PluginRuntime>.fromOpaque(state).takeRetainedValue()
        runtime.plugin.shutdown?()
    }
}
