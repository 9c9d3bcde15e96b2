import BeckonCore
import BeckonPluginHost
import BeckonRuntime

/// `beckon plugins --pin`: each entry and the digest of its file, as the YAML to paste.
enum PluginPinReport {
    static func print(_ plugins: [PluginInfo], json: Bool) throws {
        var pins: [(plugin: PluginInfo, sha256: String)] = []
        for plugin in plugins {
            switch PluginHost.sha256(ofFile: plugin.file) {
            case .success(let digest): pins.append((plugin, digest))
            case .failure(let error):
                Output.error("plugin '\(plugin.path)': \(error.message)")
                throw ExitStatus.unavailable
            }
        }
        if json {
            Output.printJSON(JSONValue.object(["plugins": .array(pins.map { pin in
                .object(["path": pin.plugin.lookupName == nil ? .string(pin.plugin.path) : .null, "name": .string(pin.plugin.lookupName),
                         "file": .string(pin.plugin.file), "sha256": .string(pin.sha256),
                         "pinned": .bool(pin.plugin.pinnedSHA256 == pin.sha256)])
            })]))
            return
        }
        if pins.isEmpty {
            Output.line("# no plugins to pin")
            return
        }
        Output.line("# each entry with the sha256 of the file it loads: add the sha256 lines after review")
        for pin in pins {
            if let name = pin.plugin.lookupName {
                Output.line("- name: \(name)  # \(pin.plugin.name) \(pin.plugin.version) at \(pin.plugin.file)")
            } else {
                Output.line("- path: \(pin.plugin.path)  # \(pin.plugin.name) \(pin.plugin.version)")
            }
            if pin.plugin.namespace != pin.plugin.name { Output.line("  as: \(pin.plugin.namespace)") }
            Output.line("  sha256: \(pin.sha256)")
        }
    }
}

/// `beckon plugins --search`: the plugin folders and what each holds.
enum PluginSearchReport {
    static func print(_ folders: [PluginFolderListing], json: Bool) {
        if json {
            Output.printJSON(JSONValue.object(["hostABI": .string(PluginHost.abiVersion), "folders": .array(folders.map { listing in
                .object(["path": .string(listing.folder.path), "origin": .string(listing.folder.origin), "exists": .bool(listing.exists),
                         "plugins": .array(listing.plugins.map { plugin in
                             .object(["file": .string(plugin.file), "name": .string(plugin.name), "version": .string(plugin.version),
                                      "abi": .string(plugin.abi), "sha256": .string(plugin.sha256), "problem": .string(plugin.problem),
                                      "shadowedBy": .string(plugin.shadowedBy)])
                         })])
            })]))
            return
        }
        for listing in folders {
            let state = !listing.exists ? ": absent" : listing.plugins.isEmpty ? ": no plugins" : ""
            Output.line("\(listing.folder.path) (\(listing.folder.origin))\(state)")
            for plugin in listing.plugins {
                let file = plugin.file.split(separator: "/").last.map(String.init) ?? plugin.file
                let digest = plugin.sha256.map { " sha256 " + PinnedDigest.short($0) } ?? ""
                if let name = plugin.name {
                    let shadow = plugin.shadowedBy.map { " (shadowed by \($0))" } ?? ""
                    Output.line("  \(name) \(plugin.version ?? "?")  \(file)  ABI \(plugin.abi ?? "?")\(digest)\(shadow)")
                } else {
                    Output.line("  not a plugin: \(plugin.problem ?? file)")
                }
            }
        }
    }
}
