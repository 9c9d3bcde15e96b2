/// Where the words of an answer's sentence go, in pieces: a `String` for people, or an answer's
/// JSON bytes written in place (which escapes the free text and copies the static pieces).
/// The sentences themselves are written once, by the types that own them (`TipReason.write(to:)`).
public protocol AnswerTextSink: ~Copyable {
    /// Appends words of the sentence itself, which need no escape in any output.
    mutating func append(_ words: StaticString)
    /// Appends a number's decimal digits, as `String(number)` writes them.
    mutating func append(_ number: Int64)
    /// Appends text that comes from outside (a rule, a file name, a message), as the output
    /// must carry it (escaped in JSON).
    mutating func appendText(_ text: String)
}

/// A sentence as a `String` (`TipReason.description`).
struct SentenceText: AnswerTextSink {
    var text = ""

    mutating func append(_ words: StaticString) { text += words.description }
    mutating func append(_ number: Int64) { text += String(number) }
    mutating func appendText(_ text: String) { self.text += text }
}
