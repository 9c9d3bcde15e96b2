public import BeckonCore

/// A tip's evaluation in OpenFeature's Remote Evaluation Protocol (OFREP), written as bytes by
/// the one tip-answer writer's content (`TipAnswerContent`): the members a `/v1` `tip.status`
/// answer has, mapped as OFREP wants them, keys sorted as the general writer sorts them:
///
/// ```json
/// {"key":"tips.ID","metadata":{…},"reason":"TARGETING_MATCH","value":true,"variant":"available"}
/// ```
///
/// - `value`: whether the tip is available; `variant`: its status (`TipStatus.spelling`);
///   `reason`: `DISABLED` for an invalidated tip, otherwise `TARGETING_MATCH`.
/// - `metadata`, primitive values only, each the `/v1` answer's member of the same name:
///   `actions` (the array's JSON text), `image`, `locale`, `message`, `reason`, `reasonCode`,
///   `revisitAt` and `title`; a member the answer has as null or not at all is left out.
enum OFREPTipEvaluation {
    static func write<Content: TipAnswerContent>(_ decision: TipDecision, key: String, content: Content, to output: inout ByteOutput) {
        output.append("{\"key\":")
        JSONValue.writeString(key, to: &output)
        output.append(",\"metadata\":")
        // Each member is written after a comma; the first comma becomes the opening brace (the
        // reason is always there).
        let start = output.count
        writeActionsAsText(content, to: &output)
        content.writeImage(to: &output)
        content.writeLocale(decision.locale, to: &output)
        content.writeMessage(to: &output)
        TipAnswerJSON.writeReason(decision.reason, to: &output)
        if let revisitAt = decision.revisitAt {
            output.append(",\"revisitAt\":")
            output.appendQuotedTimestamp(revisitAt)
        }
        content.writeTitle(to: &output)
        output.replace(at: start, with: UInt8(ascii: "{"))
        output.append(decision.status == .invalidated ? "},\"reason\":\"DISABLED\",\"value\":" : "},\"reason\":\"TARGETING_MATCH\",\"value\":")
        output.append(decision.status == .available ? "true,\"variant\":\"" : "false,\"variant\":\"")
        output.append(decision.status.spelling)
        output.append("\"}")
    }

    /// `,"actions":"[…]"`: the `/v1` member's array as a JSON string, or nothing.
    private static func writeActionsAsText<Content: TipAnswerContent>(_ content: Content, to output: inout ByteOutput) {
        let start = output.count
        content.writeActions(to: &output)
        guard output.count > start else { return }
        let member = output.removeBytes(from: start)
        let prefix = ",\"actions\":".utf8.count
        output.append(",\"actions\":")
        member.withUnsafeBufferPointer { JSONValue.writeString(utf8: UnsafeBufferPointer(rebasing: $0[prefix...]), to: &output) }
    }
}

extension TipAnswerTemplates {
    /// The JSON text of the OFREP evaluation of the tip in `slot` under flag `key`, answered with
    /// `decision` (`OFREPTipEvaluation`), lent to `body`.
    public func withOFREPEvaluationJSONText<R>(slot: Int, key: String, _ decision: TipDecision,
                                               _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try ByteOutput.withReusable { output in
            OFREPTipEvaluation.write(decision, key: key, content: runs(slot: slot, askedByDeclaredID: true, decision), to: &output)
            return try output.withBytes(body)
        }
    }
}
