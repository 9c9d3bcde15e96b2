public import BeckonCore
import BeckonDiagnostics

/// The JSON of an answer about one tip (`tip.status`, `tip.display`, `tip.shown`,
/// `tip.invalidate`, `tip.reset`), written member by member straight into the output, keys in
/// the order the general writer sorts them to: no object of members, no intermediate strings,
/// the reason sentence written in pieces. The bytes are exactly those of the general path
/// (`TipDecisionRenderer.json` with the request's members over it), which tests check on many
/// answers.
///
/// This is the one direct writer of tip answers: the members a tip's declaration fixes come
/// from a `TipAnswerContent`, either the declaration itself or the runs `TipAnswerTemplates`
/// made with `DeclaredTipContent` when the configuration was served.
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

    /// Appends the answer's object, its content taken from the decision's declaration.
    @discardableResult
    static func write(_ decision: TipDecision, _ effect: Effect, _ request: Request, to output: inout ByteOutput) -> Range<Int> {
        write(decision, effect, request, content: DeclaredTipContent(decision.content), to: &output)
    }

    /// Appends the answer's object, the members of the tip's declaration written by `content`;
    /// returns where its `now` member (`"now":"…"`, without the commas around it) stands in the
    /// output, which a server leaves out of the answer's entity tag without looking for it.
    @inline(__always) @discardableResult
    static func write<Content: TipAnswerContent>(_ decision: TipDecision, _ effect: Effect, _ request: Request, content: Content,
                                                 to output: inout ByteOutput) -> Range<Int> {
        // Each member is written after a comma; the first comma becomes the opening brace.
        let start = output.count
        content.writeActions(to: &output)
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
        output.append(",\"displayCount\":")
        output.append(decision.record.displayCount)
        output.append(",\"displayDurationMs\":")
        output.append(decision.record.displayDuration)
        if effect == .displayed {
            output.append(decision.changed ? ",\"displayed\":true" : ",\"displayed\":false")
        }
        if let id = request.id {
            content.writeID(id, to: &output)
        }
        content.writeImage(to: &output)
        output.append(",\"invalidation\":")
        if let invalidation = decision.record.invalidation {
            output.append(UInt8(ascii: "\""))
            output.append(invalidation.spelling)
            output.append(UInt8(ascii: "\""))
        } else {
            output.append("null")
        }
        content.writeLocale(decision.locale, to: &output)
        content.writeMessage(to: &output)
        let nowStart = output.count + 1
        output.append(",\"now\":")
        output.appendQuotedTimestamp(request.now)
        let nowMember = nowStart..<output.count
        output.append(",\"op\":\"")
        output.append(request.op)
        output.append(UInt8(ascii: "\""))
        writeReason(decision.reason, to: &output)
        if effect == .recorded {
            output.append(decision.changed ? ",\"recorded\":true" : ",\"recorded\":false")
        }
        if let revisitAt = decision.revisitAt {
            output.append(",\"revisitAt\":")
            output.appendQuotedTimestamp(revisitAt)
        } else {
            output.append(",\"revisitAt\":null")
        }
        output.append(",\"status\":\"")
        output.append(decision.status.spelling)
        output.append(UInt8(ascii: "\""))
        output.append(",\"subject\":")
        JSONValue.writeString(request.subject, to: &output)
        content.writeTitle(to: &output)
        output.replace(at: start, with: UInt8(ascii: "{"))
        output.append(UInt8(ascii: "}"))
        return nowMember
    }

    /// `,"reason":"…","reasonCode":"…"`: the reason's sentence and code as BeckonCore spells them.
    @inline(__always)
    static func writeReason(_ reason: TipReason, to output: inout ByteOutput) {
        output.append(",\"reason\":\"")
        reason.write(to: &output)
        output.append("\",\"reasonCode\":\"")
        output.append(reason.codeSpelling)
        output.append(UInt8(ascii: "\""))
    }
}

extension OperationReport {
    /// The JSON text of `tip.status` on tip `id` answered with `decision`, lent to `body`: the
    /// bytes `withJSONText` writes for that operation's report, without making the report (the
    /// C API's hottest call).
    public static func withTipStatusJSONText<R>(_ decision: TipDecision, id: String, subject: String, now: Int64,
                                                _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try ByteOutput.withReusable { output in
            let request = TipAnswerJSON.Request(op: "tip.status", id: id, arguments: [:], changes: nil, subject: subject, now: now)
            TipAnswerJSON.write(decision, .changed, request, to: &output)
            return try output.withBytes(body)
        }
    }
}
