public import BeckonCore
import BeckonDiagnostics

/// The JSON of an answer about one tip (`tip.status`, `tip.display`, `tip.shown`,
/// `tip.invalidate`, `tip.reset`), written member by member straight into the output, keys in
/// the order the general writer sorts them to: no object of members, no intermediate strings,
/// the reason sentence written in pieces. The bytes are exactly those of the general path
/// (`TipDecisionRenderer.json` with the request's members over it), which tests check on many
/// answers.
enum TipAnswerJSON {
    /// The member saying what the operation did: `changed` (status, invalidate, reset),
    /// `displayed` (display) or `recorded` (shown).
    enum Effect {
        case changed, displayed, recorded
    }

    /// What an answer says besides the decision: the request's members and the operation's.
    struct Request {
        /// The operation's name (`TraceOperation.name`).
        var op: StaticString
        var id: String?
        var arguments: JSONObject
        var changes: JSONValue?
        var subject: String
        var now: Int64
    }

    /// Appends the answer's object.
    static func write(_ decision: TipDecision, _ effect: Effect, _ request: Request, to output: inout JSONOutput) {
        // Each member is written after a comma; the first comma becomes the opening brace.
        let start = output.count
        let content = decision.content
        if !content.actions.isEmpty {
            output.append(",\"actions\":")
            writeActions(content.actions, to: &output)
        }
        if !request.arguments.isEmpty {
            output.append(",\"arguments\":")
            JSONValue.writeObject(request.arguments, overriding: [:], to: &output)
        }
        if effect == .changed {
            output.append(decision.changed ? ",\"changed\":true" : ",\"changed\":false")
        }
        if let changes = request.changes {
            output.append(",\"changes\":")
            changes.write(to: &output)
        }
        writeCounts(decision.record, to: &output)
        if effect == .displayed {
            output.append(decision.changed ? ",\"displayed\":true" : ",\"displayed\":false")
        }
        if let id = request.id {
            output.append(",\"id\":")
            JSONValue.writeString(id, to: &output)
        }
        if let image = content.image {
            output.append(",\"image\":")
            JSONValue.writeString(image, to: &output)
        }
        output.append(",\"invalidation\":")
        writeInvalidation(decision.record.invalidation, to: &output)
        if let message = content.message {
            output.append(",\"message\":")
            JSONValue.writeString(message, to: &output)
        }
        output.append(",\"now\":")
        output.appendQuotedTimestamp(request.now)
        output.append(",\"op\":\"")
        output.append(request.op)
        output.append(UInt8(ascii: "\""))
        writeReason(decision.reason, to: &output)
        if effect == .recorded {
            output.append(decision.changed ? ",\"recorded\":true" : ",\"recorded\":false")
        }
        writeRevisitAndStatus(decision, to: &output)
        output.append(",\"subject\":")
        JSONValue.writeString(request.subject, to: &output)
        output.append(",\"title\":")
        JSONValue.writeString(content.title, to: &output)
        output.replace(at: start, with: UInt8(ascii: "{"))
        output.append(UInt8(ascii: "}"))
    }

    /// `[{"id":…,"title":…},…]`.
    static func writeActions(_ actions: [TipAction], to output: inout JSONOutput) {
        output.append(UInt8(ascii: "["))
        for (index, action) in actions.enumerated() {
            output.append(index == 0 ? "{\"id\":" : ",{\"id\":")
            JSONValue.writeString(action.id, to: &output)
            output.append(",\"title\":")
            JSONValue.writeString(action.title, to: &output)
            output.append(UInt8(ascii: "}"))
        }
        output.append(UInt8(ascii: "]"))
    }

    /// `,"displayCount":…,"displayDurationMs":…`.
    @inline(__always)
    static func writeCounts(_ record: TipRecord, to output: inout JSONOutput) {
        output.append(",\"displayCount\":")
        output.append(record.displayCount)
        output.append(",\"displayDurationMs\":")
        output.append(record.displayDuration)
    }

    /// The value of `invalidation`: its reason as a string, or null.
    @inline(__always)
    static func writeInvalidation(_ invalidation: InvalidationReason?, to output: inout JSONOutput) {
        if let invalidation {
            output.append(UInt8(ascii: "\""))
            output.append(rawValue(invalidation))
            output.append(UInt8(ascii: "\""))
        } else {
            output.append("null")
        }
    }

