import BeckonRuntime
import FoundationEssentials
#if canImport(Glibc)
import Glibc
#endif

/// A file a command makes whole (an export, a page), written in full or not at all: the bytes go
/// to a temporary file beside it, renamed over it once complete, so a failed write leaves what
/// was there; through a symbolic link, beside the file the link names, which stays a link. What
/// cannot be replaced is written in place as the bytes come: `-` (standard output) and an
/// existing file that is not a regular file (`/dev/stdout`, `/dev/null`, a FIFO).
final class DataFile {
    /// The name in messages (`standard output` for `-`).
    private let path: String
    /// The temporary file, and the file it is renamed over at `commit`; nil when written in place.
    private let replacement: (temporary: String, target: String)?
    private let handle: UnsafeMutablePointer<FILE>
    private var closed = false

    init(replacing path: String) throws {
        self.path = path == "-" ? "standard output" : path
        if path == "-" || Self.isSomethingElseThanARegularFile(path) {
            replacement = nil
        } else {
            let target = Self.resolvingLinks(path)
            replacement = (temporary: target + ".partial-\(getpid())", target: target)
        }
        let opened = path == "-" ? fdopen(dup(STDOUT_FILENO), "wb") : fopen(replacement?.temporary ?? path, "wb")
        guard let opened else {
            let code = errno
            Output.error("cannot write \(self.path): \(PosixFiles.reason(code))")
            throw code == ENOENT ? ExitStatus.noInput : ExitStatus.dataError
        }
        handle = opened
    }

    func write(_ bytes: [UInt8]) throws {
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        guard written == bytes.count else {
            throw SubjectDataError.file(path: path, message: "cannot be written: \(PosixFiles.reason(errno))", missing: false)
        }
    }

    /// Flushes the file (to disk, when it replaces one) and puts it in place.
    func commit() throws {
        closed = true
        let complete = if let replacement {
            fflush(handle) == 0 && fsync(fileno(handle)) == 0 && fclose(handle) == 0 && rename(replacement.temporary, replacement.target) == 0
        } else {
            fclose(handle) == 0
        }
        guard complete else {
            let code = errno
            if let replacement { unlink(replacement.temporary) }
            Output.error("cannot write \(path): \(PosixFiles.reason(code))")
            throw ExitStatus.dataError
        }
    }

    deinit {
        if !closed {
            fclose(handle)
            if let replacement { unlink(replacement.temporary) }
        }
    }

    /// Whether `path` names (through any links) something that exists and is not a regular file.
    private static func isSomethingElseThanARegularFile(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT != S_IFREG
    }

    /// The file `path` names once its symbolic links are followed (one that names a file not made
    /// yet, too); `path` when it is not a link.
    private static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { return current }
            current = URL(fileURLWithPath: target, relativeTo: URL(fileURLWithPath: current).deletingLastPathComponent()).path
        }
        return current
    }
}
