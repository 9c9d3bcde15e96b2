import BeckonCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// What is done to the store's file before SQLite opens it, with POSIX calls (so that opening a
/// store loads no Foundation).
enum StoreFile {
    /// Refuses a non-empty file that does not start like an SQLite database, before SQLite sees
    /// it: SQLite takes a file of a byte or so for an empty database and would write over it.
    static func checkHeader(of path: String) throws(StoreError) {
        let file = open(path, O_RDONLY | O_CLOEXEC)
        guard file >= 0 else { return }  // missing (it will be created) or unreadable (SQLite says why)
        defer { close(file) }
        var header = [UInt8](repeating: 0, count: 16)
        let count = header.withUnsafeMutableBytes { read(file, $0.baseAddress, 16) }
        guard count != 0 else { return }  // an empty file is a new store
        guard count == 16, header == Array("SQLite format 3\0".utf8) else {
            throw StoreError(.corrupt, "\(path) is not a Beckon store or is corrupt (it is not an SQLite database)")
        }
    }

    /// `mkdir -p` of the file's folder.
    static func createFolders(containing path: String) throws(StoreError) {
        guard let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) else { return }
        let folder = String(path[..<slash])
        var status = stat()
        guard !folder.isEmpty, stat(folder, &status) != 0 else { return }
        var prefix = path.hasPrefix("/") ? "/" : ""
        for component in folder.split(separator: "/") {
            prefix += component
            if mkdir(prefix, 0o755) != 0 && errno != EEXIST {
                let reason = String(cString: strerror(errno))
                throw StoreError(.unavailable, "cannot create the folder \(prefix) for the store \(path): \(reason)")
            }
            prefix += "/"
        }
    }

    /// Why the file cannot be opened for writing, as the system says it, when a check can tell:
    /// SQLite reports the error of its last attempt (often a read-only retry), not the cause.
    static func accessProblem(of path: String) -> String? {
        if exists(path) {
            return access(path, R_OK | W_OK) == 0 ? nil : String(cString: strerror(errno))
        }
        return folderProblem(of: path)
    }

    /// Whether the file exists (whatever can be done with it).
    static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    /// Whether a write-ahead log with content lies next to the file (`PATH-wal`).
    static func hasWriteAheadLog(_ path: String) -> Bool {
        var status = stat()
        return stat(path + "-wal", &status) == 0 && status.st_size > 0
    }

    /// Why the store cannot be written, as the system says it: the file (if it exists) and its
    /// folder (where SQLite keeps the write-ahead log) must both be writable. `access` answers
    /// for a read-only mount and an immutable file even to root, who ignores file modes.
    static func writeProblem(of path: String) -> String? {
        if exists(path), access(path, R_OK | W_OK) != 0 { return String(cString: strerror(errno)) }
        return folderProblem(of: path)
    }

    /// Why files cannot be created in the file's folder, if they cannot.
    private static func folderProblem(of path: String) -> String? {
        var folder = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { String(path[..<$0]) } ?? "."
        if folder.isEmpty { folder = "/" }
        var status = stat()
        guard stat(folder, &status) == 0 else { return String(cString: strerror(errno)) }
        guard status.st_mode & S_IFMT == S_IFDIR else { return String(cString: strerror(ENOTDIR)) }
        return access(folder, W_OK | X_OK) == 0 ? nil : String(cString: strerror(errno))
    }
}
