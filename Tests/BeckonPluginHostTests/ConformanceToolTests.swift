import BeckonStoreConformance
import BeckonTestSupport
import Foundation
import Testing

/// `beckon-conformance`: the built tool run on the memory-store plugin, on a C store that breaks
/// the contract (built here with `cc` against the header alone), and on bad input.
@Suite("beckon-conformance")
struct ConformanceToolTests {
    static func run(_ arguments: [String]) throws -> ProcessResult {
        ProcessResult(try ProcessRunner.run(try BuiltProducts.path("beckon-conformance"), arguments))
    }

    static func memoryStore() throws -> String {
        try BuiltProducts.path("libbeckon-memory-store.so")
    }

    @Test("the memory store passes every check: one ✓ line each, a summary, exit 0")
    func memoryStorePasses() throws {
        let result = try Self.run([try Self.memoryStore()])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let count = StoreConformance.checks.count
        #expect(result.lines.first?.hasPrefix("memstore 1.0.0: store memstore.memory (") == true)
        #expect(result.lines.dropFirst().first?.hasPrefix("capabilities: none; subjects under beckon-conformance/") == true)
        #expect(result.lines.filter { $0.hasPrefix("✓ ") }.map { String($0.dropFirst(2)) } == StoreConformance.checks.map(\.name))
        #expect(result.lines.last == "\(count) of \(count) checks passed")
        #expect(result.standardError.isEmpty)
    }

    @Test("--check runs only the named checks; --no-prefix uses the ids as they are")
    func selectedChecks() throws {
        let result = try Self.run([try Self.memoryStore(), "--check", "subject-ids-are-opaque", "--check", "retention-max-age", "--no-prefix"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.lines.filter { $0.hasPrefix("✓ ") } == ["✓ subject-ids-are-opaque", "✓ retention-max-age"])
        #expect(result.lines.dropFirst().first == "capabilities: none")
        #expect(result.lines.last == "2 of 2 checks passed")
    }

    @Test("--store takes the configuration's name (memstore.memory) as well as the plugin's (memory)")
    func qualifiedStoreName() throws {
        for name in ["memory", "memstore.memory"] {
            let result = try Self.run([try Self.memoryStore(), "--store", name, "--check", "erase-removes-every-trace"])
            #expect(result.status == 0, "\(name): \(result.standardOutput)\(result.standardError)")
            #expect(result.lines.contains("✓ erase-removes-every-trace"))
        }
        let unknown = try Self.run([try Self.memoryStore(), "--store", "memstore.disk"])
        #expect(unknown.status == 69)
        #expect(unknown.standardError == "beckon-conformance: error: plugin 'memstore' offers no store named 'memstore.disk'; it offers memory\n")
    }

    @Test("a store that forgets every commit fails with ✗ lines, its failures, and exit 1")
    func brokenStoreFails() throws {
        let plugin = try ForgetfulStore.build()
        let result = try Self.run([plugin, "--store", "forgetful"])
        #expect(result.status == 1, "\(result.standardOutput)\(result.standardError)")
        #expect(result.lines.dropFirst().first?.hasPrefix("capabilities: durable; read back through second handles; subjects under ") == true)
        #expect(result.lines.contains("✗ commit-bumps-version: \(StoreConformance.check(named: "commit-bumps-version")!.summary)"))
        #expect(result.lines.contains { $0.hasPrefix("    version after the first commit is 0") })
        #expect(result.lines.contains("✓ new-subject-is-empty"))
        // Without list_subjects and erase_subject, their checks are skipped, not failed.
        #expect(result.lines.contains { $0.hasPrefix("– erase-removes-every-trace: skipped: the store does not list, erase or restore subjects (store 'forgetful.forgetful' cannot list subjects") })
        #expect(result.lines.last?.hasSuffix(" (4 skipped: the store lacks what they check)") == true)
        #expect(result.lines.last?.contains(" of \(StoreConformance.checks.count) checks failed: ") == true)
    }

    @Test("exit codes: 66 missing file, 64 usage, 69 store unavailable")
    func exitCodes() throws {
        let missing = try Self.run(["/nonexistent/libnothing.so"])
        #expect(missing.status == 66)
        #expect(missing.standardError == "beckon-conformance: error: cannot read /nonexistent/libnothing.so: no such file\n")
        #expect(missing.standardOutput.isEmpty)

        let memory = try Self.memoryStore()
        #expect(try Self.run([]).status == 64)
        let badJSON = try Self.run([memory, "--options", "{\"a\": }"])
        #expect(badJSON.status == 64)
        #expect(badJSON.standardError.contains("--options is not valid JSON"))
        #expect(try Self.run([memory, "--check", "no-such-check"]).status == 64)
        #expect(try Self.run([try ForgetfulStore.build()]).status == 64, "two stores and no --store")

        let unknownStore = try Self.run([memory, "--store", "disk"])
        #expect(unknownStore.status == 69)
        #expect(unknownStore.standardError == "beckon-conformance: error: plugin 'memstore' offers no store named 'disk'; it offers memory\n")
        let refusedOptions = try Self.run([memory, "--options", "{\"path\": \"/tmp/x\"}"])
        #expect(refusedOptions.status == 69)
        #expect(refusedOptions.standardError.contains("the memory store takes no options"))
        let notAPlugin = try Self.run([#filePath])
        #expect(notAPlugin.status == 69)
    }
}

/// A C plugin with two stores that accept every commit and remember nothing, claiming to be
/// durable (Fixtures/bad/forgetful_store.c): what the tool must fail.
enum ForgetfulStore {
    /// Builds it once per test run; returns the `.so` path.
    static func build() throws -> String {
        try CPluginBuilder.build("forgetful-store", sources: ["Tests/BeckonPluginHostTests/Fixtures/bad/forgetful_store.c"])
    }
}

extension ProcessResult {
    /// The lines of standard output.
    fileprivate var lines: [Substring] { standardOutput.split(separator: "\n") }
}
