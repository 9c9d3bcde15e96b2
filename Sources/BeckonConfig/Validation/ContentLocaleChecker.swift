import BeckonCore
import BeckonDiagnostics

/// Checks, once every file is read (and so `app.defaultLocale` is known), that each text written
/// as a mapping has the default locale's text, and puts that text first: the runtime and every
/// `ContentText.text` read the default locale's text as `variants[0]`.
struct ContentLocaleChecker {
    let defaultLocale: String
    /// Whether to report mappings without the default locale's text (not when the default
    /// locale itself was refused).
    let reports: Bool

    func check(_ assembly: inout ConfigurationAssembly, into diagnostics: inout DiagnosticList) {
        // Most configurations have plain texts only: a scan, and nothing is rebuilt.
        if assembly.tips.all.contains(where: { !Self.isPlain($0) }) {
            assembly.tips = Declarations(assembly.tips.all.map { tip in
                var tip = tip
                let what = "tip '\(tip.id)'"
                settle(&tip.title, "the title of \(what)", &diagnostics)
                if tip.message != nil { settle(&tip.message!, "the message of \(what)", &diagnostics) }
                for index in tip.actions.indices {
                    let action = tip.actions[index].id
                    settle(&tip.actions[index].title, "the title of action '\(action)' of \(what)", &diagnostics)
                }
                return tip
            })
        }
        for index in assembly.whatsNew.entries.indices {
            var entry = assembly.whatsNew.entries[index]
            let what = "what's-new entry \(entry.version)"
            settle(&entry.title, "the title of \(what)", &diagnostics)
            for feature in entry.features.indices {
                settle(&entry.features[feature].title, "the title of a feature of \(what)", &diagnostics)
                if entry.features[feature].subtitle != nil {
                    settle(&entry.features[feature].subtitle!, "the subtitle of a feature of \(what)", &diagnostics)
                }
            }
            if entry.primaryAction != nil { settle(&entry.primaryAction!.title, "the title of the primary action of \(what)", &diagnostics) }
            if entry.secondaryAction != nil { settle(&entry.secondaryAction!.title, "the title of the secondary action of \(what)", &diagnostics) }
            assembly.whatsNew.entries[index] = entry
        }
    }

    private static func isPlain(_ tip: TipDeclaration) -> Bool {
        tip.title.isPlain && (tip.message?.isPlain ?? true) && tip.actions.allSatisfy(\.title.isPlain)
    }

    /// Moves the default locale's text of a mapping first, or reports that there is none.
    private func settle(_ text: inout ContentText, _ what: @autoclosure () -> String, _ diagnostics: inout DiagnosticList) {
        guard !text.isPlain else { return }
        let wanted = defaultLocale.lowercased()
        guard let index = text.variants.firstIndex(where: { $0.locale?.lowercased() == wanted }) else {
            if reports, let span = text.variants[0].localeSpan {
                diagnostics.error("config.locale", "\(what()) has no text in the default locale '\(defaultLocale)'", at: span,
                                  notes: ["plain texts and the last fallback are in 'app.defaultLocale' (en unless set)"])
            }
            return
        }
        if index > 0 { text.variants.insert(text.variants.remove(at: index), at: 0) }
    }
}
