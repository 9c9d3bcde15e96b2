import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An input an import can read once per pass (`SubjectDataSource.file`): a regular file is
/// opened again for each pass; standard input (`-`) and whatever is not a regular file (a pipe, a
/// FIFO) would be empty the second time, so the first pass copies it whole, from the one time it
/// is opened, into a temporary file, and every pass reads the copy.
final class RereadableInput: Sendable {
    private let path: String
    /// The name in messages (`standard input` for `-`).
    let name: String
    private let copy = Mutex<TemporaryCopy?>(nil)

    init(path: String) {
        self.path = path
        name = path == "-" ? "standard input" : path
    }

    /// Calls `body` with the input open at its start.
    func withOpenFile(_ body: (UnsafeMutablePointer<FILE>) throws -> Void) throws {
        try copy.withLock { copy in
            if copy == nil {
                let input = try open()
                defer { fclose(input) }
                if path != "-", try isRegularFile(input) { return try body(input) }
                copy = try TemporaryCopy(of: input, named: name)
            }
            rewind(copy!.file)
            try body(copy!.file)
        }
    }

    /// The file at `path` open for reading; for `-`, standard input through a descriptor of its
    /// own, so that closing it leaves standard input open.
    private func open() throws(SubjectDataError) -> UnsafeMutablePointer<FILE> {
        guard let file = path == "-" ? fdopen(dup(STDIN_FILENO), "rb") : fopen(path, "rb") else {
            let code = errno
            throw SubjectDataError.file(path: name, message: String(cString: strerror(code)), missing: code == ENOENT)
        }
        return file
    }

    /// Whether `file` is a regular file, which can be opened again; a directory is refused.
    private func isRegularFile(_ file: UnsafeMutablePointer<FILE>) throws(SubjectDataError) -> Bool {
        var status = stat()
        let kind = fstat(fileno(file), &status) == 0 ? status.st_mode & S_IFMT : 0
        if kind == S_IFDIR { throw SubjectDataError.file(path: name, message: "is a directory", missing: false) }
        return kind == S_IFREG
    }
}

/// A copy of an input that can be read only once, in a temporary file unlinked as soon as it is
/// made (so that nothing is left behind, however the process ends); the one owner of its `FILE`.
final class TemporaryCopy {
    let file: UnsafeMutablePointer<FILE>

    /// Copies `input` from where it stands to its end; `name` names it in messages.
    init(of input: UnsafeMutablePointer<FILE>, named name: String) throws(SubjectDataError) {
        file = try Self.copied(input, named: name)
    }

    deinit {
        fclose(file)
    }

    private static func copied(_ input: UnsafeMutablePointer<FILE>, named name: String) throws(SubjectDataError) -> UnsafeMutablePointer<FILE> {
        let copy = try unnamedTemporaryFile(for: name)
        var block = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = block.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, input) }
            if count == 0 { break }
            guard block.withUnsafeBytes({ fwrite($0.baseAddress, 1, count, copy) }) == count else {
                let message = "cannot be copied to a temporary file: \(String(cString: strerror(errno)))"
                fclose(copy)
                throw SubjectDataError.file(path: name, message: message, missing: false)
            }
        }
        guard ferror(input) == 0, fflush(copy) == 0 else {
            fclose(copy)
            throw SubjectDataError.file(path: name, message: "cannot be read", missing: false)
        }
        return copy
    }

    /// A file open for writing and reading in `$TMPDIR` (else `/tmp`), its name already removed.
    private static func unnamedTemporaryFile(for name: String) throws(SubjectDataError) -> UnsafeMutablePointer<FILE> {
        let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
        var template = Array("\(directory)/beckon-import-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard descriptor >= 0 else {
            throw SubjectDataError.file(path: name, message: "cannot be copied to a temporary file in \(directory): \(String(cString: strerror(errno)))",
                                        missing: false)
        }
        template.withUnsafeBufferPointer { _ = unlink($0.baseAddress!) }
        guard let file = fdopen(descriptor, "w+b") else {
            close(descriptor)
            throw SubjectDataError.file(path: name, message: "cannot be copied to a temporary file", missing: false)
        }
        return file
    }
}
