/// The texts of the files diagnostics point into, keyed by the path the diagnostics use.
public struct SourceTexts: Sendable {
    private var texts: [String: String] = [:]

    /// Creates an empty set of texts.
    public init() {}

    /// Records the text of a file.
    public mutating func add(file: String, text: String) {
        texts[file] = text
    }

    /// The files recorded, in the order of their paths.
    public var files: [String] { texts.keys.sorted() }

    /// The text of a file, if recorded.
    public func text(of file: String) -> String? { texts[file] }

    /// Merges another set into this one.
    public mutating func merge(_ other: SourceTexts) {
        texts.merge(other.texts) { current, _ in current }
    }
}
