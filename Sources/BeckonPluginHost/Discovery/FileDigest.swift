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
    /// 64 lowercase hexadecimal digits, or why the file could not be read (a clause: "cannot
    /// open: no such file").
    static func sha256(ofFile path: String) -> Result<String, FileReadProblem> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(FileReadProblem(errno: errno)) }
        defer { close(descriptor) }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count == 0 { break }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(FileReadProblem(errno: errno))
            }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return .success(hasher.finalize().map { byte in
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: [digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]], as: UTF8.self)
        }.joined())
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
