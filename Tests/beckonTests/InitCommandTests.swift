import BeckonTestSupport
import Foundation
@testable import beckon
import Testing

/// `beckon init [PATH]`: a starter configuration that checks, written whole, never over a file.
@Suite("beckon init")
struct InitCommandTests {
    @Test func writesBeckonYamlThatPassesCheck() throws {
        let folder = try BeckonProcess.temporaryFolder()
        let written = try BeckonProcess.run(["init"], in: folder)
        #expect(written.status == 0)
        #expect(written.standardOutput == "beckon.yaml: written; check it with: beckon check --config beckon.yaml\n")
        #expect(written.standardError == "")
        let text = try String(contentsOf: folder.appendingPathComponent("beckon.yaml"), encoding: .utf8)
        #expect(text == InitCommand.starter)

        let checked = try BeckonProcess.run(["check"], in: folder)
        #expect(checked.status == 0)
        #expect(checked.standardOutput
            == "beckon.yaml: valid — 2 tips, 0 groups, 1 scenario, 1 event, 1 parameter, 1 what's-new entry, 0 plugins, 1 file\n")
        #expect(checked.standardError == "")
        // Nothing but the file: no temporary file is left behind.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["beckon.yaml"])
    }

    @Test func starterAnswersTheDecisionCommands() throws {
        let folder = try BeckonProcess.temporaryFolder()
        #expect(try BeckonProcess.run(["init", "starter.yaml"], in: folder).status == 0)
        let status = try BeckonProcess.run(["tip", "status", "sign-in", "--config", "starter.yaml", "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(status.status == 1)
        #expect(status.standardOutput.hasPrefix("tip.status sign-in → pending"))
        // The store is the SQLite file next to the configuration, whatever the working folder.
        let elsewhere = try BeckonProcess.temporaryFolder()
        let event = try BeckonProcess.run(["event", "donate", "appLaunched", "--config", folder.appendingPathComponent("starter.yaml").path],
                                          in: elsewhere)
        #expect(event.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("beckon.db").path))
    }

    @Test func dashWritesTheStarterToStandardOutput() throws {
        let folder = try BeckonProcess.temporaryFolder()
        let result = try BeckonProcess.run(["init", "-"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardOutput == InitCommand.starter)
        #expect(result.standardError == "")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test func refusesAnExistingFileAndKeepsItsBytes() throws {
        let folder = try BeckonProcess.temporaryFolder()
        let path = folder.appendingPathComponent("mine.yaml")
        let bytes = Data("version: 1\n# mine, not to be replaced\n".utf8)
        try bytes.write(to: path)
        let result = try BeckonProcess.run(["init", "mine.yaml"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "beckon: error: 'mine.yaml' already exists; beckon init never replaces a file (remove it, or give another path)\n")
        #expect(try Data(contentsOf: path) == bytes)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["mine.yaml"])
    }

    @Test func refusesAFolderAndADanglingLink() throws {
        let folder = try BeckonProcess.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("sub"), withIntermediateDirectories: false)
        try FileManager.default.createSymbolicLink(atPath: folder.appendingPathComponent("link.yaml").path, withDestinationPath: "nowhere.yaml")
        for name in ["sub", "link.yaml"] {
            let result = try BeckonProcess.run(["init", name], in: folder)
            #expect(result.status == 65)
            #expect(result.standardError.contains("'\(name)' already exists"))
        }
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("nowhere.yaml").path))
    }

    @Test func missingFolderIsAClearError() throws {
        let folder = try BeckonProcess.temporaryFolder()
        let result = try BeckonProcess.run(["init", "no/such/beckon.yaml"], in: folder)
        #expect(result.status == 66)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "beckon: error: cannot create 'no/such/beckon.yaml': the folder 'no/such' does not exist\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == [])
    }

    @Test func writesIntoAnotherFolderAndQuotesThePathItSuggests() throws {
        let folder = try BeckonProcess.temporaryFolder()
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("my app"), withIntermediateDirectories: false)
        let result = try BeckonProcess.run(["init", "my app/beckon.yaml"], in: folder)
        #expect(result.status == 0)
        #expect(result.standardOutput == "my app/beckon.yaml: written; check it with: beckon check --config 'my app/beckon.yaml'\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("my app").path) == ["beckon.yaml"])
    }

    /// A file that appears between the check for an existing file and the link is kept: the
    /// link fails rather than replace it.
    @Test func creationNeverReplacesAFileCreatedMeanwhile() throws {
        let folder = try BeckonProcess.temporaryFolder()
        let path = folder.appendingPathComponent("beckon.yaml").path
        try "theirs\n".write(toFile: path, atomically: false, encoding: .utf8)
        #expect(throws: InitCommand.CreationError.exists) { try InitCommand.create(path, contents: "mine\n") }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "theirs\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["beckon.yaml"])
    }
}
