import BeckonTestSupport
import Foundation
import Testing

/// `Scripts/setup.sh`, what the two commands run first: a Debian package the machine lacks is
/// installed as root, and otherwise named in the one line to run, exit 69, before anything is
/// built. (Installing is not tried here: the suite runs on a machine that has every package.)
@Suite("The two commands' set-up")
struct SetUpScriptTests {
    /// Runs `script` in bash at the repository root after sourcing the set-up, as user `uid`
    /// (`id -u` answers it).
    static func run(_ script: String, uid: Int) throws -> (status: Int32, output: String, error: String) {
        try ProcessRunner.run("bash", ["-c", "id() { echo \(uid); }; source Scripts/setup.sh; \(script)"], in: Repository.root.path)
    }

    @Test func aMissingPackageIsNamedInTheOneLineToRunWhenNotRoot() throws {
        let result = try Self.run("need_debian_packages bash no-such-package-for-beckon; echo went on", uid: 1000)
        #expect(result.status == 69)
        #expect(result.error == "setup: missing Debian packages; run: sudo apt-get install -y no-such-package-for-beckon\n")
        #expect(!result.output.contains("went on"))
    }

    @Test func installedPackagesNeedNothing() throws {
        for uid in [0, 1000] {
            let result = try Self.run("need_debian_packages bash coreutils; echo went on", uid: uid)
            #expect(result.status == 0)
            #expect(result.output == "went on\n" && result.error.isEmpty, "\(result)")
        }
    }

    /// The build's packages are the Debian packages that hold the `.pc` file of each system
    /// library `Package.swift` names through pkg-config (yaml-0.1, sqlite3, libpq, icu-i18n), and
    /// pkg-config itself.
    @Test func theBuildsPackagesHoldThePackagesSystemLibraries() throws {
        let listed = try Self.run("printf '%s\\n' \"${beckon_build_packages[@]}\"", uid: 0).output.split(separator: "\n").map(String.init)
        let manifest = try String(contentsOf: Repository.url("Package.swift"), encoding: .utf8)
        let libraries = manifest.matches(of: /pkgConfig: "([^"]+)"/).map { String($0.1) }
        #expect(libraries.count == 4)
        var holders: Set<String> = ["pkg-config"]
        for library in libraries {
            let file = try ProcessRunner.run("pkg-config", ["--path", library]).output.trimmingCharacters(in: .whitespacesAndNewlines)
            let owner = try ProcessRunner.run("dpkg", ["-S", file]).output
            holders.insert(String(owner.prefix { $0 != ":" }))
        }
        #expect(Set(listed) == holders, "\(listed) against \(holders)")
    }
}
