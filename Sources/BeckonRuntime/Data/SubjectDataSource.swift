#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where an import reads lines from, read once per pass: each line's number (from 1) and its
/// bytes without the `\n`. An empty line (a blank line, or the file's end after its last `\n`)
/// is not a subject and is skipped.
public struct SubjectDataSource: Sendable {
    /// Calls `body` with each line.
    public let forEachLine: @Sendable (_ body: (_ number: Int, _ bytes: [UInt8]) throws -> Void) throws -> Void

    /// A source over a reader of the lines.
    public init(_ forEachLine: @escaping @Sendable (_ body: (_ number: Int, _ bytes: [UInt8]) throws -> Void) throws -> Void) {
        self.forEachLine = forEachLine
    }

    /// Lines of bytes in memory.
    public static func bytes(_ data: [UInt8]) -> SubjectDataSource {
        SubjectDataSource { body in
            var number = 0
            for line in data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
                number += 1
                if !line.isEmpty { try body(number, Array(line)) }
            }
        }
    }

    /// Lines of a file, read in blocks: memory stays that of the longest line. `-` is standard
    /// input. A regular file is opened again for each pass; anything else (standard input, a
    /// pipe, a FIFO, `/dev/stdin` on a pipe) can be read only once, so the first pass copies it
    /// whole into an unnamed temporary file (in `$TMPDIR`, else `/tmp`) that every pass reads:
    /// each pass sees the same lines.
    public static func file(_ path: String) -> SubjectDataSource {
        let input = RereadableInput(path: path)
        return SubjectDataSource { body in
            try input.withOpenFile { file in try forEachLine(of: file, name: input.name, body) }
        }
    }

    /// Each line of an open file, from where it stands; `name` names it in messages.
    private static func forEachLine(of file: UnsafeMutablePointer<FILE>, name: String,
                                    _ body: (_ number: Int, _ bytes: [UInt8]) throws -> Void) throws {
        var block = [UInt8](repeating: 0, count: 1 << 16)
        var pending: [UInt8] = []
        var number = 0
        while true {
            let count = block.withUnsafeMutableBytes { fread($0.baseAddress, 1, $0.count, file) }
            if count == 0 {
                if ferror(file) != 0 { throw SubjectDataError.file(path: name, message: "cannot be read", missing: false) }
                break
            }
            var start = 0
            for index in 0..<count where block[index] == UInt8(ascii: "\n") {
                pending.append(contentsOf: block[start..<index])
                number += 1
                if !pending.isEmpty { try body(number, pending) }
                pending.removeAll(keepingCapacity: true)
                start = index + 1
            }
            pending.append(contentsOf: block[start..<count])
        }
        if !pending.isEmpty { try body(number + 1, pending) }
    }
}
