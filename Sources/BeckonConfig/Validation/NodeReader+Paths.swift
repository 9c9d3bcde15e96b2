import BeckonDiagnostics

/// File paths written in a configuration: text that reaches the system (`open`, `dlopen`, SQLite)
/// as a C string, where a NUL character would silently end it.
extension NodeReader {
    /// Text naming a file; a NUL character in it is refused at its own position.
    mutating func path(_ node: YAMLNode, _ what: String, source: SourceLines) -> String? {
        guard let text = string(node, what) else { return nil }
        if let problem = Self.nulCharacter(in: text, of: node, what, source: source) {
            diagnostics.append(problem)
            return nil
        }
        return text
    }

    /// The diagnostic for a NUL character in `text` (the value of `node`), if it holds one.
    static func nulCharacter(in text: String, of node: YAMLNode, _ what: String, source: SourceLines) -> Diagnostic? {
        guard let offset = text.unicodeScalars.firstIndex(of: "\0").map({ text.unicodeScalars.distance(from: text.unicodeScalars.startIndex, to: $0) }) else {
            return nil
        }
        let location = TextOriginReader(source: source).origin(of: node).location(atOffset: offset)
        return .error("config.value", "\(what) contains a NUL character, which a file path cannot hold", at: SourceSpan(file: node.span.file, at: location))
    }
}

extension ConfigFileReader {
    /// `store.path`: a file path, relative to this file; never a URI, never SQLite's `:memory:`.
    mutating func storePath(_ node: YAMLNode) -> String? {
        guard let text = reader.path(node, "'store.path'", source: source) else { return nil }
        if text.isEmpty {
            reader.diagnostics.error("config.value", "'store.path' must name a file, not be empty", at: node.span)
            return nil
        }
        if text == ":memory:" {
            reader.diagnostics.error("config.value", "'store.path' is a file path, and ':memory:' is not one; for a store kept in memory, write 'backend: memory'", at: node.span)
            return nil
        }
        if text.lowercased().hasPrefix("file:") {
            reader.diagnostics.error("config.value", "'store.path' is a file path, not a URI ('\(text)'); write the file's path (for a store kept in memory, 'backend: memory')", at: node.span)
            return nil
        }
        return PathResolver.resolve(text, relativeTo: file)
    }
}
