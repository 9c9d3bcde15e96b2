@testable import BeckonPluginHost
import BeckonCore
import BeckonStoreConformance
import BeckonTestSupport
import Foundation
import Testing

/// `beckon plugin verify`'s checks: each defect of a table of broken plugins is caught by the
/// check named for it, and a good plugin passes them all.
@Suite("plugin verify")
struct PluginVerifierTests {
    /// The Store contract as `beckon plugin verify` runs it.
    static func storeContract(open: () throws(StoreError) -> any Store, sharesData: Bool) -> [String] {
        StoreConformance.failures(opening: { () throws(StoreError) in try open() }, sharesData: sharesData, runPrefix: "")
    }

    static func verify(_ path: String) -> PluginVerification {
        PluginVerifier.verify(path: path, storeCheck: storeContract)
    }

    struct Defect: Sendable, CustomTestStringConvertible {
        var name: String
        var fixture: String
        var defines: [String] = []
        var without: [String] = []
        /// The check that must fail, and words its problem must say.
        var check: String
        var says: String
        var testDescription: String { name }
    }

    static let defects: [Defect] = [
        Defect(name: "an exported helper", fixture: "bad/unshippable", defines: ["EXPORT_HELPER"], check: "exports",
               says: "exports 1 symbol besides beckon_plugin_entry_v1: leaky_helper"),
        Defect(name: "an undefined symbol", fixture: "bad/unshippable", defines: ["NEED_HOST_SYMBOL"], without: ["-Wl,--no-undefined"],
               check: "undefined", says: "needs beckon_host_private_helper, which no library it names provides"),
        Defect(name: "a NULL function", fixture: "bad/null_evaluate", check: "descriptor", says: "conditions[1].evaluate is NULL"),
        Defect(name: "a bad signature", fixture: "bad/malformed_signature", check: "descriptor", says: "signature"),
        Defect(name: "a store failing conformance", fixture: "bad/forgetful_store", check: "stores", says: "store forgetful.forgetful: "),
    ]

    @Test(arguments: defects)
    func eachDefectIsCaughtByItsCheck(_ defect: Defect) throws {
        let name = "verify-" + defect.fixture.replacingOccurrences(of: "/", with: "-") + defect.defines.joined()
        let path = try CPluginBuilder.build(name, sources: ["Tests/BeckonPluginHostTests/Fixtures/\(defect.fixture).c"],
                                            defines: defect.defines, without: defect.without)
        let report = Self.verify(path)
        #expect(!report.passed)
        let failed = report.checks.filter { !$0.passed }
        #expect(failed.map(\.name).contains(defect.check), "\(report.checks)")
        let problems = failed.first { $0.name == defect.check }?.problems ?? []
        #expect(problems.contains { $0.contains(defect.says) }, "\(problems)")
    }

    @Test("a good plugin passes every check, and each condition is called")
    func goodPluginPasses() throws {
        let path = try CPluginBuilder.build("hello", sources: ["Tests/BeckonPluginHostTests/Fixtures/good/hello.c"])
        let report = Self.verify(path)
        #expect(report.passed, "\(report.checks)")
        #expect(report.checks.map(\.name) == ["exports", "undefined", "descriptor", "conditions", "stores"])
        #expect((report.name, report.version) == ("greeting", "1.0.0"))
        let calls = report.checks.first { $0.name == "conditions" }?.notes ?? []
        #expect(calls.count == 2)
        #expect(calls.first == "greeting.isLongName() = true")
    }

    @Test("a file anyone may write passes, its permissions a note: they are where it is checked, not where it ships")
    func permissionsAreANote() throws {
        let file = try TestRunFolder.newFolder("verify-permissions").path + "/libhello.so"
        try FileManager.default.copyItem(atPath: try CPluginBuilder.build("hello", sources: ["Tests/BeckonPluginHostTests/Fixtures/good/hello.c"]),
                                         toPath: file)
        #expect(chmod(file, 0o666) == 0)
        let report = Self.verify(file)
        #expect(report.passed, "\(report.checks)")
        let notes = report.checks.first { $0.name == "descriptor" }?.notes ?? []
        #expect(notes.contains { $0.contains("can be written by its group and every user (mode 0666; chmod go-w)") }, "\(notes)")
    }

    @Test("a file that is not a shared object fails at its first check, without being opened")
    func notASharedObject() throws {
        let folder = try TemporaryFolder("verify")
        let file = try folder.write("libnot.so", "not an ELF file at all")
        let report = Self.verify(file)
        #expect(report.checks.map(\.name) == ["exports"])
        #expect(report.checks.first?.problems == ["\(file): not an ELF file"])
    }

    @Test("the symbol table of any bytes is read without trapping: cut short, or with bytes changed anywhere (seeded)")
    func damagedFiles() throws {
        let path = try CPluginBuilder.build("hello", sources: ["Tests/BeckonPluginHostTests/Fixtures/good/hello.c"])
        let whole = try FileBytes.read(path).get()
        #expect(try ELFDynamicSymbols.read(whole).get().exported == ["beckon_plugin_entry_v1"])
        var random = SplitMix64(seed: 0xE1F)
        for _ in 0..<300 {
            var damaged = Array(whole.prefix(random.below(whole.count + 1)))
            for _ in 0..<random.below(8) where !damaged.isEmpty {
                // Headers and tables (the start and the end of the file) hold the offsets.
                let index = random.below(2) == 0 ? random.below(min(damaged.count, 128)) : damaged.count - 1 - random.below(min(damaged.count, 2048))
                damaged[index] = UInt8(truncatingIfNeeded: random.next())
            }
            _ = ELFDynamicSymbols.read(damaged)
        }
    }
}
