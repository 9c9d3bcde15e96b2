import BeckonConfig
import BeckonCore
import BeckonRuntime

/// The self-contained page `beckon simulate --html` writes: `Pages/timeline.html` with its style,
/// its script and the drawing's data inlined (no network, no other file).
enum TimelinePage {
    /// The page for `timeline` (a recorder that ran the trace), with `configuration`'s content
    /// in each of its locales and the configuration's warnings (`diagnostics`, rendered; empty for none).
    static func html(timeline: TimelineRecorder, configuration: Configuration, diagnostics: String, trace: String, config: String) -> [UInt8] {
        let content = LocalizedContent(configuration)
        let data: JSONValue = .object([
            "trace": .string(trace),
            "config": .string(config),
            "diagnostics": .string(diagnostics.isEmpty ? nil : diagnostics),
            "timeline": timeline.json(),
            "content": .object([
                "locales": .array(content.locales.map { .string($0) }),
                "tips": .array(content.tips.map { tips in .array(tips.map { tip in
                    var card = TipContentRenderer.json(tip)
                    card["id"] = .string(tip.id)
                    return .object(card)
                }) }),
                "whatsNew": .array(content.whatsNewEntries.map { entries in .array(entries.map(WhatsNewDecisionRenderer.json)) }),
            ]),
        ])
        // The template is small: split at its markers; the data (megabytes for a large trace)
        // is written into the page's bytes once.
        var page: [UInt8] = []
        for piece in text(PackageResources.timeline_html).split(separator: "/*beckon:", omittingEmptySubsequences: false) {
            if piece.hasPrefix("style*/") {
                page += PackageResources.timeline_css
            } else if piece.hasPrefix("script*/") {
                page += PackageResources.timeline_js
            } else if piece.hasPrefix("data*/") {
                appendScriptSafe(data.text, to: &page)
            } else {
                page += Array(piece.utf8)
                continue
            }
            page += Array(piece.utf8.drop { $0 != UInt8(ascii: "/") }.dropFirst())
        }
        return page
    }

    private static let escapedLessThan = Array(#"\u003c"#.utf8)

    private static func text(_ bytes: [UInt8]) -> String {
        String(decoding: bytes, as: UTF8.self)
    }

    /// JSON inside a `<script>` element with every `<` written `\u003c` (the same JSON: a `<` is
    /// only ever inside a string), so that no text in it is markup to the HTML parser: neither a
    /// `</script>` that closes the element nor a `<!--<script>` that keeps the next `</script>`
    /// from closing it (the "double escaped" state), which had swallowed the page's own script.
    static func appendScriptSafe(_ json: String, to page: inout [UInt8]) {
        page.reserveCapacity(page.count + json.utf8.count + 64)
        for byte in json.utf8 {
            if byte == UInt8(ascii: "<") {
                page += escapedLessThan
            } else {
                page.append(byte)
            }
        }
    }
}
