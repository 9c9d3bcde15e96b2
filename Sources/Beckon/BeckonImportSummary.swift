/// What `BeckonEngine.importSubjects` did: the members of `beckon data import --json`.
public struct BeckonImportSummary: Sendable, Hashable {
    /// A bad line skipped (`skipBad`): its number (from 1), the JSON Pointer of the member at
    /// fault (empty for the whole line) and what is wrong.
    public struct SkippedLine: Sendable, Hashable, CustomStringConvertible {
        /// The line's number, from 1.
        public var line: Int
        /// The member's JSON Pointer (`/logs/saved/0/at`); empty when the whole line is at fault.
        public var path: String
        /// What is wrong.
        public var message: String
        /// `line 7: /logs/saved/0/info/count: expected an int, got "3"`, as the CLI prints it.
        public var description: String

        /// Creates a skipped line; `description` is the CLI's spelling of it.
        public init(line: Int, path: String, message: String, description: String) {
            self.line = line
            self.path = path
            self.message = message
            self.description = description
        }
    }

    /// Subjects that were not stored, written at their line's version.
    public var imported: Int
    /// Subjects stored with the same data, left as they were.
    public var unchanged: Int
    /// Subjects stored with other data, overwritten (`replace`).
    public var replaced: Int
    /// Subjects stored with other data, left as they were (`skipBad` without `replace`).
    public var refused: [String]
    /// Bad lines skipped (`skipBad`), in line order.
    public var skipped: [SkippedLine]

    /// Creates a summary.
    public init(imported: Int, unchanged: Int, replaced: Int, refused: [String], skipped: [SkippedLine]) {
        self.imported = imported
        self.unchanged = unchanged
        self.replaced = replaced
        self.refused = refused
        self.skipped = skipped
    }
}
