import BeckonDiagnostics

/// Where the characters of a scalar's value sit in the file.
enum TextOriginReader {
    /// For a scalar on one line: its characters follow its start (after the opening quote).
    /// Multi-line and block scalars start at their first content line.
    static func origin(of node: YAMLNode) -> TextOrigin {
        var start = node.span.start
        if case .scalar(_, let style) = node.content {
            switch style {
            case .singleQuoted, .doubleQuoted:
                start.column += 1
            case .literal, .folded:
                start = SourcePosition(line: start.line + 1, column: 1)
            case .plain:
                break
            }
        }
        return TextOrigin(file: node.span.file, startingAt: start)
    }
}
