import BeckonCore
import BeckonDiagnostics
import BeckonPluginHost
import BeckonRules
import BeckonStoreConformance
import BeckonTestSupport
import Foundation
import Testing

/// The `memstore` sample plugin (Plugins/memory-store, written in Swift with BeckonPluginKit),
/// built by SwiftPM as `libbeckon-memory-store.so`, loaded through the host and run through the
/// whole store contract over the C ABI, racing writers included.
///
/// Loads the plugin into this process once (a process-wide resource: the host never unloads it).
@Suite("memory-store plugin")
struct MemoryStorePluginTests {
    /// The plugin's host, loaded once for every test here.
    static let loaded: Result<PluginHost, LoadFailure> = {
        guard let path = MemoryStorePlugin.library else {
            return .failure(LoadFailure(description: "libbeckon-memory-store.so was not built next to the tests"))
        }
        let declaration = PluginDeclaration(path: path, writtenPath: path, namespace: nil, span: .wholeFile(path))
        let (host, diagnostics) = PluginHost.load([declaration])
        guard diagnostics.isEmpty else {
            return .failure(LoadFailure(description: diagnostics.map(\.message).joined(separator: "\n")))
        }
        return .success(host)
    }()

    struct LoadFailure: Error, CustomStringConvertible {
        var description: String
    }

    static func openStore(options: ConfigValue = .null) throws -> any Store {
        try loaded.get().openStore(namespace: "memstore", name: "memory", options: options)
    }

    @Test("store contract over the C ABI", arguments: StoreConformance.checks)
    func contract(_ check: StoreConformanceCheck) throws {
        _ = try Self.loaded.get()
        let result = StoreConformance.run(check) { try Self.openStore() }
        #expect(result.passed, "\(result.message)")
    }

    @Test("the plugin describes itself: memstore with one store, memory, and no capabilities")
    func descriptor() throws {
        let host = try Self.loaded.get()
        let plugin = try #require(host.plugins.first)
        #expect(host.plugins.count == 1)
        #expect(plugin.name == "memstore")
        #expect(plugin.namespace == "memstore")
        #expect(plugin.version == "1.0.0")
        #expect(plugin.abi == PluginHost.abiVersion)
        #expect(plugin.conditions.isEmpty)
        #expect(plugin.stores.map(\.name) == ["memory"])
        #expect(plugin.stores.first?.capabilities == [])
        #expect(plugin.stores.first?.flags == [])
        #expect(host.storeNames == ["memstore.memory"])
    }

    @Test("like a plugin built with plain cc, it exports one global symbol: the entry")
    func exportsOnlyTheEntry() throws {
        let library = try #require(MemoryStorePlugin.library)
        let (status, output) = try ProcessRunner.combined("nm", ["-D", "--defined-only", library])
        try #require(status == 0, "\(output)")
        // Upper-case types are global bindings; Swift's metadata stays local (lower case).
        let globals = output.split(separator: "\n").map { $0.split(separator: " ") }
            .filter { $0.count == 3 && $0[1].first!.isUppercase }.map { String($0[2]) }
        #expect(globals == ["beckon_plugin_entry_v1"])
    }

    @Test("each open store starts empty and keeps its own data")
    func opensAreIndependent() throws {
        let first = try Self.openStore()
        #expect(try first.commit(subject: "ada", expectedVersion: 0, record: SubjectRecord(), donations: .none))
        #expect(try first.load(subject: "ada").version == 1)
        let second = try Self.openStore(options: .map([]))
        #expect(try second.load(subject: "ada").version == 0)
        #expect(try first.load(subject: "ada").version == 1)
    }

    @Test("options other than null or {} are refused with the plugin's message")
    func refusesOptions() throws {
        _ = try Self.loaded.get()
        let error = #expect(throws: StoreError.self) {
            try Self.openStore(options: .map([("path", .string("/tmp/x"))]))
        }
        #expect(error?.kind == .unavailable)
        #expect(error?.message.contains("the memory store takes no options") == true)
    }

    @Test("a stale commit is refused through the ABI and changes nothing")
    func conflict() throws {
        let store = try Self.openStore()
        var record = SubjectRecord()
        record.parameters["plan"] = .string("pro")
        #expect(try store.commit(subject: "s", expectedVersion: 0, record: record, donations: .none))
        #expect(try !store.commit(subject: "s", expectedVersion: 0, record: SubjectRecord(), donations: .none))
        let stored = try store.load(subject: "s")
        #expect(stored.version == 1)
        #expect(stored.record == record)
    }
}

/// Where SwiftPM put the plugin.
enum MemoryStorePlugin {
    /// `libbeckon-memory-store.so` in the build folder of this test binary (or a folder above).
    static var library: String? { BuiltProducts.locate("libbeckon-memory-store.so") }
}
