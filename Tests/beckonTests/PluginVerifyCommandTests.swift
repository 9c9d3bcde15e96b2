import BeckonTestSupport
import Foundation
import Testing

/// `beckon plugin verify` through the CLI: the shipped calendar and memory-store plugins pass it
/// as they are built, its JSON report says so check by check, and a broken plugin exits 1.
@Suite("beckon plugin verify")
struct PluginVerifyCommandTests {
    static func report(_ result: ProcessResult) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
    }

    @Test(arguments: ["Config/plugins/libbeckon-calendar.so", "memory-store"])
    func theShippedPluginsPass(_ plugin: String) throws {
        let path = plugin.hasSuffix(".so") ? Repository.path(plugin) : try BuiltProducts.path("libbeckon-\(plugin).so")
        let result = try BeckonProcess.run(["plugin", "verify", path, "--json"])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        let report = try Self.report(result)
        #expect(report["passed"] as? Bool == true)
        let checks = try #require(report["checks"] as? [[String: Any]])
        #expect(checks.map { $0["name"] as? String } == ["exports", "undefined", "descriptor", "conditions", "stores"])
        #expect(checks.allSatisfy { $0["passed"] as? Bool == true && ($0["problems"] as? [Any])?.isEmpty == true })
        #expect(report["abi"] as? String == "1.3")
    }

    @Test func aBrokenPluginExits1AndSaysWhy() throws {
        let folder = try BeckonProcess.temporaryFolder()
        try PluginCommandTests.build("bad/null_evaluate", as: "halfdone", in: folder)
        let result = try BeckonProcess.run(["plugin", "verify", folder.appendingPathComponent("libhalfdone.so").path])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("✗ descriptor\n    ✗ plugin '"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("conditions[1].evaluate is NULL"))
        #expect(result.standardOutput.hasSuffix("failed: descriptor\n"))
    }

    @Test func badJSONOptionsAreAUsageError() throws {
        let result = try BeckonProcess.run(["plugin", "verify", "x.so", "--store-options", "{nope"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--store-options is not valid JSON"))
    }
}
