import ArgumentParser
import BeckonCore
import BeckonPluginHost
import BeckonRuntime

/// `beckon plugins`: what each plugin of the configuration is and offers.
struct PluginsCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plugins",
        abstract: "List the configuration's plugins: file, name, version, ABI, conditions with signatures, stores.",
        discussion: """
            --pin prints each entry with the SHA-256 digest of its file, to add to the entry after review. \
            --search lists, without reading a configuration, the plugins installed in the folders where \
            entries given by name: are found (\(PluginSearchPath.order)). Exit 0 when every plugin loads, \
            65 for a bad configuration, 66 when it cannot be read, 69 when a plugin cannot be loaded.
            """
    )

    @OptionGroup var options: ConfigOptions

    @Flag(help: "Print each entry with its file's sha256, to pin after review.")
    var pin = false

    @Flag(help: "List the plugins installed in the plugin folders, and which a name finds first.")
    var search = false

    func validate() throws {
        if pin && search { throw ValidationError("--pin and --search cannot be combined") }
    }

    func run() throws {
        if search { return PluginSearchReport.print(PluginHost.installedPlugins(), json: options.json) }
        // Pins are what --pin prints, so an entry without one is not refused here.
        let plugins = try options.loadConfiguration(pins: pin ? .notRequired : .asConfigured).plugins.plugins
        if pin { return try PluginPinReport.print(plugins, json: options.json) }
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
            Output.line("  file: \(plugin.path)\(plugin.lookupName.map { _ in " (found by name)" } ?? "")\(plugin.pinnedSHA256.map { ", pinned sha256 " + PinnedDigest.short($0) } ?? "")")
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
            "path": .string(plugin.path), "file": .string(plugin.file), "lookupName": .string(plugin.lookupName),
            "pinnedSHA256": .string(plugin.pinnedSHA256), "namespace": .string(plugin.namespace), "name": .string(plugin.name),
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
