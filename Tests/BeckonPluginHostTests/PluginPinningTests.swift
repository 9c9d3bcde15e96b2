@testable import BeckonPluginHost
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import BeckonTestSupport
import Foundation
import Testing

/// What a `plugins:` entry asks of its file: the pinned digest (`sha256:`), an accepted version
/// (`version:`), found by name in the plugin folders (`name:`), and pins required
/// (`requirePins`). Each refusal is a diagnostic at the key it is about; a refused file is never
/// opened.
@Suite("plugin pins, versions and lookup by name")
struct PluginPinningTests {
    /// The `versioned` fixture (a plugin named "rollout") built as `version`.
    static func rollout(_ version: String) throws -> String {
        try CPluginBuilder.build("rollout-\(version)", sources: ["Tests/BeckonPluginHostTests/Fixtures/good/versioned.c"],
                                 defines: ["PLUGIN_VERSION=\"\(version)\""])
    }

    /// A copy of `rollout(version)` at `name` in `folder` (a path no other test opens).
    @discardableResult
    static func install(_ version: String, in folder: String, as name: String = "librollout.so") throws -> String {
        let file = folder + "/" + name
        try FileManager.default.copyItem(atPath: try rollout(version), toPath: file)
        return file
    }

    static let entrySpan = SourceSpan(file: "beckon.yaml", at: SourcePosition(line: 3, column: 13))
    static let pinSpan = SourceSpan(file: "beckon.yaml", at: SourcePosition(line: 4, column: 15))
    static let versionSpan = SourceSpan(file: "beckon.yaml", at: SourcePosition(line: 5, column: 16))

    static func entry(path: String? = nil, name: String? = nil, sha256: String? = nil, versions: String? = nil) -> PluginDeclaration {
        PluginDeclaration(path: path ?? "", writtenPath: path ?? "", lookupName: name, namespace: nil,
                          sha256: sha256.flatMap { PinnedDigest($0, at: pinSpan) },
                          versions: try? versions.map { Located(try VersionRange.parse($0).get(), at: versionSpan) }, span: entrySpan)
    }

    static func digest(_ path: String) throws -> String { try PluginHost.sha256(ofFile: path).get() }

    /// The version the loaded plugin was built as, asked through its condition.
    static func loadedVersion(_ host: PluginHost) -> String? {
        let answer = host.functions["rollout.version"]?.call([], context: LoadingTestContext(subject: "ada"))
        guard case .success(let value)? = answer, case Value.string(let version) = value else { return nil }
        return version
    }

    /// Whether this process has `path` mapped (opened as a library).
    static func isMapped(_ path: String) throws -> Bool {
        try String(contentsOfFile: "/proc/self/maps", encoding: .utf8).contains(path)
    }

    @Test("the digest is the file's SHA-256, as sha256sum prints it")
    func digestIsSHA256() throws {
        let path = try Self.rollout("1.0.0")
        #expect(try Self.digest(path) == sha256sum(path))
    }

    @Test("a pinned plugin loads; an entry may pin in either case")
    func pinnedLoads() throws {
        let folder = try TemporaryFolder("pins")
        let file = try Self.install("1.2.0", in: folder.path)
        for pin in [try Self.digest(file), try Self.digest(file).uppercased()] {
            let (host, diagnostics) = PluginHost.load([Self.entry(path: file, sha256: pin)])
            #expect(diagnostics.isEmpty)
            #expect(Self.loadedVersion(host) == "1.2.0")
            #expect(host.plugins.first?.pinnedSHA256 == pin.lowercased())
        }
    }

