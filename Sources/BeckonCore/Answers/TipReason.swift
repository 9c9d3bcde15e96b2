public import BeckonDiagnostics
public import BeckonRules

/// Why a tip has its status: the check that decided it.
///
/// Its code (`codeSpelling`) and its sentence (`write(to:)`) are written here once; `code` and
/// `description` are made from them, and JSON answers write the same pieces straight into their bytes.
public enum TipReason: Hashable, Sendable, CustomStringConvertible {
    /// Every check passed.
    case allChecksPassed
    /// A testing override shows it (`testing.show`, `testing.showAll`).
    case shownByTesting(String)
    /// A testing override hides it (`testing.hide`, `testing.hideAll`).
    case hiddenByTesting(String)
    /// It was invalidated.
    case invalidated(InvalidationReason)
    /// Rule `index` (0-based) is false.
    case ruleNotSatisfied(index: Int, text: String, span: SourceSpan)
    /// Rule `index` could not be evaluated (a plugin error, a division by zero).
    case ruleFailed(index: Int, text: String, span: SourceSpan, message: String)
    /// It was never displayed and another tip was first displayed less than the display
    /// frequency ago; `remaining` ms are left.
    case displayFrequency(remaining: Int64)
    /// Its group's current tip is another one (or none).
    case withheldByGroup(String)
    /// Its rules read its own status through other tips.
    case dependsOnItself

    /// The sentence for people: `rule 2 is false: … (tips.yaml:12)`.
    public var description: String {
        var sentence = SentenceText()
        write(to: &sentence)
        return sentence.text
    }

    /// Writes the sentence (`description`) in pieces to `sink`, without building it.
    @inlinable
    public func write<Sink: AnswerTextSink & ~Copyable>(to sink: inout Sink) {
        switch self {
        case .allChecksPassed:
            sink.append("every check passed")
        case .shownByTesting(let source):
            sink.append("shown by ")
            sink.appendText(source)
        case .hiddenByTesting(let source):
            sink.append("hidden by ")
            sink.appendText(source)
        case .invalidated(let why):
            sink.append("invalidated: ")
            sink.append(why.spelling)
        case .ruleNotSatisfied(let index, let text, let span):
            sink.append("rule ")
            sink.append(Int64(index) + 1)
            sink.append(" is false: ")
            sink.appendText(text)
            Self.writePlace(span, to: &sink)
        case .ruleFailed(let index, let text, let span, let message):
            sink.append("rule ")
            sink.append(Int64(index) + 1)
            sink.append(" failed: ")
            sink.appendText(message)
            sink.append(": ")
            sink.appendText(text)
            Self.writePlace(span, to: &sink)
        case .displayFrequency(let remaining):
            sink.append("another tip was shown recently; new tips wait ")
            sink.appendText(DurationSyntax.format(remaining))
            sink.append(" more (display frequency)")
        case .withheldByGroup(let group):
            sink.append("withheld by group ")
            sink.appendText(group)
        case .dependsOnItself:
            sink.append("its rules depend on its own status")
        }
    }

    /// ` (FILE:LINE)`: where the rule is written.
    @inlinable
    static func writePlace<Sink: AnswerTextSink & ~Copyable>(_ span: SourceSpan, to sink: inout Sink) {
        sink.append(" (")
        sink.appendText(span.file)
        sink.append(":")
        sink.append(Int64(span.start.line))
        sink.append(")")
    }

    /// A stable short code for scripts: `rule`, `displayFrequency`, `group`, …
    public var code: String { codeSpelling.description }

    /// `code` as static text (which needs no escape). Inlinable: answers written byte by byte
    /// (`TipAnswerJSON`) copy it on every call.
    @inlinable
    public var codeSpelling: StaticString {
        switch self {
        case .allChecksPassed: "available"
        case .shownByTesting: "testingShow"
        case .hiddenByTesting: "testingHide"
        case .invalidated(let reason): reason.spelling
        case .ruleNotSatisfied: "rule"
        case .ruleFailed: "ruleError"
        case .displayFrequency: "displayFrequency"
        case .withheldByGroup: "group"
        case .dependsOnItself: "cycle"
        }
    }
}
