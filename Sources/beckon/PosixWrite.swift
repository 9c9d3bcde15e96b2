#if canImport(Glibc)
import Glibc
#endif

/// Writing to a file descriptor, for the commands that create files by hand (`init`, `plugin new`).
enum PosixWrite {
    /// Writes all of `bytes` to `descriptor`, again after a signal interrupts a write: 0, or the
    /// `errno` of the write that failed.
    static func all(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
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
}
