#if canImport(Glibc)
import Glibc
#endif

/// The few POSIX file steps of the commands that write files by hand (`init`, `plugin new`, an
/// export or a page), each written once (a path's parts as text are `PathText`'s).
enum PosixFiles {
    /// Writes all of `bytes` to `descriptor`, again after a signal interrupts a write: 0, or the
    /// `errno` of the write that failed.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                return errno
            }
            rest = rest.dropFirst(written)
        }
        return 0
    }

    /// Whether anything is at `path`, a dangling symbolic link included.
    static func exists(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0
    }

    /// What `strerror` says of `code`: "No such file or directory".
    static func reason(_ code: Int32) -> String {
        String(cString: strerror(code))
    }
}
