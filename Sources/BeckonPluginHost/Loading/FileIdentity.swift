#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Which file a path names, and as it was, without reading it: its device, inode, size and
/// modification time in nanoseconds. A file replaced (a new inode, as editors and deploy tools
/// rename over it) or rewritten in place (a new size or time) is another file. Read by the plugin
/// loader (a plugin file loaded again), the server's watcher (a configuration edited) and a copy
/// of users' data (two stores on one SQLite file).
package struct FileIdentity: Equatable, Sendable {
    package var device: UInt64
    package var inode: UInt64
    package var size: Int64
    package var modifiedNanoseconds: Int64

    package init(device: UInt64, inode: UInt64, size: Int64, modifiedNanoseconds: Int64) {
        self.device = device
        self.inode = inode
        self.size = size
        self.modifiedNanoseconds = modifiedNanoseconds
    }

    /// The identity of the file at `path` (following symbolic links), or nil when there is none
    /// to read.
    package init?(path: String) {
        guard case .success(let identity) = Self.of(path, directoryAllowed: true) else { return nil }
        self = identity
    }

    /// The identity of the file at `path`, or why it cannot be read as a file (a clause): a
    /// directory is one unless `directoryAllowed`.
    static func of(_ path: String, directoryAllowed: Bool = false) -> Result<FileIdentity, FileReadProblem> {
        var status = stat()
        guard stat(path, &status) == 0 else { return .failure(FileReadProblem(errno: errno)) }
        if !directoryAllowed, (status.st_mode & S_IFMT) == S_IFDIR { return .failure(FileReadProblem(errno: EISDIR)) }
        return .success(FileIdentity(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int64(status.st_size),
                                     modifiedNanoseconds: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)))
    }

    /// Whether `other` is the same file, whatever its contents since (its device and inode).
    package func isSameFile(as other: FileIdentity) -> Bool {
        device == other.device && inode == other.inode
    }
}
