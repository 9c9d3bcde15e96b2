import BeckonDiagnostics
#if canImport(Glibc)
import Glibc
#endif

/// A folder a command makes whole or not at all (`beckon plugin new`): the path is claimed with
/// `mkdir(2)`, so a path that exists (a dangling link too) is refused and never written into;
/// missing folders above it are made; each file is created with `O_EXCL`; and when anything
/// fails, every folder and file made is removed again, so the tree is as it was.
enum NewFolder {
    /// A file to write, by its path inside the folder (`include/beckon_plugin.h`).
    struct File {
        var path: String
        var contents: [UInt8]
        var executable = false
    }

    enum Failure: Error, Equatable {
        /// Something is at the folder's path already.
        case exists
        /// `path` could not be made, for `reason` (`strerror`'s words).
        case cannotCreate(path: String, reason: String)
    }

    /// Makes `folder` holding `files`.
    static func create(_ path: String, files: [File]) throws(Failure) {
        let folder = Substring(PathText.withoutTrailingSlashes(path))
        var made: [String] = []  // what to remove on failure, the first made first
        do throws(Failure) {
            for missing in missingFolders(in: folder, below: "") {
                try makeFolder(missing)
                made.append(missing)
            }
            guard mkdir(String(folder), 0o777) == 0 else {
                let code = errno
                throw code == EEXIST ? .exists : .cannotCreate(path: String(folder), reason: PosixFiles.reason(code))
            }
            made.append(String(folder))
            for file in files {
                let path = folder + "/" + file.path
                for missing in missingFolders(in: path[...], below: folder) {
                    try makeFolder(missing)
                    made.append(missing)
                }
                try write(file, to: path)
                made.append(path)
            }
        } catch {
            for path in made.reversed() { remove(path) }
            throw error
        }
    }

    /// The folders that hold `path` and do not exist, longer than `top`, the outermost first.
    private static func missingFolders(in path: Substring, below top: Substring) -> [String] {
        var missing: [String] = []
        var folder = path
        while let slash = folder.lastIndex(of: "/"), slash != folder.startIndex {
            folder = folder[..<slash]
            if folder.count <= top.count || PosixFiles.exists(String(folder)) { break }
            missing.insert(String(folder), at: 0)
        }
        return missing
    }

    private static func makeFolder(_ path: String) throws(Failure) {
        guard mkdir(path, 0o777) == 0 else { throw .cannotCreate(path: path, reason: PosixFiles.reason(errno)) }
    }

    private static func write(_ file: File, to path: String) throws(Failure) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, file.executable ? 0o777 : 0o666)
        guard descriptor >= 0 else { throw .cannotCreate(path: path, reason: PosixFiles.reason(errno)) }
        var failure = PosixFiles.writeAll(file.contents, to: descriptor)
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)
            throw .cannotCreate(path: path, reason: PosixFiles.reason(failure))
        }
    }

    private static func remove(_ path: String) {
        var status = stat()
        guard lstat(path, &status) == 0 else { return }
        _ = status.st_mode & S_IFMT == S_IFDIR ? rmdir(path) : unlink(path)
    }
}
