/// What every host takes as a subject's id for a decision: a non-empty string of at most
/// `maximumBytes` UTF-8 bytes. One limit for every host (the CLI, the C API, the Swift library,
/// a trace, an import, the server's paths and OFREP's `targetingKey`), so that a subject one host
/// creates every other can reach, a server's URL included. The data commands (export, erase,
/// expire, copy) still reach a longer one that an earlier Beckon stored.
public enum SubjectID {
    /// The most UTF-8 bytes a subject may have.
    public static let maximumBytes = 256

    /// Why `subject` is too long ("the subject has 300 UTF-8 bytes; at most 256 are accepted"),
    /// or nil.
    public static func lengthProblem(_ subject: String) -> String? {
        let count = subject.utf8.count
        return count <= maximumBytes ? nil : "the subject has \(count) UTF-8 bytes; at most \(maximumBytes) are accepted"
    }
}
