import BeckonDiagnostics

/// Reads one YAML document from bytes into a `YAMLNode` tree, turning every way the bytes can be
/// wrong (encoding, syntax, tabs, duplicate keys, alias bombs, depth) into diagnostics.
struct YAMLDocumentReader {
    let file: String
    /// From this size on, a document is parsed on another processor while this thread builds the
    /// tree (nil: never); by default from 64 KiB, where a thread costs less than it saves, when
    /// there is another processor.
    var concurrentFromBytes: Int? = ChunkThreads.processorCount > 1 ? 64 * 1024 : nil

    /// The document's root, or nil with the reasons; an empty document yields nil and no error
    /// (the caller decides what an empty file means).
    func read(_ bytes: [UInt8]) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
        if let invalid = UTF8Text.firstInvalidByte(in: bytes) {
            let location = Self.location(ofByte: invalid, in: bytes)
            return (nil, [.error("yaml.encoding", "the file is not valid UTF-8 (byte 0x\(String(bytes[invalid], radix: 16, uppercase: true)) at offset \(invalid))", at: SourceSpan(file: file, at: location))])
        }
        var builder = YAMLTreeBuilder(file: file)
        let parser = LibYAMLParser(bytes: bytes, concurrently: concurrentFromBytes.map { bytes.count >= $0 } ?? false)
        while true {
            switch parser.next() {
            case .failure(let error):
                // Keep what was found before the error (a duplicate key above it) too.
                return (nil, builder.diagnostics + [syntaxDiagnostic(error, bytes: bytes)])
            case .success((let event, let start, let end)):
                if case .streamEnd = event {
                    return (builder.root, builder.diagnostics)
                }
                builder.handle(event, start: start, end: end)
                if builder.mustStop {
                    return (nil, builder.diagnostics)
                }
            }
        }
    }

    /// libyaml's message, or a clearer one when a tab indents the line of the error.
    private func syntaxDiagnostic(_ error: YAMLSyntaxError, bytes: [UInt8]) -> Diagnostic {
        // Only the error's own line counts: a tab on an earlier line that libyaml accepted (in a
        // block scalar's text) has nothing to do with the error.
        if let tab = Self.indentingTab(onLineOf: error.location, in: bytes) {
            return .error("yaml.tab", "tabs cannot indent YAML; use spaces", at: SourceSpan(file: file, at: tab))
        }
        guard let context = error.context else {
            return .error("yaml.syntax", "invalid YAML: \(error.problem)", at: SourceSpan(file: file, at: error.location))
        }
        // At the end of the file libyaml points past the last line; where the unfinished construct
        // began (an unclosed quote or bracket) is what the author has to look at.
        if error.location >= Self.location(ofByte: bytes.count, in: bytes) {
            return .error("yaml.syntax", "invalid YAML: \(error.problem) (\(context.text) that starts here)",
                          at: SourceSpan(file: file, at: context.location))
        }
        return .error("yaml.syntax", "invalid YAML: \(error.problem) (\(context.text) at line \(context.location.line), column \(context.location.column))",
                      at: SourceSpan(file: file, at: error.location))
    }

    /// The 1-based line and column (in characters) of a byte offset.
    static func location(ofByte offset: Int, in bytes: [UInt8]) -> SourcePosition {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                column += 1
            }
        }
        return SourcePosition(line: line, column: column)
    }

    /// A tab at `location`, or else the first tab in the leading white space of its line.
    static func indentingTab(onLineOf location: SourcePosition, in bytes: [UInt8]) -> SourcePosition? {
        var line = 1
        var index = 0
        while line < location.line, index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") { line += 1 }
            index += 1
        }
        guard line == location.line else { return nil }
        var column = 1
        var firstIndentingTab: SourcePosition?
        var inIndent = true
        while index < bytes.count, bytes[index] != UInt8(ascii: "\n") {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\t") {
                if column == location.column { return location }
                if inIndent, firstIndentingTab == nil { firstIndentingTab = SourcePosition(line: line, column: column) }
            } else if byte != UInt8(ascii: " ") {
                inIndent = false
            }
            if byte & 0xC0 != 0x80 { column += 1 }  // columns count characters, not UTF-8 bytes
            index += 1
        }
        return firstIndentingTab
    }
}
