import BeckonDiagnostics
#if canImport(Glibc)
import Glibc
#endif

/// Who, besides root and the user this process runs as, could change a plugin file before it is
/// loaded, and so run code with the host's rights: anyone when the file is writable by its group
/// or by everyone, or its owner when that is another user; the same for the folder holding it,
/// where one who may write the folder may put another file in its place (unless the folder is
/// sticky, as `/tmp` is: then only a file's owner may replace it). OpenSSH refuses a key on the
/// same grounds; Beckon warns (`plugin.permissions`) and loads, as a package manager may install
/// plugins under a group of its own.
enum PluginFileAccess {
    /// A clause for each way in, empty when there is none. A path that cannot be read is left to
    /// the loading, which says why.
    static func problems(ofFileAt path: String, user: uid_t = geteuid()) -> [String] {
        var problems: [String] = []
        var status = stat()
        if stat(path, &status) == 0 {
            problems += self.problems(named: path, status, user: user, isFolder: false)
        }
        let folder = PathText.folder(of: path)
        if stat(folder, &status) == 0 {
            problems += self.problems(named: "its folder \(folder)", status, user: user, isFolder: true)
        }
        return problems
    }

    private static func problems(named name: String, _ status: stat, user: uid_t, isFolder: Bool) -> [String] {
        var problems: [String] = []
        let mode = status.st_mode
        let sticky = isFolder && mode & S_ISVTX != 0
        let writers = [(S_IWGRP, "its group"), (S_IWOTH, "every user")].filter { mode & $0.0 != 0 }.map(\.1)
        if !writers.isEmpty, !sticky {
            let octal = "0" + String(mode & 0o7777, radix: 8)
            problems.append("\(name) can be written by \(writers.joined(separator: " and ")) (mode \(octal); chmod go-w)")
        }
        if status.st_uid != 0, status.st_uid != user {
            problems.append("\(name) is owned by user \(status.st_uid), neither root nor this process's user (\(user))")
        }
        return problems
    }

}