    /// `,"reason":"…","reasonCode":"…"`.
    static func writeReason(_ reason: TipReason, to output: inout JSONOutput) {
        // The answers of a tip shown, the commonest, in one piece.
        if case .allChecksPassed = reason { return output.append(",\"reason\":\"every check passed\",\"reasonCode\":\"available\"") }
        output.append(",\"reason\":\"")
        writeSentence(reason, to: &output)
        output.append("\",\"reasonCode\":\"")
        output.append(code(reason))
        output.append(UInt8(ascii: "\""))
    }

    /// `,"revisitAt":…,"status":"…"`.
    @inline(__always)
    static func writeRevisitAndStatus(_ decision: TipDecision, to output: inout JSONOutput) {
        if let revisitAt = decision.revisitAt {
            output.append(",\"revisitAt\":")
            output.appendQuotedTimestamp(revisitAt)
        } else {
            output.append(",\"revisitAt\":null")
        }
        output.append(statusMember(decision.status))
    }

    /// `,"status":"…"` (`TipStatus.rawValue`).
    private static func statusMember(_ status: TipStatus) -> StaticString {
        switch status {
        case .pending: ",\"status\":\"pending\""
        case .available: ",\"status\":\"available\""
        case .invalidated: ",\"status\":\"invalidated\""
        }
    }

    /// `reason.code`, which needs no escape.
    private static func code(_ reason: TipReason) -> StaticString {
        switch reason {
        case .allChecksPassed: "available"
        case .shownByTesting: "testingShow"
        case .hiddenByTesting: "testingHide"
        case .invalidated(let why): rawValue(why)
        case .ruleNotSatisfied: "rule"
        case .ruleFailed: "ruleError"
        case .displayFrequency: "displayFrequency"
        case .withheldByGroup: "group"
        case .dependsOnItself: "cycle"
        }
    }

    /// `reason.rawValue`, which needs no escape.
    private static func rawValue(_ reason: InvalidationReason) -> StaticString {
        switch reason {
        case .actionPerformed: "actionPerformed"
        case .tipClosed: "tipClosed"
        case .displayCountExceeded: "displayCountExceeded"
        case .displayDurationExceeded: "displayDurationExceeded"
        }
    }

    /// Appends `reason.description`, escaped for a JSON string, without building it.
    static func writeSentence(_ reason: TipReason, to output: inout JSONOutput) {
        switch reason {
        case .allChecksPassed:
            output.append("every check passed")
        case .shownByTesting(let source):
            output.append("shown by ")
            JSONValue.writeStringContents(source, to: &output)
        case .hiddenByTesting(let source):
            output.append("hidden by ")
            JSONValue.writeStringContents(source, to: &output)
        case .invalidated(let why):
            output.append("invalidated: ")
            output.append(rawValue(why))
        case .ruleNotSatisfied(let index, let text, let span):
            output.append("rule ")
            output.append(Int64(index) + 1)
            output.append(" is false: ")
            JSONValue.writeStringContents(text, to: &output)
            writePlace(span, to: &output)
        case .ruleFailed(let index, let text, let span, let message):
            output.append("rule ")
            output.append(Int64(index) + 1)
            output.append(" failed: ")
            JSONValue.writeStringContents(message, to: &output)
            output.append(": ")
            JSONValue.writeStringContents(text, to: &output)
            writePlace(span, to: &output)
        case .displayFrequency, .withheldByGroup, .dependsOnItself:
            JSONValue.writeStringContents(reason.description, to: &output)
        }
    }

    /// ` (FILE:LINE)`.
    private static func writePlace(_ span: SourceSpan, to output: inout JSONOutput) {
        output.append(" (")
        JSONValue.writeStringContents(span.file, to: &output)
        output.append(UInt8(ascii: ":"))
        output.append(Int64(span.start.line))
        output.append(UInt8(ascii: ")"))
    }
}

extension OperationReport {
    /// The JSON text of `tip.status` on tip `id` answered with `decision`, lent to `body`: the
    /// bytes `withJSONText` writes for that operation's report, without making the report (the
    /// C API's hottest call).
    public static func withTipStatusJSONText<R>(_ decision: TipDecision, id: String, subject: String, now: Int64,
                                                _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try JSONOutput.withReusable { output in
            let request = TipAnswerJSON.Request(op: "tip.status", id: id, arguments: [:], changes: nil, subject: subject, now: now)
            TipAnswerJSON.write(decision, .changed, request, to: &output)
            return try output.withBytes(body)
        }
    }
}
