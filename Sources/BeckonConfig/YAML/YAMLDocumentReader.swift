import BeckonDiagnostics

/// Reads one YAML document from bytes into a `YAMLNode` tree, turning every way the bytes can be
/// wrong (encoding, syntax, tabs, duplicate keys, alias bombs, depth) into diagnostics.
struct YAMLDocumentReader {
    let file: String

    /// The document's root, or nil with the reasons; an empty document yields nil and no error
    /// (the caller decides what an empty file means).
    func read(_ bytes: [UInt8]) -> (root: YAMLNode?, diagnostics: [Diagnostic]) {
        // The standard library's validation is fast; the byte-by-byte search runs only to
        // locate a problem it found.
        if String(validating: bytes, as: UTF8.self) == nil, let invalid = Self.firstInvalidUTF8(in: bytes) {
            let location = Self.location(ofByte: invalid, in: bytes)
            return (nil, [.error("yaml.encoding", "the file is not valid UTF-8 (byte 0x\(String(bytes[invalid], radix: 16, uppercase: true)) at offset \(invalid))", at: SourceSpan(file: file, at: location))])
        }
        var builder = YAMLTreeBuilder(file: file)
        let parser = LibYAMLParser(bytes: bytes)
        while true {
            switch parser.next() {
            case .failure(let error):
                return (nil, [syntaxDiagnostic(error, bytes: bytes)])
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

    /// libyaml's message, or a clearer one when a tab indents a line at or before the error.
    private func syntaxDiagnostic(_ error: YAMLSyntaxError, bytes: [UInt8]) -> Diagnostic {
        if let tab = Self.firstIndentingTab(in: bytes, throughLine: error.location.line) {
            return .error("yaml.tab", "tabs cannot indent YAML; use spaces", at: SourceSpan(file: file, at: tab))
        }
        return .error("yaml.syntax", "invalid YAML: \(error.message)", at: SourceSpan(file: file, at: error.location))
    }

    /// The offset of the first byte that does not belong to well-formed UTF-8, if any.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
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

    /// The first tab in the leading white space of a line, up to `lastLine`.
    static func firstIndentingTab(in bytes: [UInt8], throughLine lastLine: Int) -> SourcePosition? {
        var line = 1
        var column = 1
        var inIndent = true
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if line >= lastLine { return nil }
                line += 1
                column = 1
                inIndent = true
                continue
            }
            if inIndent {
                if byte == UInt8(ascii: "\t") { return SourcePosition(line: line, column: column) }
                if byte != UInt8(ascii: " ") { inIndent = false }
            }
            column += 1
        }
        return nil
    }
}
