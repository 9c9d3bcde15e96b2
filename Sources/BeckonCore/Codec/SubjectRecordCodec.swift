import BeckonRules

/// The compact binary form of a `SubjectRecord` that stores keep: versioned, independent of the
/// machine, and safe to decode from any bytes (garbage, truncated or from a newer Beckon is a
/// `StoreError(.corrupt)`, never a crash or a hang).
///
/// Format 1, in order (integers are LEB128 varints, signed ones zigzag-encoded; a string is its
/// UTF-8 length then its bytes; a value is a tag byte then its payload):
///
/// ```
/// format         1
/// parameters     count, then per parameter: name, value
/// events         count, then per event: id, flags (1 first, 2 last), count, [first], [last]
/// tips           count, then per tip: id, flags (1 first, 2 last, bits 2–4 the invalidation
///                reason + 1), display count, [first display], [last display], display duration
/// scenarios      count, then per scenario: id, flags (1 first event, 2 last event,
///                4 last execution, 8 reset at), events, [first event], [last event],
///                executions, [last execution], [reset at], event count at reset
/// rest           flags (1 new-tip display, 2 last seen, 4 previous), [new-tip display],
///                presented count, versions (major, minor, patch), [last seen], [previous]
/// ```
///
/// A later format gets a new number; its decoder keeps reading every earlier one.
public enum SubjectRecordCodec {
    /// The format this Beckon writes, and the newest it reads.
    public static let currentFormat: UInt8 = 1

    /// The record's bytes in the current format.
    public static func encode(_ record: SubjectRecord) -> [UInt8] {
        var writer = ByteWriter(capacity: 32 + 24 * (record.parameters.count + record.events.count + record.tips.count + record.scenarios.count))
        writer.byte(currentFormat)
        writer.count(record.parameters.count)
        for (name, value) in record.parameters {
            writer.string(name)
            writer.value(value)
        }
        writer.count(record.events.count)
        for (id, counters) in record.events {
            writer.string(id)
            writer.byte((counters.first == nil ? 0 : 1) | (counters.last == nil ? 0 : 2))
            writer.signed(counters.count)
            if let first = counters.first { writer.signed(first) }
            if let last = counters.last { writer.signed(last) }
        }
        writer.count(record.tips.count)
        for (id, tip) in record.tips {
            writer.string(id)
            let reason = tip.invalidation.map { InvalidationCode.code(of: $0) } ?? 0
            writer.byte((tip.firstDisplay == nil ? 0 : 1) | (tip.lastDisplay == nil ? 0 : 2) | reason << 2)
            writer.signed(tip.displayCount)
            if let first = tip.firstDisplay { writer.signed(first) }
            if let last = tip.lastDisplay { writer.signed(last) }
            writer.signed(tip.displayDuration)
        }
        writer.count(record.scenarios.count)
        for (id, scenario) in record.scenarios {
            writer.string(id)
            writer.byte((scenario.firstEvent == nil ? 0 : 1) | (scenario.lastEvent == nil ? 0 : 2)
                | (scenario.lastExecution == nil ? 0 : 4) | (scenario.resetAt == nil ? 0 : 8))
            writer.signed(scenario.events)
            if let first = scenario.firstEvent { writer.signed(first) }
            if let last = scenario.lastEvent { writer.signed(last) }
            writer.signed(scenario.executions)
            if let last = scenario.lastExecution { writer.signed(last) }
            if let reset = scenario.resetAt { writer.signed(reset) }
            writer.signed(scenario.eventCountAtReset)
        }
        let whatsNew = record.whatsNew
        writer.byte((record.lastNewTipDisplay == nil ? 0 : 1) | (whatsNew.lastSeenAppVersion == nil ? 0 : 2)
            | (whatsNew.previousAppVersion == nil ? 0 : 4))
        if let display = record.lastNewTipDisplay { writer.signed(display) }
        writer.count(whatsNew.presented.count)
        for version in whatsNew.presented { writer.version(version) }
        if let version = whatsNew.lastSeenAppVersion { writer.version(version) }
        if let version = whatsNew.previousAppVersion { writer.version(version) }
        return writer.bytes
    }

