import BeckonCore
import BeckonDiagnostics

/// Where `store.options` is written: the `options:` key, and the span of each value and key inside
/// it by JSON pointer ("" is the whole value).
struct StoreOptionsLocation {
    var key: SourceSpan?
    var values: [String: SourceSpan] = [:]
    var keys: [String: SourceSpan] = [:]

    /// `problem` as a `config.value` error at the key or value its pointer names (at `options:`
    /// itself for the whole, or when the pointer names nothing written), its secret masked.
    func diagnostic(_ problem: StoreOptionsProblem, store: String, fallback: SourceSpan) -> Diagnostic {
        let keySpan = problem.atKey ? keys[problem.pointer] : nil
        let valueSpan = problem.pointer.isEmpty ? nil : values[problem.pointer]
        let span = keySpan ?? valueSpan ?? key ?? values[""] ?? fallback
        let location = problem.pointer.isEmpty ? "" : " at \(problem.pointer)"
        var diagnostic = Diagnostic.error("config.value", "'store.options' of '\(store)'\(location): \(problem.message)", at: span)
        if problem.secret {
            // The value's own characters; when it is not written where the pointer says, the
            // rest of the line the diagnostic quotes.
            diagnostic.secret = values[problem.pointer]
                ?? SourceSpan(file: span.file, start: span.start, end: SourcePosition(line: span.start.line, column: Int.max))
        }
        return diagnostic
    }
}
