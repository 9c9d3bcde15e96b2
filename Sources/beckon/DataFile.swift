import BeckonRuntime
#if canImport(Glibc)
import Glibc
#endif

/// A file written in full or not at all: the lines go to a temporary file beside it, renamed
/// over it once complete, so a failed export leaves what was there.
final class DataFile {
    private let path: String
    private let temporary: String
    private let handle: UnsafeMutablePointer<FILE>

    init(replacing path: String) throws {
        self.path = path
        temporary = path + ".partial-\(getpid())"
        guard let handle = fopen(temporary, "wb") else {
            let code = errno
            Output.error("cannot write \(path): \(String(cString: strerror(code)))")
            throw code == ENOENT ? ExitStatus.noInput : ExitStatus.dataError
        }
        self.handle = handle
    }

    func write(_ bytes: [UInt8]) throws {
        let written = bytes.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
        guard written == bytes.count else { throw SubjectDataError.file(path: path, message: "cannot be written", missing: false) }
    }

    /// Flushes the file to disk and puts it in place.
    func commit() throws {
        guard fflush(handle) == 0, fsync(fileno(handle)) == 0, fclose(handle) == 0, rename(temporary, path) == 0 else {
            unlink(temporary)
            Output.error("cannot write \(path): \(String(cString: strerror(errno)))")
            throw ExitStatus.dataError
        }
        closed = true
    }

    private var closed = false

    deinit {
        if !closed {
            fclose(handle)
            unlink(temporary)
        }
    }

    /// Writes bytes to standard output as they come.
    static func writeStandardOutput(_ bytes: [UInt8]) throws {
        var rest = bytes[...]
        while !rest.isEmpty {
            let written = rest.withUnsafeBytes { Glibc.write(1, $0.baseAddress, $0.count) }
            if written < 0 {
                if errno == EINTR { continue }
                throw SubjectDataError.file(path: "standard output", message: String(cString: strerror(errno)), missing: false)
            }
            rest = rest.dropFirst(written)
        }
    }
}
