// The `memstore` plugin: a store backend kept in process memory, written in Swift with
// BeckonPluginKit. Select it with `store.backend: memstore.memory`.
import BeckonPluginKit
public import CBeckonPlugin

/// The plugin's static descriptor, built once.
let memoryStorePlugin = BeckonPlugin(
    name: "memstore",
    version: "1.0.0",
    summary: "A store in process memory, written in Swift with BeckonPluginKit.",
    stores: [
        PluginStore("memory", summary: "Process memory: each open store starts empty and is gone when it is closed.",
                    backend: MemoryStoreBackend.self),
    ],
    checkConfig: { config in
        // It takes no config: absent (`null`) or `{}`. Every key is reported, at the key.
        guard config != "null", config != "{}" else { return [] }
        let keys = MemoryStoreConfig.topLevelKeys(of: config)
        guard !keys.isEmpty else { return [PluginConfigProblem("memstore takes no config; remove 'config:'")] }
        return keys.map { key in
            .atKey("unknown key '\(key)': memstore takes no config", "/" + key.replacing("~", with: "~0").replacing("/", with: "~1"))
        }
    }
)

/// The one symbol the host looks up (PLUGIN-ABI requirement 2): it must be exported by this
/// target, the one built into `libbeckon-memory-store.so`.
@_cdecl("beckon_plugin_entry_v1")
public func beckonPluginEntry(_ host: UnsafePointer<beckon_host>?) -> UnsafePointer<beckon_plugin>? {
    memoryStorePlugin.entry(host)
}

/// Fails to compile if the entry drifts from the header's `beckon_plugin_entry_fn`.
private let entryMatchesHeader: beckon_plugin_entry_fn = beckonPluginEntry
