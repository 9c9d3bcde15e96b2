@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import BeckonTestSupport
import CBeckonPlugin
import Foundation
import Testing

/// Plugins compiled against the 1.0 header, kept frozen as Fixtures/v1_0/beckon_plugin.h, load
/// and work on this host unchanged: their smaller descriptor, their `validate_config`, their
/// conditions, their stores (without 1.3's subject data). Loads plugins into this process.
@Suite("ABI 1.0 plugins on this host")
struct ABI10CompatibilityTests {
    static let header10 = Repository.url("Tests/BeckonPluginHostTests/Fixtures/v1_0")

    /// A 1.0 fixture (Fixtures/good or bad) built against the 1.0 header.
    static func build(_ fixture: String) throws -> String {
        let name = fixture.replacingOccurrences(of: "/", with: "-") + "-abi-1-0"
        return try CPluginBuilder.build(name, sources: ["Tests/BeckonPluginHostTests/Fixtures/\(fixture).c"], header: header10)
    }

    @Test("the 1.0 header is 1.0: the descriptor ends at store_count")
    func frozenHeader() throws {
        let header = try String(contentsOf: Self.header10.appendingPathComponent("beckon_plugin.h"), encoding: .utf8)
        #expect(header.contains("#define BECKON_PLUGIN_ABI_MINOR 0"))
        #expect(header.contains("    size_t store_count;\n} beckon_plugin;"))
    }

    @Test("a 1.0 plugin loads, describes itself as 1.0 and its conditions evaluate")
    func conditionsWork() throws {
        let path = try Self.build("good/hello")
        let descriptor = try PluginLibrary.load(path: path, host: HostServices.table).get()
        #expect(descriptor.abiMinor == 0)
        #expect(Int(descriptor.raw.pointee.struct_size) == ABISizes.plugin)
        #expect(descriptor.contents.check_config == nil)
        let declaration = PluginRuleHarness.declaration(path)
        let (host, diagnostics) = PluginHost.load([declaration])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let rule = try #require(PluginRuleHarness.compile("greeting.isLongName()", host).rule)
        #expect(rule.evaluate(in: LoadingTestContext(subject: "ada-lovelace")) == .satisfied)
        #expect(rule.evaluate(in: LoadingTestContext(subject: "ada")) == .notSatisfied)
    }

    @Test("a 1.0 plugin's validate_config still refuses its config at the value it points at")
    func validateConfigWorks() throws {
        let path = try Self.build("bad/config_rejected")
        let valueSpan = SourceSpan(file: PluginRuleHarness.file, at: SourcePosition(line: 7, column: 22))
        let declaration = PluginRuleHarness.declaration(path, config: .map([("holidays", .list([.string("a"), .string("b")]))]),
                                                        configSpans: ["/holidays/1": valueSpan])
        let (host, diagnostics) = PluginHost.load([declaration])
        #expect(host.plugins.isEmpty)
        #expect(diagnostics.map(\.message) == ["plugin '\(declaration.writtenPath)' refused its config at /holidays/1: '2026-02-30' is not a date"])
        #expect(diagnostics.map(\.span) == [valueSpan])
    }

    @Test("a 1.0 store loads and commits; listing, erasing and restoring subjects are refused, naming the store")
    func storeWorksWithoutSubjectData() throws {
        let path = try Self.build("bad/forgetful_store")
        let descriptor = try PluginLibrary.load(path: path, host: HostServices.table).get()
        #expect(descriptor.stores.map { Int($0.raw.pointee.struct_size) } == [ABISizes.store, ABISizes.store])
        #expect(descriptor.stores.allSatisfy { $0.subjectData == nil })
        let (host, diagnostics) = PluginHost.load([PluginRuleHarness.declaration(path)])
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        let store = try host.openStore(namespace: "forgetful", name: "amnesiac", options: .null)
        #expect(try store.commit(subject: "ada", expectedVersion: 0, record: SubjectRecord(), donations: .none))
        #expect(try store.load(subject: "ada").version == 0, "the fixture keeps nothing")
        let named = "store 'forgetful.amnesiac'"
        #expect(throws: StoreError.unsupportedSubjectData("list subjects", store: named)) { try store.subjects(after: nil, limit: 10) }
        #expect(throws: StoreError.unsupportedSubjectData("erase subjects", store: named)) { try store.erase(subject: "ada", activeBefore: nil) }
        #expect(throws: StoreError.unsupportedSubjectData("restore subjects", store: named)) {
            try store.restore(subject: "ada", expectedVersion: 0, snapshot: SubjectSnapshot(record: SubjectRecord(), version: 3))
        }
    }
}
