internal import Crypto
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The SHA-256 digest of a file, read in pieces (a Swift plugin with its standard library inside
/// is tens of megabytes): what a `sha256:` pin is compared with before the file is ever opened as
/// a library.
enum FileDigest {
    /// 64 lowercase hexadecimal digits, or why the file could not be read.
    static func sha256(ofFile path: String) -> Result<String, FileReadProblem> {
        var hasher = SHA256()
        if let problem = FileChunks.read(path, { hasher.update(bufferPointer: $0) }) { return .failure(problem) }
        let digits = Array("0123456789abcdef".utf8)
        return .success(String(decoding: hasher.finalize().flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 0x0F)]] }, as: UTF8.self))
    }
}

/// A file's bytes, read whole: what the symbol table of a plugin is read from.
enum FileBytes {
    static func read(_ path: String) -> Result<[UInt8], FileReadProblem> {
        var bytes: [UInt8] = []
        if let problem = FileChunks.read(path, { bytes.append(contentsOf: $0) }) { return .failure(problem) }
        return .success(bytes)
    }
}

/// Reads a file from start to end, handing each piece to `body`.
enum FileChunks {
    /// Nil once the whole file was read; why not, otherwise.
    static func read(_ path: String, _ body: (UnsafeRawBufferPointer) -> Void) -> FileReadProblem? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return FileReadProblem(errno: errno) }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { return nil }
            if count < 0 {
                if errno == EINTR { continue }
                return FileReadProblem(errno: errno)
            }
            buffer.withUnsafeBytes { body(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
    }
}

/// Why a plugin file could not be read, as the clause a message ends with.
struct FileReadProblem: Error, Hashable {
    var clause: String

    init(errno code: Int32) {
        clause = switch code {
        case ENOENT, ENOTDIR: "cannot open: no such file"
        case EISDIR: "cannot open: it is a directory, not a shared object"
        default: "cannot open: \(String(cString: strerror(code)))"
        }
    }
}
