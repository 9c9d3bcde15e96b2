import BeckonTestSupport
import Foundation
import Testing

/// Pins, versions and lookup by name through the CLI: `beckon plugins --pin` prints what to pin,
/// `check --require-pins` and `plugins.requirePins` refuse what is not pinned (65), a file that is
/// not the pinned one is refused (69), `plugins --search` lists what is installed where.
@Suite("beckon plugins: pins and lookup by name")
struct PluginPinCommandTests {
    /// A folder with the `hello` fixture (a plugin named "greeting") as `libhello.so` and a
    /// `beckon.yaml` whose `plugins:` is `plugins`.
    static func folder(plugins: String) throws -> URL {
        try PluginCommandTests.folder("plugins:\n" + plugins + "\ntips:\n  long: {title: Long, rules: [greeting.isLongName()]}\n",
                                      plugins: [("good/hello", "hello")])
    }

    @Test func pinPrintsEachEntryWithItsDigestAndThePinLoads() throws {
        let folder = try Self.folder(plugins: "  - path: libhello.so")
        let digest = try sha256sum(folder.appendingPathComponent("libhello.so").path)
        let pins = try BeckonProcess.run(["plugins", "--pin"], in: folder)
        #expect(pins.status == 0, "\(pins.standardError)")
        #expect(pins.standardOutput.contains("- path: libhello.so  # greeting 1.0.0\n  sha256: \(digest)\n"), "\(pins.standardOutput)")

        let json = try BeckonProcess.run(["plugins", "--pin", "--json"], in: folder)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as? [String: Any])
        let entry = try #require((object["plugins"] as? [[String: Any]])?.first)
        #expect(entry["sha256"] as? String == digest)
        #expect(entry["path"] as? String == "libhello.so")
        #expect(entry["pinned"] as? Bool == false)

        let pinned = try Self.folder(plugins: "  requirePins: true\n  load:\n    - {path: libhello.so, sha256: \(digest)}")
        let check = try BeckonProcess.run(["check", "--require-pins"], in: pinned)
        #expect(check.status == 0, "\(check.standardError)")
    }

    @Test func unpinnedEntriesAreRefusedWhenPinsAreRequired() throws {
        let folder = try Self.folder(plugins: "  - path: libhello.so")
        #expect(try BeckonProcess.run(["check"], in: folder).status == 0)
        let required = try BeckonProcess.run(["check", "--require-pins"], in: folder)
        #expect(required.status == 65)
        #expect(required.standardError.contains("beckon.yaml:3:11: error: plugin 'libhello.so' has no 'sha256:', and pins are required"),
                "\(required.standardError)")

        let setting = try Self.folder(plugins: "  requirePins: true\n  load: [{path: libhello.so}]")
        let refused = try BeckonProcess.run(["tip", "status", "long", "--subject", "ada"], in: setting)
        #expect(refused.status == 65)
        #expect(refused.standardError.contains("[plugin.unpinned]"), "\(refused.standardError)")
        // --pin prints the pins to add even where pins are required.
        #expect(try BeckonProcess.run(["plugins", "--pin"], in: setting).status == 0)
    }

    @Test func aFileThatIsNotThePinnedOneIsRefusedWithExit69() throws {
        let folder = try Self.folder(plugins: "  - {path: libhello.so, sha256: \(String(repeating: "0", count: 64))}")
        let result = try BeckonProcess.run(["tip", "status", "long", "--subject", "ada"], in: folder)
        #expect(result.status == 69)
        #expect(result.standardError.contains("beckon.yaml:3:33: error: plugin 'libhello.so' is not the file its pin names"), "\(result.standardError)")
        #expect(result.standardError.contains("[plugin.integrity]"))
    }

    @Test func aPluginFoundByNameInThePluginPath() throws {
        let installed = try BeckonProcess.temporaryFolder()
        try PluginCommandTests.build("good/hello", as: "hello", in: installed)
        let folder = try PluginCommandTests.folder("plugins:\n  - {name: greeting, version: \"^1\"}\ntips:\n  long: {title: Long, rules: [greeting.isLongName()]}\n",
                                                   plugins: [])
        let environment = ["BECKON_PLUGIN_PATH": installed.path, "HOME": installed.path]
        let status = try BeckonProcess.run(["tip", "status", "long", "--subject", "ada-lovelace"], in: folder, environment: environment)
        #expect(status.status == 0, "\(status.standardError)")

        let listed = try BeckonProcess.run(["plugins"], in: folder, environment: environment)
        #expect(listed.standardOutput.contains("file: \(installed.path)/libhello.so (found by name)"), "\(listed.standardOutput)")

        let search = try BeckonProcess.run(["plugins", "--search"], environment: environment)
        #expect(search.status == 0)
        #expect(search.standardOutput.hasPrefix("\(installed.path) (BECKON_PLUGIN_PATH)\n  greeting 1.0.0  libhello.so  ABI "), "\(search.standardOutput)")
        #expect(search.standardOutput.contains("\(installed.path)/.local/lib/beckon/plugins (user): absent"))

        let absent = try BeckonProcess.run(["check"], in: folder, environment: ["BECKON_PLUGIN_PATH": folder.path, "HOME": folder.path])
        #expect(absent.status == 69)
        #expect(absent.standardError.contains("beckon.yaml:3:12: error: plugin 'greeting': not installed"), "\(absent.standardError)")
    }

    @Test func pinAndSearchTogetherAreAUsageError() throws {
        let result = try BeckonProcess.run(["plugins", "--pin", "--search"])
        #expect(result.status == 64)
    }
}

/// A condition that crashes the process: the crash goes on as it would (the process dies by its
/// signal), with one line first naming the plugin and its file.
@Suite("beckon: a plugin that crashes")
struct PluginCrashCommandTests {
    @Test func theCrashNamesThePlugin() throws {
        let folder = try PluginCommandTests.folder("store: {backend: memory}\nplugins: [{path: libcrashy.so}]\ntips:\n  t: {title: T, rules: [crashy.boom()]}\n",
                                                   plugins: [("bad/crashy", "crashy")])
        let result = try BeckonProcess.run(["tip", "status", "t"], in: folder, environment: ["SWIFT_BACKTRACE": "enable=no"])
        #expect(result.status != 0 && result.status != 1)
        let file = folder.appendingPathComponent("libcrashy.so").resolvingSymlinksInPath().path
        #expect(result.standardError.hasPrefix("beckon: crashed in plugin 'crashy' (\(file)); the process stops"), "\(result.standardError)")
    }
}
