// The `postgres` plugin: a store backend in PostgreSQL over the system libpq, for fleets of
// hosts that decide for the same subjects. Select it with `store.backend: postgres.store`.
import BeckonPluginKit
public import CBeckonPlugin

/// The plugin's static descriptor, built once.
let postgresStorePlugin = BeckonPlugin(
    name: "postgres",
    version: "1.0.0",
    summary: "A store in PostgreSQL, shared by every host that points at the same database.",
    stores: [
        PluginStore("store", summary: "PostgreSQL over libpq: durable, shared across processes and hosts.",
                    capabilities: [.durable, .sharedAcrossProcesses, .sharedAcrossHosts],
                    backend: PostgresStoreBackend.self,
                    // Checked when the configuration loads, each problem at its YAML position,
                    // before any connection is tried; `open` checks them again.
                    checkOptions: { PostgresOptions.check($0).1 }),
    ],
    checkConfig: { config in
        // Its settings are the store's options; the plugin itself takes no config.
        guard config != "null", config != "{}" else { return [] }
        return [PluginConfigProblem("the postgres plugin takes no config: its settings go under store.options")]
    }
)

/// The one symbol the host looks up: exported by this target alone (exports.map).
@_cdecl("beckon_plugin_entry_v1")
public func beckonPluginEntry(_ host: UnsafePointer<beckon_host>?) -> UnsafePointer<beckon_plugin>? {
    postgresStorePlugin.entry(host)
}

/// Fails to compile if the entry drifts from the header's `beckon_plugin_entry_fn`.
private let entryMatchesHeader: beckon_plugin_entry_fn = beckonPluginEntry
