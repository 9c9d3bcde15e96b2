/// Why one line of a subject data file cannot be imported: its number (from 1), the path of
/// the member at fault as a JSON Pointer (empty for the whole line) and what is wrong, shown as
/// `line 7: /logs/saved/0/info/count: expected an int, got "3"`.
public struct SubjectDataLineError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line's number, from 1.
    public var line: Int
    /// The member's JSON Pointer (`/logs/saved/0/at`); empty when the line as a whole is at fault.
    public var path: String
    /// What is wrong.
    public var message: String

    /// Creates an error.
    public init(line: Int, path: String, message: String) {
        self.line = line
        self.path = path
        self.message = message
    }

    public var description: String {
        path.isEmpty ? "line \(line): \(message)" : "line \(line): \(path): \(message)"
    }
}
