import BeckonTestSupport
import Foundation
import Testing

/// `store.backend: PLUGIN.STORE` is checked once the plugins are loaded, also when they are
/// declared without `as:`: a store no loaded plugin offers is a configuration error at
/// `backend:` (exit 65) for `check` and every other command; a plugin that cannot be loaded
/// stays exit 69.
@Suite("beckon store.backend of a plugin")
struct PluginStoreBackendCommandTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var plugin: String
        var backend: String
        var message: String
        var testDescription: String { "\(plugin) → \(backend)" }
    }

    static let unknownStores: [Case] = [
        Case(plugin: "{path: libfrozen.so}", backend: "frozen.readonyl",
             message: "beckon.yaml:3:18: error: 'store.backend' names the store 'frozen.readonyl', which no loaded plugin offers (loaded plugins offer frozen.readonly); did you mean 'frozen.readonly'? [config.value]"),
        Case(plugin: "{path: libfrozen.so}", backend: "nosuch.file",
             message: "beckon.yaml:3:18: error: 'store.backend' names the store 'nosuch.file', which no loaded plugin offers (loaded plugins offer frozen.readonly) [config.value]"),
        Case(plugin: "{path: libfrozen.so, as: ice}", backend: "ice.nosuch",
             message: "beckon.yaml:3:18: error: 'store.backend' names the store 'ice.nosuch', which no loaded plugin offers (loaded plugins offer ice.readonly) [config.value]"),
    ]

    static func folder(plugin: String, backend: String) throws -> URL {
        try PluginCommandTests.folder("""
            plugins: [\(plugin)]
            store: {backend: \(backend)}
            events: {opened: {}}
            tips: {hello: {title: Hello}}

            """, plugins: [("bad/store_unavailable", "frozen")])
    }

    @Test(arguments: unknownStores)
    func checkReportsAnUnknownStoreAtBackend(_ test: Case) throws {
        let folder = try Self.folder(plugin: test.plugin, backend: test.backend)
        let checked = try BeckonProcess.run(["check"], in: folder)
        #expect(checked.status == 65)
        #expect(checked.standardError.hasPrefix(test.message + "\n"), "\(checked.standardError)")
        #expect(checked.standardError.hasSuffix("beckon: error: beckon.yaml is not valid: 1 error\n"), "\(checked.standardError)")
    }

    @Test(arguments: [["status"], ["tip", "status", "hello"], ["event", "donate", "opened"]])
    func everyCommandReportsItTheSameWay(_ command: [String]) throws {
        let test = Self.unknownStores[1]
        let folder = try Self.folder(plugin: test.plugin, backend: test.backend)
        let result = try BeckonProcess.run(command + ["--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix(test.message + "\n"), "\(result.standardError)")
    }

    /// A plugin that did not load might have been the one offering the store: only its own
    /// failure is reported, exit 69.
    @Test func anUnloadablePluginStaysExit69() throws {
        let folder = try Self.folder(plugin: "{path: libgone.so}", backend: "gone.main")
        let checked = try BeckonProcess.run(["check"], in: folder)
        #expect(checked.status == 69)
        #expect(checked.standardError.contains("[plugin.unavailable]"), "\(checked.standardError)")
        #expect(!checked.standardError.contains("store.backend"), "\(checked.standardError)")
    }

    @Test func aStoreThePluginOffersIsValid() throws {
        let folder = try Self.folder(plugin: "{path: libfrozen.so}", backend: "frozen.readonly")
        let checked = try BeckonProcess.run(["check"], in: folder)
        #expect(checked.status == 0, "\(checked.standardError)")
    }
}
