import BeckonTestSupport
import Foundation
import Testing

/// `beckon plugin new`: the folder it writes builds and passes its own test (`test.sh`: build,
/// `beckon check`, a rule through `beckon tip status`, `beckon plugin verify`, and for a store
/// `beckon-conformance`) as it is, from a temporary folder, exactly as a new author would run it.
/// A Swift plugin's build takes minutes: it is waited for off the concurrency pool (`OwnThread`).
@Suite("beckon plugin new")
struct PluginNewCommandTests {
    /// Writes the plugin `name` in `language` into a new temporary folder and runs its `test.sh`.
    static func makeAndTest(_ name: String, language: String, extra: [String] = []) async throws -> (folder: URL, status: Int32, output: String) {
        let parent = try BeckonProcess.temporaryFolder()
        let made = try BeckonProcess.run(["plugin", "new", name, "--lang", language] + extra, in: parent)
        #expect(made.status == 0, "\(made.standardError)")
        let offering = extra.contains("--store") ? "a store" : "conditions"
        #expect(made.standardOutput == "\(name)/: a \(language == "c" ? "C" : "Swift") plugin '\(name)' offering \(offering). Next: cd \(name) && ./test.sh\n")
        let folder = parent.appendingPathComponent(name)
        let (status, output, error) = try await ProcessRunner.run("bash", ["test.sh"], in: folder.path,
                                                                  environment: ["BECKON": BuiltProducts.beckon.path,
                                                                                "BECKON_CONFORMANCE": try BuiltProducts.path("beckon-conformance")])
        return (folder, status, output + error)
    }

    @Test func aNewCPluginBuildsWithEveryWarningAnErrorAndPassesItsTest() async throws {
        let (folder, status, output) = try await Self.makeAndTest("rollout", language: "c")
        #expect(status == 0, "\(output)")
        #expect(output.contains("tip.status evenVisit → available"), "\(output)")
        #expect(output.contains("rollout: all checks passed\n"), "\(output)")
        let build = try String(contentsOf: folder.appendingPathComponent("build.sh"), encoding: .utf8)
        #expect(build.contains("-Wall -Wextra -Werror"))
        // The header written is the one this Beckon speaks.
        #expect(try Data(contentsOf: folder.appendingPathComponent("include/beckon_plugin.h"))
                == Data(contentsOf: Repository.url("Sources/CBeckonPlugin/include/beckon_plugin.h")))
    }

    @Test func aNewSwiftPluginBuildsOnBeckonPluginKitAndPassesItsTest() async throws {
        let (_, status, output) = try await Self.makeAndTest("rollsw", language: "swift", extra: ["--beckon-package", Repository.root.path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("✓ exports"), "\(output)")
        #expect(output.contains("rollsw: all checks passed\n"), "\(output)")
    }

    @Test(arguments: ["c", "swift"])
    func aNewStoreBuildsAndPassesTheStoreContract(_ language: String) async throws {
        let (_, status, output) = try await Self.makeAndTest("vault", language: language, extra: ["--store", "--beckon-package", Repository.root.path])
        #expect(status == 0, "\(output)")
        #expect(output.contains("tip.status welcome → available"), "\(output)")
        #expect(output.contains("store vault.memory: passes the Store contract"), "\(output)")
        #expect(output.contains("checks passed"), "beckon-conformance: \(output)")
        #expect(output.contains("vault: all checks passed\n"), "\(output)")
    }

    @Test func anExistingFolderIsKeptAndABadNameRefused() throws {
        let parent = try BeckonProcess.temporaryFolder()
        try FileManager.default.createDirectory(at: parent.appendingPathComponent("taken"), withIntermediateDirectories: false)
        let taken = try BeckonProcess.run(["plugin", "new", "taken", "--lang", "c"], in: parent)
        #expect(taken.status == 65)
        #expect(taken.standardError.contains("taken already exists, and is kept"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.appendingPathComponent("taken").path).isEmpty)

        let bad = try BeckonProcess.run(["plugin", "new", "roll-out", "--lang", "c"], in: parent)
        #expect(bad.status == 64)
        #expect(bad.standardError.contains("'roll-out' cannot be a plugin's name"))
    }

    /// The folder appears whole or not at all: where a file or folder cannot be made, everything
    /// made before it is removed again, and the tree is as it was.
    @Test(arguments: [
        // A name too long for a file name: the folder is made, its first file is not.
        (name: String(repeating: "a", count: 300), output: "plugin", error: "cannot create 'plugin/\(String(repeating: "a", count: 300)).c': File name too long; nothing is left of plugin", status: Int32(66)),
        // The same once the missing folders above it are made: they are removed too.
        (name: String(repeating: "a", count: 300), output: "new/er/plugin", error: "cannot create 'new/er/plugin/\(String(repeating: "a", count: 300)).c': File name too long; nothing is left of new/er/plugin", status: Int32(66)),
        // A regular file is in the way.
        (name: "quiet", output: "file/quiet", error: "cannot create 'file/quiet': Not a directory; nothing is left of file/quiet", status: Int32(66)),
        (name: "quiet", output: "dangling", error: "dangling already exists, and is kept: choose another name or --output", status: Int32(65)),
    ])
    func aFolderThatCannotBeMadeWholeLeavesNothing(_ name: String, output: String, error: String, status: Int32) throws {
        let parent = try BeckonProcess.temporaryFolder()
        let files = FileManager.default
        #expect(files.createFile(atPath: parent.appendingPathComponent("file").path, contents: Data("kept".utf8)))
        try files.createSymbolicLink(atPath: parent.appendingPathComponent("dangling").path, withDestinationPath: "nowhere")
        let before = try files.subpathsOfDirectory(atPath: parent.path).sorted()

        let made = try BeckonProcess.run(["plugin", "new", name, "--lang", "c", "--output", output], in: parent)
        #expect(made.status == status)
        #expect(made.standardError == "beckon: error: \(error)\n")
        #expect(try files.subpathsOfDirectory(atPath: parent.path).sorted() == before)
    }

    @Test func missingFoldersAboveItAreMadeAndATrailingSlashIsOne() throws {
        let parent = try BeckonProcess.temporaryFolder()
        let made = try BeckonProcess.run(["plugin", "new", "quiet", "--lang", "c", "--output", "deep/er/quiet//"], in: parent)
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardOutput == "deep/er/quiet/: a C plugin 'quiet' offering conditions. Next: cd deep/er/quiet && ./test.sh\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: parent.appendingPathComponent("deep/er/quiet").path).sorted()
                == ["README.md", "build.sh", "example.yaml", "include", "quiet.c", "test.sh"])
    }
}
