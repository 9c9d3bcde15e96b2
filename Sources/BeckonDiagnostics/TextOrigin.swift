/// Where each character of a string value came from in its source file, so that a problem found
/// inside the value (a token in a rule) is reported at its true line and column.
///
/// The value is described as runs: from `offset` on, characters sit at consecutive columns starting
/// at `location`, until the next run begins. A quoted scalar with escapes or a multi-line scalar
/// simply has more runs.
public struct TextOrigin: Hashable, Sendable {
    /// One run of consecutive characters.
    public struct Run: Hashable, Sendable {
        /// The index (in Unicode scalars) in the value where the run starts.
        public var offset: Int
        /// Where that character is in the file.
        public var location: SourcePosition

        /// Creates a run.
        public init(offset: Int, location: SourcePosition) {
            self.offset = offset
            self.location = location
        }
    }

    /// The file the value came from.
    public var file: String
    /// The runs, by increasing offset; never empty.
    public var runs: [Run]

    /// Creates an origin from runs (sorted by offset).
    public init(file: String, runs: [Run]) {
        precondition(!runs.isEmpty, "a text origin needs at least one run")
        self.file = file
        self.runs = runs
    }

    /// A value whose characters all sit on one line from `location` on.
    public init(file: String, startingAt location: SourcePosition) {
        self.init(file: file, runs: [Run(offset: 0, location: location)])
    }

    /// The location of the character at `offset` (in Unicode scalars) of the value.
    public func location(atOffset offset: Int) -> SourcePosition {
        let run = runs[runs.runIndex(containing: offset, start: \.offset)]
        return SourcePosition(line: run.location.line, column: run.location.column + max(0, offset - run.offset))
    }

    /// The span of the characters `range` (in Unicode scalars) of the value.
    public func span(ofOffsets range: Range<Int>) -> SourceSpan {
        let start = location(atOffset: range.lowerBound)
        var end = location(atOffset: max(range.lowerBound, range.upperBound - 1))
        end.column += 1
        return SourceSpan(file: file, start: start, end: end.line == start.line ? end : start)
    }
}
