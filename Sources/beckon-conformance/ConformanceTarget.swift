import ArgumentParser
import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import FoundationEssentials

/// The plugin under test, loaded, and the one store of it being tested.
struct ConformanceTarget {
    let host: PluginHost
    let plugin: PluginInfo
    let store: PluginInfo.StoreBackend
    let options: ConfigValue

    /// Loads the plugin at `path` with `config` and picks its store (the only one, or `storeName`);
    /// opens the store once to see that it can. Prints why and exits 66, 65, 69 or 64 when it cannot.
    static func open(path: String, storeName: String?, options: ConfigValue, config: ConfigValue) throws -> ConformanceTarget {
        let files = FileManager.default
        guard files.isReadableFile(atPath: path) else {
            let why = files.fileExists(atPath: path) ? "it cannot be read" : "no such file"
            throw fail("cannot read \(path): \(why)", ExitCode(66))
        }
        // A path without a slash would make dlopen search the library path instead of this folder.
        let absolute = path.hasPrefix("/") ? path : files.currentDirectoryPath + "/" + path
        let declaration = PluginDeclaration(path: absolute, writtenPath: path, namespace: nil, config: config, span: .wholeFile(path))
        let (host, diagnostics) = PluginHost.load([declaration])
        let errors = diagnostics.filter { $0.severity == .error }
        guard errors.isEmpty, let plugin = host.plugins.first else {
            for diagnostic in errors { Console.error(diagnostic.message) }
            throw ExitCode(errors.contains { $0.code == "plugin.config" } ? 65 : 69)
        }
        let names = plugin.stores.map(\.name)
        let store: PluginInfo.StoreBackend
        if let storeName {
            // The configuration's name (`memstore.memory`, as `store.backend` writes it) or the
            // plugin's own (`memory`).
            let qualified = plugin.namespace + "."
            let local = storeName.hasPrefix(qualified) && !plugin.stores.contains { $0.name == storeName }
                ? String(storeName.dropFirst(qualified.count)) : storeName
            guard let named = plugin.stores.first(where: { $0.name == local }) else {
                throw fail("plugin '\(plugin.name)' offers no store named '\(storeName)'\(offers(names))", ExitCode(69))
            }
            store = named
        } else {
            guard let only = plugin.stores.first else { throw fail("plugin '\(plugin.name)' offers no store", ExitCode(69)) }
            guard plugin.stores.count == 1 else {
                throw fail("plugin '\(plugin.name)' offers several stores (\(names.joined(separator: ", "))): choose one with --store", ExitCode(64))
            }
            store = only
        }
        let target = ConformanceTarget(host: host, plugin: plugin, store: store, options: options)
        // Opened once before any check, so that a store that cannot open at all is reported as
        // unavailable rather than as every check failing.
        do {
            _ = try target.open()
        } catch {
            throw fail(error.message, ExitCode(69))
        }
        return target
    }

    /// A new handle on the store.
    func open() throws(StoreError) -> any Store {
        try host.openStore(namespace: plugin.namespace, name: store.name, options: options)
    }

    /// Whether a second `open` with the same options sees the same data (durable or shared).
    var sharesData: Bool { store.sharesData }

    /// "memstore 1.0.0: store memstore.memory (PATH)".
    var title: String {
        "\(plugin.name) \(plugin.version): store \(plugin.namespace).\(store.name) (\(plugin.path))"
    }

    /// "capabilities: durable, ttl" or "capabilities: none".
    var capabilitiesLine: String {
        "capabilities: \(store.capabilities.isEmpty ? "none" : store.capabilities.joined(separator: ", "))"
    }

    private static func offers(_ names: [String]) -> String {
        names.isEmpty ? "; it offers none" : "; it offers \(names.joined(separator: ", "))"
    }

    /// Prints `beckon-conformance: error: MESSAGE` and returns the exit code to throw.
    private static func fail(_ message: String, _ code: ExitCode) -> ExitCode {
        Console.error(message)
        return code
    }
}
