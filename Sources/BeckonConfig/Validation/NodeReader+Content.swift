import BeckonCore
import BeckonDiagnostics

/// Content texts: a plain text, or a mapping from BCP 47 tags to texts. Whether a mapping has the
/// default locale's text is checked once every file is read (`app.defaultLocale` may come later;
/// see `ContentLocaleChecker`).
extension NodeReader {
    /// A content text, each variant kept with where its characters are in `source` (for the
    /// diagnostics of templates) and where its tag is written.
    mutating func contentText(_ node: YAMLNode, _ what: @autoclosure () -> String, source: SourceLines) -> ContentText? {
        guard case .mapping(let pairs) = node.content else {
            guard node.scalarText != nil, !node.isNull, node.isTagged(noneOr: .str) else {
                typeError(node, what(), expected: "text or a mapping from language tags to texts")
                return nil
            }
            return ContentText(node.scalarText!, origin: TextOriginReader(source: source).origin(of: node))
        }
        guard !pairs.isEmpty else {
            diagnostics.error("config.locale", "\(what()) has no texts; give at least the default locale's", at: node.span)
            return nil
        }
        var variants: [ContentText.Variant] = []
        var problems = false
        for pair in pairs {
            guard let tag = pair.key.scalarText, !pair.key.isNull else {
                typeError(pair.key, "a language tag in \(what())", expected: "text")
                problems = true
                continue
            }
            guard LanguageTag.isWellFormed(tag) else {
                diagnostics.error("config.locale", "'\(tag)' in \(what()) is not a well-formed BCP 47 language tag (such as en, de-CH or zh-Hant-TW)", at: pair.key.span)
                problems = true
                continue
            }
            if let first = variants.first(where: { $0.locale!.lowercased() == tag.lowercased() }) {
                diagnostics.error("config.locale", "\(what()) has more than one text for '\(tag)'", at: pair.key.span,
                                  notes: ["first given at \(first.localeSpan!)"])
                problems = true
                continue
            }
            guard let text = string(pair.value, "the '\(tag)' text of \(what())") else {
                problems = true
                continue
            }
            variants.append(ContentText.Variant(locale: tag, text: text, origin: TextOriginReader(source: source).origin(of: pair.value),
                                                localeSpan: pair.key.span))
        }
        return problems ? nil : ContentText(variants: variants)
    }
}
