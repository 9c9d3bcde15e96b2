import ArgumentParser
import BeckonPluginHost
import BeckonRuntime

/// `beckon plugins`: what each plugin of the configuration is and offers.
struct PluginsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the configuration's plugins: file, name, version, ABI, conditions with signatures, stores.",
        discussion: "Exit 0 when every plugin loads, 65 for a bad configuration, 66 when it cannot be read, 69 when a plugin cannot be loaded."
    )

    @OptionGroup var options: ConfigOptions

    func run() throws {
        let plugins = try options.loadConfiguration().plugins.plugins
        if options.json {
            Output.printJSON(JSONValue.object(["hostABI": .string(PluginHost.abiVersion), "plugins": .array(plugins.map(Self.json))]))
            return
        }
        if plugins.isEmpty {
            Output.line("no plugins (host ABI \(PluginHost.abiVersion))")
            return
        }
        for (index, plugin) in plugins.enumerated() {
            if index > 0 { Output.line("") }
            Output.line("\(plugin.namespace): \(plugin.name) \(plugin.version)\(plugin.summary.map { " — " + $0 } ?? "")")
            Output.line("  file: \(plugin.path)")
            Output.line("  ABI: built for \(plugin.abi), needs host \(plugin.minimumHostABI) or newer\(Self.flags(plugin.flags))")
            for condition in plugin.conditions {
                Output.line("  condition \(plugin.namespace).\(condition.name)\(condition.signature)\(Self.flags(condition.flags))\(condition.summary.map { " — " + $0 } ?? "")")
            }
            for store in plugin.stores {
                let capabilities = store.capabilities.isEmpty ? "" : " [\(store.capabilities.joined(separator: ", "))]"
                Output.line("  store \(plugin.namespace).\(store.name)\(capabilities)\(Self.flags(store.flags))\(store.summary.map { " — " + $0 } ?? "")")
            }
        }
    }

    private static func flags(_ flags: [String]) -> String {
        flags.isEmpty ? "" : " (\(flags.joined(separator: ", ")))"
    }

    private static func json(_ plugin: PluginInfo) -> JSONValue {
        .object([
            "path": .string(plugin.path), "namespace": .string(plugin.namespace), "name": .string(plugin.name),
            "version": .string(plugin.version), "summary": .string(plugin.summary), "abi": .string(plugin.abi),
            "minimumHostABI": .string(plugin.minimumHostABI), "flags": .array(plugin.flags.map(JSONValue.string)),
            "conditions": .array(plugin.conditions.map { condition in
                .object(["name": .string(condition.name), "signature": .string(condition.signature),
                         "flags": .array(condition.flags.map(JSONValue.string)), "summary": .string(condition.summary)])
            }),
            "stores": .array(plugin.stores.map { store in
                .object(["name": .string(store.name), "capabilities": .array(store.capabilities.map(JSONValue.string)),
                         "flags": .array(store.flags.map(JSONValue.string)), "summary": .string(store.summary)])
            }),
        ])
    }
}
