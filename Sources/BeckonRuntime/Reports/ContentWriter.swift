import BeckonCore

/// The one place every content text of an answer is written: a tip's title, message and action
/// titles, a what's-new entry's title, features and actions, in JSON (each host's answers, the
/// fast path's precomputed runs) and in the CLI's lines.
///
/// Every writer is given a text already in the answer's locale (`LocalizedContent` reduced it to
/// the one variant that locale reads, so `variants[0]` is the resolved variant) and passes that
/// variant here. A tip's templates (ICU MessageFormat, `{…}` placeholders) are already filled in
/// by then: the engine evaluates their arguments in the decision's scope (`TemplateValues`), and
/// the decision's `content` is its declaration with them formatted in the decision's locale
/// (`TemplateValues.filled`), so every host writes them as it writes a plain text. In
/// `TipAnswerTemplates`' constant runs, a templated text is written from the decision's values in
/// place of its run (which holds the pattern).
enum ContentWriter {
    /// What an answer says for the resolved variant `variant`.
    static func text(of variant: ContentText.Variant) -> String {
        variant.text
    }

    /// What an answer says for `text`, a text in the answer's locale.
    @inline(__always)
    static func text(_ text: ContentText) -> String {
        self.text(of: text.variants[0])
    }

    /// `text` as a JSON string value.
    static func json(_ text: ContentText?) -> JSONValue {
        .string(text.map { self.text($0) })
    }

    /// `text` as a JSON string, appended to `output`.
    static func write(_ text: ContentText, to output: inout ByteOutput) {
        JSONValue.writeString(self.text(text), to: &output)
    }
}
