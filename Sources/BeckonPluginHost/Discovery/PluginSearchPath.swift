#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// Where an entry given by `name:` is looked for, in order: the folders of `BECKON_PLUGIN_PATH`
/// (colon-separated, like `PATH`), then the install folders for one user, for the machine, and for
/// the system's packages. The first folder holding a plugin of that name wins, as `PATH` does.
public struct PluginSearchPath: Sendable, Hashable {
    /// One folder and why it is searched.
    public struct Folder: Sendable, Hashable {
        /// The folder, `~` expanded.
        public var path: String
        /// `BECKON_PLUGIN_PATH`, `user`, `local` or `system`.
        public var origin: String

        /// A folder searched for `origin`'s sake.
        public init(path: String, origin: String) {
            self.path = path
            self.origin = origin
        }
    }

    /// The folders, in the order they are searched.
    public var folders: [Folder]

    /// The variable naming folders to search first.
    public static let environmentVariable = "BECKON_PLUGIN_PATH"
    /// The install folders, searched after `BECKON_PLUGIN_PATH`: for one user (under `$HOME`), for
    /// the machine's own installs, for the system's packages.
    public static let installFolders: [(path: String, origin: String)] = [
        ("~/.local/lib/beckon/plugins", "user"), ("/usr/local/lib/beckon/plugins", "local"), ("/usr/lib/beckon/plugins", "system"),
    ]

    /// The order of the search, for help texts: `$BECKON_PLUGIN_PATH, then ~/.local/lib/…, …`.
    public static var order: String {
        "$\(environmentVariable), then " + installFolders.map(\.path).joined(separator: ", ")
    }

    /// The search path given folders (for tests and tools).
    public init(folders: [Folder]) {
        self.folders = folders
    }

    /// The search path of this process: `BECKON_PLUGIN_PATH`'s folders (empty ones skipped), then
    /// the install folders (the user's only when `HOME` is set).
    public static func standard() -> PluginSearchPath {
        let variable = getenv(environmentVariable).map { String(cString: $0) } ?? ""
        let home = getenv("HOME").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 }
        return standard(variable: variable, home: home)
    }

    /// The search path for a given `BECKON_PLUGIN_PATH` and `HOME`.
    public static func standard(variable: String, home: String?) -> PluginSearchPath {
        var folders = variable.split(separator: ":").map { Folder(path: String($0), origin: environmentVariable) }
        for (path, origin) in installFolders {
            if path.hasPrefix("~/") {
                guard let home else { continue }
                folders.append(Folder(path: home + path.dropFirst(), origin: origin))
            } else {
                folders.append(Folder(path: path, origin: origin))
            }
        }
        return PluginSearchPath(folders: folders)
    }

    /// The folders as a message names them: `/a, /b (BECKON_PLUGIN_PATH), /home/me/.local/… (user)`.
    var described: String {
        folders.map { "\($0.path) (\($0.origin))" }.joined(separator: ", ")
    }
}
