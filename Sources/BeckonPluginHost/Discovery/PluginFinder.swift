import BeckonCore
import BeckonDiagnostics

/// Finds the file of a `plugins:` entry given by `name:`: in the first folder of the search path
/// that holds a plugin of that name and an accepted version (`version:`) and, when the entry is
/// pinned, whose file has the pinned digest (files with another digest are never opened).
///
/// Two such files in that folder are ambiguous: Beckon cannot know which one was reviewed, so it
/// loads neither and says how to choose (`version:`, `sha256:` or `path:`).
struct PluginFinder {
    var searchPath: PluginSearchPath

    /// The file to load, or the diagnostic saying why there is none.
    enum Lookup {
        case found(String)
        case refused(Diagnostic)
    }

    /// Looks the entry's plugin up.
    func file(for declaration: PluginDeclaration, named name: String) -> Lookup {
        var otherVersions: [InstalledPlugin] = []
        var otherDigests = 0
        for folder in searchPath.folders {
            var matches: [InstalledPlugin] = []
            for file in PluginFolder(path: folder.path).files {
                if let pin = declaration.sha256, (try? FileDigest.sha256(ofFile: file).get()) != pin.hex {
                    otherDigests += 1
                    continue
                }
                let candidate = PluginFolder.candidate(file, withDigest: false)
                guard candidate.name == name else { continue }
                if let versions = declaration.versions, Self.versionProblem(versions.value, candidate.version ?? "") != nil {
                    otherVersions.append(candidate)
                    continue
                }
                matches.append(candidate)
            }
            if matches.count == 1 { return .found(matches[0].file) }
            if matches.count > 1 {
                let files = matches.map { "\($0.file) (\($0.version ?? "?"))" }.joined(separator: ", ")
                return .refused(.error("plugin.ambiguous", "plugin '\(name)': \(matches.count) files in \(folder.path) are this plugin: \(files); "
                    + "choose one with 'version:', 'sha256:' or 'path:'", at: declaration.span))
            }
        }
        if let versions = declaration.versions, !otherVersions.isEmpty {
            let found = otherVersions.map { "\($0.version ?? "?") at \($0.file)" }.joined(separator: ", ")
            return .refused(.error(PluginUnavailability.version, "plugin '\(name)': no installed version is one '\(versions.value)' accepts: found \(found)",
                                   at: versions.span))
        }
        if let pin = declaration.sha256, otherDigests > 0 {
            return .refused(.error(PluginUnavailability.integrity, "plugin '\(name)': no plugin file in the plugin folders has sha256 \(PinnedDigest.short(pin.hex)) "
                + "(\(otherDigests) with other digests, none opened); looked in \(searchPath.described)", at: pin.span))
        }
        return .refused(.error(PluginUnavailability.unavailable, "plugin '\(name)': not installed: no plugin of that name in \(searchPath.described); "
            + "`beckon plugins --search` lists what is installed", at: declaration.span))
    }

    /// Why a plugin of `version` is not one `range` accepts, as a clause; nil when it is.
    static func versionProblem(_ range: VersionRange, _ version: String) -> String? {
        guard let semantic = SemanticVersion(version) else {
            return "gives version '\(version)', which is not a semantic version (MAJOR.MINOR.PATCH), so 'version: \(range)' cannot match it"
        }
        return range.contains(semantic) ? nil : "is version \(semantic), which 'version: \(range)' does not accept"
    }
}
