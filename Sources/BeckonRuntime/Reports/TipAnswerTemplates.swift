public import BeckonCore
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The constant parts of every tip's `tip.status` answer in one configuration, written once
/// when it is served: an answer then copies its tip's content (actions, id, image, message,
/// title) as a few runs of bytes and writes only what the decision and the request change.
/// The bytes are exactly those `TipAnswerJSON` writes, which tests check.
public final class TipAnswerTemplates: @unchecked Sendable {
    // @unchecked: `bytes` and `bounds` are written in `init` and only read after.

    /// Every tip's fragments, one after another.
    private let bytes: UnsafeMutablePointer<UInt8>
    /// Where each slot's fragments start and end: slot `s` has the runs
    /// `bounds[5s]..<bounds[5s+1]` (`{`, `"actions":[…],` and `"changed":`), then its id's own
    /// bytes (compared with the id asked for, not written), then `,"id":"…"`, `,"image":"…"`
    /// and `,"invalidation":`, then `,"message":"…"` and `,"now":`, then `,"title":"…"}`.
    private let bounds: UnsafeMutablePointer<Int>
    private let tipCount: Int

    /// The fragments of `tips`, in slot order (the engine's `configuration.tips.all`).
    public init(tips: [TipDeclaration]) {
        var output = JSONOutput(capacity: 256 + 128 * tips.count)
        var bounds: [Int] = [0]
        bounds.reserveCapacity(5 * tips.count + 1)
        for tip in tips {
            output.append(UInt8(ascii: "{"))
            if !tip.actions.isEmpty {
                output.append("\"actions\":")
                TipAnswerJSON.writeActions(tip.actions, to: &output)
                output.append(UInt8(ascii: ","))
            }
            output.append("\"changed\":")
            bounds.append(output.count)
            var id = tip.id
            id.withUTF8 { output.append($0) }
            bounds.append(output.count)
            output.append(",\"id\":")
            JSONValue.writeString(tip.id, to: &output)
            if let image = tip.image {
                output.append(",\"image\":")
                JSONValue.writeString(image, to: &output)
            }
            output.append(",\"invalidation\":")
            bounds.append(output.count)
            if let message = tip.message {
                output.append(",\"message\":")
                JSONValue.writeString(message, to: &output)
            }
            output.append(",\"now\":")
            bounds.append(output.count)
            output.append(",\"title\":")
            JSONValue.writeString(tip.title, to: &output)
            output.append(UInt8(ascii: "}"))
            bounds.append(output.count)
        }
        let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(output.count, 1))
        output.withBytes { copy.initialize(from: $0.baseAddress!, count: $0.count) }
        bytes = copy
        self.bounds = .allocate(capacity: bounds.count)
        self.bounds.initialize(from: bounds, count: bounds.count)
        tipCount = tips.count
    }

    deinit {
        bytes.deallocate()
        bounds.deallocate()
    }

    /// The JSON text of `tip.status` on the tip in `slot`, asked for as `id`, answered with
    /// `decision`, lent to `body`: the same bytes as `OperationReport.withTipStatusJSONText`.
    public func withStatusJSONText<R>(slot: Int, id: String, _ decision: TipDecision, subject: String, now: Int64,
                                      _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try JSONOutput.withReusable { output in
            write(slot: slot, id: id, decision, subject: subject, now: now, to: &output)
            return try output.withBytes(body)
        }
    }

    func write(slot: Int, id: String, _ decision: TipDecision, subject: String, now: Int64, to output: inout JSONOutput) {
        precondition(slot >= 0 && slot < tipCount, "tip slot \(slot) out of range")
        let bound = bounds + 5 * slot
        // The id asked for is written as given: when it is the declared id byte for byte (not
        // merely an equal string), its fragment is; otherwise the answer is written member by member.
        var asked = id
        let sameID = asked.withUTF8 { given in
            given.count == bound[2] - bound[1] && (given.isEmpty || memcmp(given.baseAddress!, bytes + bound[1], given.count) == 0)
        }
        guard sameID else {
            let request = TipAnswerJSON.Request(op: "tip.status", id: id, arguments: [:], changes: nil, subject: subject, now: now)
            return TipAnswerJSON.write(decision, .changed, request, to: &output)
        }
        run(bound[0], bound[1], to: &output)
        output.append(decision.changed ? "true" : "false")
        TipAnswerJSON.writeCounts(decision.record, to: &output)
        run(bound[2], bound[3], to: &output)
        TipAnswerJSON.writeInvalidation(decision.record.invalidation, to: &output)
        run(bound[3], bound[4], to: &output)
        output.appendQuotedTimestamp(now)
        output.append(",\"op\":\"tip.status\"")
        TipAnswerJSON.writeReason(decision.reason, to: &output)
        TipAnswerJSON.writeRevisitAndStatus(decision, to: &output)
        output.append(",\"subject\":")
        JSONValue.writeString(subject, to: &output)
        run(bound[4], bound[5], to: &output)
    }

    @inline(__always)
    private func run(_ start: Int, _ end: Int, to output: inout JSONOutput) {
        output.append(UnsafeBufferPointer(start: bytes + start, count: end - start))
    }
}
