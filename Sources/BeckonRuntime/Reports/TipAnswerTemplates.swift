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
    /// Each tip's slot + 1 (0: empty), at the place its id's bytes hash to, or after it (open
    /// addressing): ids are found by their bytes, with no `String` made and no `Hasher`.
    private let slotsByID: UnsafeMutablePointer<Int32>
    private let slotsMask: Int

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
        var size = 16
        while size < 2 * tips.count { size *= 2 }
        slotsByID = .allocate(capacity: size)
        slotsByID.initialize(repeating: 0, count: size)
        slotsMask = size - 1
        for slot in tips.indices {
            var place = Self.hash(idBytes(of: slot)) & slotsMask
            while slotsByID[place] != 0 { place = (place + 1) & slotsMask }
            slotsByID[place] = Int32(slot + 1)
        }
    }

    deinit {
        bytes.deallocate()
        bounds.deallocate()
        slotsByID.deallocate()
    }

    /// The slot of the tip whose id is `id`'s bytes exactly, or nil (an undeclared id, or one
    /// declared with other bytes for the same text, which `Engine.tipSlot(of:)` then decides).
    public func slot(ofID id: UnsafeRawBufferPointer) -> Int? {
        var place = Self.hash(id) & slotsMask
        while true {
            let found = Int(slotsByID[place]) - 1
            if found < 0 { return nil }
            let declared = idBytes(of: found)
            if declared.count == id.count && (id.isEmpty || memcmp(declared.baseAddress!, id.baseAddress!, id.count) == 0) { return found }
            place = (place + 1) & slotsMask
        }
    }

    /// The id of the tip in `slot`, as bytes.
    private func idBytes(of slot: Int) -> UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: bytes + bounds[5 * slot + 1], count: bounds[5 * slot + 2] - bounds[5 * slot + 1])
    }

    /// FNV-1a: ids are short, and a lookup is checked byte for byte.
    private static func hash(_ bytes: UnsafeRawBufferPointer) -> Int {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }

    /// The JSON text of `tip.status` on the tip in `slot`, asked for as `id` (nil: by its own
    /// id's bytes, as `slot(ofID:)` found it), answered with `decision`, lent to `body`: the same
    /// bytes as `OperationReport.withTipStatusJSONText`.
    public func withStatusJSONText<R>(slot: Int, id: String?, _ decision: TipDecision, subject: String, now: Int64,
                                      _ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        try JSONOutput.withReusable { output in
            write(slot: slot, id: id, decision, subject: subject, now: now, to: &output)
            return try output.withBytes(body)
        }
    }

    func write(slot: Int, id: String?, _ decision: TipDecision, subject: String, now: Int64, to output: inout JSONOutput) {
        precondition(slot >= 0 && slot < tipCount, "tip slot \(slot) out of range")
        let bound = bounds + 5 * slot
        // The id asked for is written as given: when it is the declared id byte for byte (not
        // merely an equal string), its fragment is; otherwise the answer is written member by member.
        if var id {
            let sameID = id.withUTF8 { given in
                given.count == bound[2] - bound[1] && (given.isEmpty || memcmp(given.baseAddress!, bytes + bound[1], given.count) == 0)
            }
            if !sameID {
                let request = TipAnswerJSON.Request(op: "tip.status", id: id, arguments: [:], changes: nil, subject: subject, now: now)
                return TipAnswerJSON.write(decision, .changed, request, to: &output)
            }
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