    @Test("a file with one byte changed is refused at its pin, naming both digests, and never opened")
    func oneByteChangedIsRefused() throws {
        let folder = try TemporaryFolder("pins")
        let file = try Self.install("1.2.0", in: folder.path)
        let pin = try Self.digest(file)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: file)))
        bytes[bytes.count / 2] ^= 0x01
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let actual = try Self.digest(file)

        let (host, diagnostics) = PluginHost.load([Self.entry(path: file, sha256: pin)])
        #expect(host.plugins.isEmpty)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.code == "plugin.integrity")
        #expect(diagnostic.span == Self.pinSpan)
        #expect(diagnostic.message.contains(String(actual.prefix(12))) && diagnostic.message.contains(String(pin.prefix(12))))
        #expect(try !Self.isMapped(file))
    }

    @Test("pins required: an unpinned entry is refused at its path and never opened; a pinned one loads")
    func pinsRequired() throws {
        let folder = try TemporaryFolder("pins")
        let file = try Self.install("1.2.0", in: folder.path)
        let (refused, diagnostics) = PluginHost.load([Self.entry(path: file)], requirePins: true)
        #expect(refused.plugins.isEmpty)
        #expect(diagnostics.map(\.code) == ["plugin.unpinned"])
        #expect(diagnostics.first?.span == Self.entrySpan)
        #expect(try !Self.isMapped(file))

        let (loaded, none) = PluginHost.load([Self.entry(path: file, sha256: try Self.digest(file))], requirePins: true)
        #expect(none.isEmpty)
        #expect(Self.loadedVersion(loaded) == "1.2.0")
    }

    struct VersionCase: Sendable, CustomTestStringConvertible {
        var built: String
        var range: String
        var loads: Bool
        var testDescription: String { "\(built) in '\(range)': \(loads ? "loads" : "refused")" }
    }

    static let versionCases: [VersionCase] = [
        VersionCase(built: "1.4.0", range: ">=1.2, <2", loads: true),
        VersionCase(built: "2.0.0", range: ">=1.2, <2", loads: false),
        VersionCase(built: "1.1.9", range: ">=1.2, <2", loads: false),
        VersionCase(built: "1.4.0", range: "^1.2", loads: true),
        VersionCase(built: "1.4.0", range: "~1.2", loads: false),
        VersionCase(built: "1.4.0", range: "=1.4.0", loads: true),
        VersionCase(built: "1.4.0", range: "1.*", loads: true),
        VersionCase(built: "2.0.0-rc.1", range: ">=1.2", loads: false),
        VersionCase(built: "2.0.0-rc.1", range: ">=2.0.0-rc.1", loads: true),
        VersionCase(built: "nightly", range: "*", loads: false),
    ]

    @Test(arguments: versionCases)
    func versionRanges(_ example: VersionCase) throws {
        let (host, diagnostics) = PluginHost.load([Self.entry(path: try Self.rollout(example.built), versions: example.range)])
        if example.loads {
            #expect(diagnostics.isEmpty)
            #expect(Self.loadedVersion(host) == example.built)
        } else {
            #expect(host.plugins.isEmpty)
            #expect(diagnostics.map(\.code) == ["plugin.version"])
            #expect(diagnostics.first?.span == Self.versionSpan)
            #expect(diagnostics.first?.message.contains(example.built) == true)
            #expect(diagnostics.first?.message.contains(example.range) == true)
        }
    }

    /// Two folders on the search path: the first holds 1.4.0, the second 2.1.0.
    static func twoFolders() throws -> (TemporaryFolder, PluginSearchPath) {
        let root = try TemporaryFolder("plugin-path")
        try Self.install("1.4.0", in: try root.createFolder("first"))
        try Self.install("2.1.0", in: try root.createFolder("second"))
        try root.write("second/README.txt", "not a plugin")
        let searchPath = PluginSearchPath(folders: [.init(path: root.file("first"), origin: "BECKON_PLUGIN_PATH"),
                                                    .init(path: root.file("second"), origin: "BECKON_PLUGIN_PATH")])
        return (root, searchPath)
    }

    struct LookupCase: Sendable, CustomTestStringConvertible {
        var range: String?
        /// The version found, or the code of the refusal.
        var outcome: String
        var testDescription: String { "version \(range ?? "any"): \(outcome)" }
    }

    static let lookupCases: [LookupCase] = [
        LookupCase(range: nil, outcome: "1.4.0"),
        LookupCase(range: "^1", outcome: "1.4.0"),
        LookupCase(range: ">=2", outcome: "2.1.0"),
        LookupCase(range: "~2.1.0", outcome: "2.1.0"),
        LookupCase(range: "^3", outcome: "plugin.version"),
    ]

    @Test("lookup by name: the first folder with an accepted version", arguments: lookupCases)
    func lookupByName(_ example: LookupCase) throws {
        let (root, searchPath) = try Self.twoFolders()
        let (host, diagnostics) = PluginHost.load([Self.entry(name: "rollout", versions: example.range)], searchPath: searchPath)
        if example.outcome.hasPrefix("plugin.") {
            #expect(diagnostics.map(\.code) == [example.outcome])
            #expect(diagnostics.first?.span == Self.versionSpan)
            #expect(diagnostics.first?.message.contains("1.4.0 at \(root.file("first/librollout.so"))") == true)
        } else {
            #expect(diagnostics.isEmpty)
            #expect(Self.loadedVersion(host) == example.outcome)
            #expect(host.plugins.first?.lookupName == "rollout")
            #expect(host.plugins.first?.file.hasPrefix(root.path) == true)
        }
    }

    @Test("lookup by name and pin: only the file with the pinned digest is opened")
    func lookupByNameAndPin() throws {
        let (root, searchPath) = try Self.twoFolders()
        let second = root.file("second/librollout.so")
        let (host, diagnostics) = PluginHost.load([Self.entry(name: "rollout", sha256: try Self.digest(second))], searchPath: searchPath)
        #expect(diagnostics.isEmpty)
        #expect(Self.loadedVersion(host) == "2.1.0")
        #expect(try !Self.isMapped(root.file("first/librollout.so")))

        let (_, refused) = PluginHost.load([Self.entry(name: "rollout", sha256: String(repeating: "ab", count: 32))], searchPath: searchPath)
        #expect(refused.map(\.code) == ["plugin.integrity"])
        #expect(refused.first?.span == Self.pinSpan)
    }

    @Test("two files of the name in one folder are ambiguous, at the entry; a version or a pin chooses")
    func ambiguity() throws {
        let root = try TemporaryFolder("plugin-path")
        try Self.install("1.4.0", in: root.path, as: "librollout-1.4.so")
        let newer = try Self.install("1.5.0", in: root.path, as: "librollout-1.5.so")
        let searchPath = PluginSearchPath(folders: [.init(path: root.path, origin: "BECKON_PLUGIN_PATH")])

        let (_, diagnostics) = PluginHost.load([Self.entry(name: "rollout")], searchPath: searchPath)
        #expect(diagnostics.map(\.code) == ["plugin.ambiguous"])
        #expect(diagnostics.first?.span == Self.entrySpan)
        #expect(diagnostics.first?.message.contains("librollout-1.4.so (1.4.0), \(newer) (1.5.0)") == true)

        let (byVersion, none) = PluginHost.load([Self.entry(name: "rollout", versions: "~1.5")], searchPath: searchPath)
        #expect(none.isEmpty)
        #expect(Self.loadedVersion(byVersion) == "1.5.0")
    }

    @Test("a name installed nowhere is reported at the entry, naming every folder looked in")
    func absence() throws {
        let (root, searchPath) = try Self.twoFolders()
        let (host, diagnostics) = PluginHost.load([Self.entry(name: "calendar")], searchPath: searchPath)
        #expect(host.plugins.isEmpty)
        #expect(diagnostics.map(\.code) == ["plugin.unavailable"])
        #expect(diagnostics.first?.span == Self.entrySpan)
        #expect(diagnostics.first?.message.contains("\(root.file("first")) (BECKON_PLUGIN_PATH), \(root.file("second"))") == true)
        #expect(host.unavailableNamespaces == ["calendar"])
    }

    @Test("the search path: BECKON_PLUGIN_PATH's folders, then the user's, the machine's and the system's")
    func standardSearchPath() {
        let path = PluginSearchPath.standard(variable: "/opt/a::/opt/b", home: "/home/ada")
        #expect(path.folders.map(\.path) == ["/opt/a", "/opt/b", "/home/ada/.local/lib/beckon/plugins",
                                             "/usr/local/lib/beckon/plugins", "/usr/lib/beckon/plugins"])
        #expect(path.folders.map(\.origin) == ["BECKON_PLUGIN_PATH", "BECKON_PLUGIN_PATH", "user", "local", "system"])
        #expect(PluginSearchPath.standard(variable: "", home: nil).folders.map(\.origin) == ["local", "system"])
    }

    @Test("installed plugins: each folder's files with name, version and digest; a later one of a name is shadowed")
    func installedPlugins() throws {
        let (root, searchPath) = try Self.twoFolders()
        let listing = PluginHost.installedPlugins(in: searchPath + [.init(path: root.file("absent"), origin: "user")])
        #expect(listing.map(\.exists) == [true, true, false])
        let first = try #require(listing.first?.plugins.first)
        let second = try #require(listing.dropFirst().first?.plugins.first)
        #expect(listing.map(\.plugins.count) == [1, 1, 0])
        #expect([first.name, first.version, second.name, second.version] == ["rollout", "1.4.0", "rollout", "2.1.0"])
        #expect(first.sha256 == (try Self.digest(first.file)))
        #expect(first.shadowedBy == nil && second.shadowedBy == first.file)
    }

    @Test("a file replaced on disk after the process loaded it is refused, not silently the old one")
    func replacedOnDisk() throws {
        let folder = try TemporaryFolder("pins")
        let file = try Self.install("1.2.0", in: folder.path)
        let (first, none) = PluginHost.load([Self.entry(path: file)])
        #expect(none.isEmpty && Self.loadedVersion(first) == "1.2.0")

        let replacement = try Self.install("1.3.0", in: folder.path, as: "new.so")
        #expect(rename(replacement, file) == 0)
        let (second, diagnostics) = PluginHost.load([Self.entry(path: file, sha256: try Self.digest(file))])
        #expect(second.plugins.isEmpty)
        #expect(diagnostics.map(\.code) == ["plugin.unavailable"])
        #expect(diagnostics.first?.message.contains("was replaced on disk after this process loaded it") == true)
    }
}

extension PluginSearchPath {
    /// The search path with `folders` after its own.
    static func + (path: PluginSearchPath, folders: [Folder]) -> PluginSearchPath {
        PluginSearchPath(folders: path.folders + folders)
    }
}
