/// Resolves paths written in a configuration file against that file's folder.
enum PathResolver {
    /// `written` if absolute, else `written` inside the folder of `file`.
    static func resolve(_ written: String, relativeTo file: String) -> String {
        if written.hasPrefix("/") { return written }
        let folder = directory(of: file)
        if folder.isEmpty { return written }
        return folder.hasSuffix("/") ? folder + written : folder + "/" + written
    }

    /// The folder part of a path (`""` for a bare file name).
    static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }
}
