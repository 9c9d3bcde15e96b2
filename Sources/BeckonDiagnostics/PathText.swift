/// The parts of a path as text, for every module that names files (a configuration's includes,
/// a plugin's folder, the files a command writes): no file is touched.
public enum PathText {
    /// The folder holding `path`, as written (`.` for a bare name, `/` for one at the root).
    public static func folder(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return slash == path.startIndex ? "/" : String(path[..<slash])
    }

    /// `path` without the slashes that end it (`out//` is `out`; `/` stays `/`).
    public static func withoutTrailingSlashes(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.count > 1, trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return String(trimmed)
    }
}
