import BeckonCore

/// The one place every content text of an answer is written: a tip's title, message and action
/// titles, a what's-new entry's title, features and actions, in JSON (each host's answers, the
/// fast path's precomputed runs) and in the CLI's lines.
///
/// Every writer is given a text already in the answer's locale (`LocalizedContent` reduced it to
/// the one variant that locale reads, so `variants[0]` is the resolved variant) and passes that
/// variant here. Formatting a text (ICU MessageFormat templates with `{…}` placeholders) hooks in
/// `text(of:)`: today a variant's text is written as it is. A text that must be formatted per
/// request cannot be one of `TipAnswerTemplates`' constant runs; its runs are then to be made by
/// this writer at answer time.
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
    static func write(_ text: ContentText, to output: inout JSONOutput) {
        JSONValue.writeString(self.text(text), to: &output)
    }
}
