/// A plugin file in a folder of the search path, as `beckon plugins --search` lists it.
public struct InstalledPlugin: Sendable, Hashable {
    /// The file.
    public var file: String
    /// Its descriptor's name, version and ABI, when it loads as a plugin.
    public var name: String?
    public var version: String?
    public var abi: String?
    /// Why it does not load as a plugin, when it does not.
    public var problem: String?
    /// Its SHA-256 digest, what an entry pins (absent when the file cannot be read).
    public var sha256: String?
    /// The file of the same name in an earlier folder, which a lookup by `name:` finds first.
    public var shadowedBy: String?

    init(file: String) {
        self.file = file
    }
}

/// One folder of the search path and the plugins in it.
public struct PluginFolderListing: Sendable, Hashable {
    public var folder: PluginSearchPath.Folder
    /// Whether the folder exists.
    public var exists: Bool
    /// Its plugin files, sorted by name.
    public var plugins: [InstalledPlugin]
}

extension PluginHost {
    /// Every plugin file of `searchPath`, folder by folder, each opened to read its descriptor
    /// (which runs its entry), with its digest, and which are shadowed by a plugin of the same
    /// name in an earlier folder.
    public static func installedPlugins(in searchPath: PluginSearchPath = .standard()) -> [PluginFolderListing] {
        var firstFile: [String: String] = [:]
        return searchPath.folders.map { folder in
            let plugins = PluginFolder(path: folder.path).files.map { file in
                var plugin = PluginFolder.candidate(file, withDigest: true)
                if let name = plugin.name {
                    if let first = firstFile[name], !first.hasPrefix(folder.path + "/") { plugin.shadowedBy = first }
                    if firstFile[name] == nil { firstFile[name] = file }
                }
                return plugin
            }
            return PluginFolderListing(folder: folder, exists: PluginFolder(path: folder.path).exists, plugins: plugins)
        }
    }

    /// The SHA-256 digest of the file at `path` (64 lowercase hexadecimal digits), what an entry's
    /// `sha256:` pins; or why it cannot be read.
    public static func sha256(ofFile path: String) -> Result<String, PluginFileError> {
        FileDigest.sha256(ofFile: path).mapError { PluginFileError(message: $0.clause) }
    }
}

/// Why a plugin file could not be read.
public struct PluginFileError: Error, Sendable {
    /// A clause: "cannot open: no such file".
    public var message: String
}
