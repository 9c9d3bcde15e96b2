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
}
