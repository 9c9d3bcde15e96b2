import BeckonDiagnostics
import Synchronization

/// Works out where each character of a scalar's value sits in the file, so that a rule's
/// diagnostics point at the offending token even inside quotes, escapes and folded lines.
struct TextOriginReader {
    let source: SourceLines

    /// A plain scalar on one line is its value verbatim; anything else is aligned against the raw
    /// text: quotes, escapes, indentation and line breaks are skipped until the characters match.
    func origin(of node: YAMLNode) -> TextOrigin {
        let span = node.span
        guard case .scalar(let value, let style) = node.content else {
            return TextOrigin(file: span.file, startingAt: span.start)
        }
        if style == .plain, span.start.line == span.end.line {
            return TextOrigin(file: span.file, startingAt: span.start)
        }
        var raw = source.scalars(from: span.start, to: span.end)
        switch style {
        case .singleQuoted, .doubleQuoted:
            if !raw.isEmpty { raw.removeFirst() }
        case .literal, .folded:
            // The value starts on the line after the `|` or `>` header.
            raw.removeAll { $0.position.line == span.start.line }
        case .plain:
            break
        }
        let runs = Self.align(Array(value.unicodeScalars), raw, style: style)
        guard !runs.isEmpty else { return TextOrigin(file: span.file, startingAt: span.start) }
        return TextOrigin(file: span.file, runs: runs)
    }

    /// Matches value characters to raw characters in order and records a run wherever the next
    /// character is not right after the previous one.
    static func align(_ value: [Unicode.Scalar], _ raw: [(scalar: Unicode.Scalar, position: SourcePosition)],
                      style: YAMLNode.ScalarStyle) -> [TextOrigin.Run] {
        var runs: [TextOrigin.Run] = []
        var valueIndex = 0, rawIndex = 0
        func record(_ position: SourcePosition) {
            if let last = runs.last, last.location.line == position.line,
               last.location.column + (valueIndex - last.offset) == position.column { return }
            runs.append(TextOrigin.Run(offset: valueIndex, location: position))
        }
        while valueIndex < value.count, rawIndex < raw.count {
            let character = value[valueIndex], rawCharacter = raw[rawIndex].scalar
            if style == .doubleQuoted, rawCharacter == "\\" {
                record(raw[rawIndex].position)
                rawIndex += escapeLength(raw, at: rawIndex)
                valueIndex += 1
            } else if style == .singleQuoted, rawCharacter == "'", rawIndex + 1 < raw.count, raw[rawIndex + 1].scalar == "'" {
                record(raw[rawIndex].position)
                rawIndex += 2
                valueIndex += 1
            } else if character == rawCharacter {
                record(raw[rawIndex].position)
                rawIndex += 1
                valueIndex += 1
            } else if rawCharacter == " " || rawCharacter == "\t" || rawCharacter == "\n" || rawCharacter == "\r" {
                rawIndex += 1  // indentation, or a line break that folding removed
            } else if character == " " || character == "\n" {
                valueIndex += 1  // a space or break that folding made from a line break
            } else {
                break
            }
        }
        return runs
    }

    /// How many raw characters an escape in a double-quoted scalar takes.
    private static func escapeLength(_ raw: [(scalar: Unicode.Scalar, position: SourcePosition)], at index: Int) -> Int {
        guard index + 1 < raw.count else { return 1 }
        switch raw[index + 1].scalar {
        case "x": return 4
        case "u": return 6
        case "U": return 10
        default: return 2
        }
    }
}

/// The lines of one file's text, indexed on first use, to read the raw text of a span. Tips may
/// be read on several threads at once, so the index is built under a lock.
final class SourceLines: Sendable {
    private let text: String
    private let index = Mutex<[Substring]?>(nil)

    init(text: String) {
        self.text = text
    }

    private var lines: [Substring] {
        index.withLock { lines in
            if let lines { return lines }
            let split = text.split(separator: "\n", omittingEmptySubsequences: false)
            lines = split
            return split
        }
    }

    /// The characters from `start` up to `end` (exclusive), each with its position.
    func scalars(from start: SourcePosition, to end: SourcePosition) -> [(scalar: Unicode.Scalar, position: SourcePosition)] {
        var result: [(Unicode.Scalar, SourcePosition)] = []
        guard start.line >= 1 else { return [] }
        let lines = self.lines
        for lineNumber in start.line...max(start.line, end.line) where lineNumber <= lines.count {
            var column = 1
            for scalar in lines[lineNumber - 1].unicodeScalars {
                let position = SourcePosition(line: lineNumber, column: column)
                column += 1
                if position < start { continue }
                if position >= end { break }
                result.append((scalar, position))
            }
            if lineNumber < end.line { result.append(("\n", SourcePosition(line: lineNumber, column: column))) }
        }
        return result
    }
}
