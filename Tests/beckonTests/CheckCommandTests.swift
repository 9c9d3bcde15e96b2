import BeckonTestSupport
import Foundation
import Testing

@Suite("beckon check")
struct CheckCommandTests {
    @Test func validExampleExitsZeroWithSummary() throws {
        let result = try BeckonProcess.run(["check", "--config", "Config/example.yaml"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "Config/example.yaml: valid — 4 tips, 2 groups, 3 scenarios, 3 events, 8 parameters, 2 what's-new entries, 1 plugin, 2 files\n")
        #expect(result.standardError == "")
    }

    @Test func validExampleInJSONIsAnEmptyArray() throws {
        let result = try BeckonProcess.run(["check", "--config", "Config/example.yaml", "--json"])
        #expect(result.status == 0)
        #expect(result.standardOutput == "[]\n")
    }

    @Test func invalidConfigurationExits65WithEveryDiagnostic() throws {
        let folder = try BeckonProcess.folder(configuration: """
            version: 1
            tips:
              welcome:
                titel: Hello
                maxDisplayCount: -1

            """)
        let result = try BeckonProcess.run(["check"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            beckon.yaml:3:3: error: tip 'welcome' is missing the required key 'title' [config.missingKey]
                3 |   welcome:
                  |   ^~~~~~~
            beckon.yaml:4:5: error: unknown key 'titel' in tip 'welcome'; did you mean 'title'? [config.unknownKey]
                4 |     titel: Hello
                  |     ^~~~~
            beckon.yaml:5:22: error: 'maxDisplayCount' of tip 'welcome' must be at least 1, not -1 [config.range]
                5 |     maxDisplayCount: -1
                  |                      ^~
            beckon: error: beckon.yaml is not valid: 3 errors

            """)
    }

    @Test func invalidConfigurationInJSONListsDiagnostics() throws {
        let folder = try BeckonProcess.temporaryFolder()
        let path = folder.appendingPathComponent("bad.yaml").path
        try "version: 2\n".write(toFile: path, atomically: true, encoding: .utf8)
        let result = try BeckonProcess.run(["check", "--config", path, "--json"])
        #expect(result.status == 65)
        let parsed = try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]]
        let diagnostic = try #require(parsed?.first)
        #expect(parsed?.count == 1)
        #expect(diagnostic["file"] as? String == path)
        #expect(diagnostic["line"] as? Int == 1)
        #expect(diagnostic["column"] as? Int == 10)
        #expect(diagnostic["severity"] as? String == "error")
        #expect(diagnostic["code"] as? String == "config.formatVersion")
        #expect((diagnostic["message"] as? String)?.contains("version 2 is not supported") == true)
    }

    @Test func missingFileExits66() throws {
        let result = try BeckonProcess.run(["check", "--config", "does-not-exist.yaml"])
        #expect(result.status == 66)
        #expect(result.standardError == "beckon: error: cannot read configuration 'does-not-exist.yaml': No such file or directory\n")
    }

    @Test func configPathComesFromTheEnvironmentWhenNotGiven() throws {
        let result = try BeckonProcess.run(["check"], environment: ["BECKON_CONFIG": "Config/example.yaml"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("Config/example.yaml: valid"))
    }

    @Test func defaultConfigPathIsBeckonYamlInTheWorkingFolder() throws {
        let folder = try BeckonProcess.temporaryFolder()
        let missing = try BeckonProcess.run(["check"], in: folder)
        #expect(missing.status == 66)
        #expect(missing.standardError.contains("'beckon.yaml'"))
        try "version: 1\n".write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        let present = try BeckonProcess.run(["check"], in: folder)
        #expect(present.status == 0)
    }

    @Test(arguments: [["check", "--bogus"], ["check", "--config"], ["frobnicate"]])
    func usageErrorsExit64(arguments: [String]) throws {
        let result = try BeckonProcess.run(arguments)
        #expect(result.status == 64)
        #expect(!result.standardError.isEmpty)
    }
}
