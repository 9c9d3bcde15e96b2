internal import CBeckonPlugin

/// One initialized plugin: its state pointer, owned by the plugin, and the `shutdown` that
/// releases it once the last condition or store using it is gone.
final class PluginInstance: @unchecked Sendable {
    // @unchecked: `state` belongs to the plugin, which the ABI requires to accept calls from any
    // thread (or to set SERIALIZE, which `gate` honours); it is never changed after init.
    let descriptor: PluginDescriptor
    let state: UnsafeMutableRawPointer?
    /// Set when the plugin serializes every call (`BECKON_PLUGIN_SERIALIZE`).
    let gate: CallGate?

    init(descriptor: PluginDescriptor, state: UnsafeMutableRawPointer?) {
        self.descriptor = descriptor
        self.state = state
        self.gate = descriptor.serializesCalls ? CallGate() : nil
    }

    deinit {
        if let shutdown = descriptor.contents.shutdown {
            CallGate.lifecycle.run { shutdown(state) }
        }
    }
}
