#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Reads whole files with POSIX calls, refusing anything larger than a bound before reading it.
enum FileBytes {
    enum Failure: Error, Equatable {
        /// The file could not be opened or read; `reason` is the system's (`No such file or
        /// directory`), or says that the path names a folder.
        case unreadable(reason: String)
        /// The file is larger than allowed.
        case tooLarge(bytes: Int)
    }

    static func read(_ path: String, maxBytes: Int) -> Result<[UInt8], Failure> {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return .failure(.unreadable(reason: systemError())) }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return .failure(.unreadable(reason: systemError())) }
        if (info.st_mode & S_IFMT) == S_IFDIR { return .failure(.unreadable(reason: "it is a folder, not a file")) }
        let size = Int(info.st_size)
        if size > maxBytes { return .failure(.tooLarge(bytes: size)) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(size)
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(descriptor, $0.baseAddress, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                return .failure(.unreadable(reason: systemError()))
            }
            if count == 0 { break }
            bytes.append(contentsOf: chunk[..<count])
            if bytes.count > maxBytes { return .failure(.tooLarge(bytes: bytes.count)) }
        }
        return .success(bytes)
    }

    /// The canonical absolute path (links resolved), used to recognise a file included twice.
    static func canonicalPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// POSIX `read`, named apart from `FileBytes.read`.
    private static func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.read(descriptor, buffer, count)
        #else
        Darwin.read(descriptor, buffer, count)
        #endif
    }

    private static func systemError() -> String {
        String(cString: strerror(errno))
    }
}
