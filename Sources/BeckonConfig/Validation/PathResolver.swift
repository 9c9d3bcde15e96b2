import BeckonDiagnostics

/// Resolves paths written in a configuration file against that file's folder.
enum PathResolver {
    /// `written` if absolute or if `file` is a bare name (both in the working folder), else
    /// `written` inside the folder of `file`.
    static func resolve(_ written: String, relativeTo file: String) -> String {
        if written.hasPrefix("/") || !file.contains("/") { return written }
        let folder = PathText.folder(of: file)
        return folder.hasSuffix("/") ? folder + written : folder + "/" + written
    }
}
