/// A position in a source file: 1-based line and 1-based column counted in Unicode scalars.
public struct SourcePosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, in Unicode scalars from the start of the line.
    public var column: Int

    /// Creates a location from a 1-based line and column.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// The first character of a file.
    public static let start = SourcePosition(line: 1, column: 1)

    public static func < (lhs: SourcePosition, rhs: SourcePosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    public var description: String { "\(line):\(column)" }
}

/// A range of text in one named file: where a diagnostic points and what it underlines.
public struct SourceSpan: Hashable, Sendable, CustomStringConvertible {
    /// The file's path as the user named it (relative paths stay relative).
    public var file: String
    /// The first character of the range.
    public var start: SourcePosition
    /// The position just past the last character (equal to `start` for a point).
    public var end: SourcePosition

    /// Creates a span from its file and bounds.
    public init(file: String, start: SourcePosition, end: SourcePosition) {
        self.file = file
        self.start = start
        self.end = max(start, end)
    }

    /// A span that points at one location.
    public init(file: String, at location: SourcePosition) {
        self.init(file: file, start: location, end: location)
    }

    /// A span for a problem with a whole file (rendered at 1:1).
    public static func wholeFile(_ file: String) -> SourceSpan {
        SourceSpan(file: file, at: .start)
    }

    /// `file:line:col`.
    public var description: String { "\(file):\(start.line):\(start.column)" }
}