    /// Decodes bytes written by `encode` (in this format or an earlier one).
    ///
    /// - Throws: `StoreError(.corrupt)` for anything else, naming the problem and its byte.
    @inlinable
    public static func decode(_ bytes: some Collection<UInt8>) throws(StoreError) -> SubjectRecord {
        try ByteReader.decoding(bytes) { buffer throws(StoreError) in try decode(buffer: buffer) }
    }

    @usableFromInline
    static func decode(buffer: UnsafeBufferPointer<UInt8>) throws(StoreError) -> SubjectRecord {
        var reader = ByteReader(buffer, what: "subject record")
        _ = try reader.format(upTo: currentFormat)
        var record = SubjectRecord()

        record.parameters = try reader.table("parameter", minimumSize: 2) { reader, _ throws(StoreError) in try reader.value() }
        record.events = try reader.table("event", minimumSize: 3) { reader, _ throws(StoreError) in
            let flags = try reader.flags(allowed: 0b11)
            var counters = EventCounters(count: try reader.signed())
            if flags & 1 != 0 { counters.first = try reader.signed() }
            if flags & 2 != 0 { counters.last = try reader.signed() }
            return counters
        }
        record.tips = try reader.table("tip", minimumSize: 4) { reader, id throws(StoreError) in
            let flags = try reader.flags(allowed: 0b11111)
            var tip = TipRecord(displayCount: try reader.signed())
            if flags & 1 != 0 { tip.firstDisplay = try reader.signed() }
            if flags & 2 != 0 { tip.lastDisplay = try reader.signed() }
            tip.displayDuration = try reader.signed()
            let reason = flags >> 2
            if reason != 0 {
                guard let invalidation = InvalidationCode.reason(for: reason) else {
                    throw reader.corrupt("unknown invalidation reason \(reason) of tip \(Value.string(id))")
                }
                tip.invalidation = invalidation
            }
            return tip
        }
        record.scenarios = try reader.table("scenario", minimumSize: 5) { reader, _ throws(StoreError) in
            let flags = try reader.flags(allowed: 0b1111)
            var scenario = ScenarioRecord(events: try reader.signed())
            if flags & 1 != 0 { scenario.firstEvent = try reader.signed() }
            if flags & 2 != 0 { scenario.lastEvent = try reader.signed() }
            scenario.executions = try reader.signed()
            if flags & 4 != 0 { scenario.lastExecution = try reader.signed() }
            if flags & 8 != 0 { scenario.resetAt = try reader.signed() }
            scenario.eventCountAtReset = try reader.signed()
            return scenario
        }

        let flags = try reader.flags(allowed: 0b111)
        if flags & 1 != 0 { record.lastNewTipDisplay = try reader.signed() }
        let presentedCount = try reader.count(minimumSize: 3)
        if presentedCount > 0 {
            record.whatsNew.presented = Set(minimumCapacity: presentedCount)
            for _ in 0..<presentedCount {
                let start = reader.position
                guard record.whatsNew.presented.insert(try reader.version()).inserted else {
                    throw reader.corrupt("a presented version appears twice, at byte \(start)")
                }
            }
        }
        if flags & 2 != 0 { record.whatsNew.lastSeenAppVersion = try reader.version() }
        if flags & 4 != 0 { record.whatsNew.previousAppVersion = try reader.version() }
        try reader.finish()
        return record
    }
}

/// The stored number of each invalidation reason (never its raw value, which may be renamed).
enum InvalidationCode {
    static func code(of reason: InvalidationReason) -> UInt8 {
        switch reason {
        case .actionPerformed: 1
        case .tipClosed: 2
        case .displayCountExceeded: 3
        case .displayDurationExceeded: 4
        }
    }

    static func reason(for code: UInt8) -> InvalidationReason? {
        switch code {
        case 1: .actionPerformed
        case 2: .tipClosed
        case 3: .displayCountExceeded
        case 4: .displayDurationExceeded
        default: nil
        }
    }
}

extension ByteReader {
    /// A flags byte in which only the `allowed` bits may be set.
    mutating func flags(allowed: UInt8) throws(StoreError) -> UInt8 {
        let start = position
        let flags = try byte()
        guard flags & ~allowed == 0 else { throw corrupt("unexpected flags \(flags) at byte \(start)") }
        return flags
    }
}
