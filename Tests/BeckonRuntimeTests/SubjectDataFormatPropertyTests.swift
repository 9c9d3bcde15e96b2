import BeckonCore
import BeckonRules
import BeckonRuntime
import BeckonTestSupport
import Testing

/// Any snapshot of declared ids reads back from its line exactly, and its line is the same bytes
/// again: random values of every type (64-bit extremes, doubles from their bit patterns, text
/// with quotes, controls and characters beyond the BMP), random counters and logs; and any such
/// line changed a few bytes at a time is read or refused by its number, never a crash.
@Suite("Subject data format, generated")
struct SubjectDataFormatPropertyTests {
    typealias F = SubjectDataFixture

    @Test func everySnapshotReadsBackExactly() throws {
        var random = SplitMix64(seed: 0x5D_F0_27)
        for round in 0..<500 {
            let snapshot = Self.snapshot(&random)
            let subject = Self.text(&random) + "\(round)"
            let line = SubjectDataFormat.line(subject: subject, snapshot: snapshot, configuration: F.configuration)
            #expect(line.last == UInt8(ascii: "\n") && line.filter { $0 == UInt8(ascii: "\n") }.count == 1)
            let decoded = try SubjectDataFormat.decode(Array(line.dropLast()), line: round + 1, configuration: F.configuration)
            #expect(decoded.subject == subject)
            #expect(decoded.snapshot == snapshot, "\(String(decoding: line, as: UTF8.self))")
            #expect(SubjectDataFormat.line(subject: subject, snapshot: decoded.snapshot, configuration: F.configuration) == line)
        }
    }

    /// A line that is changed a few bytes at a time (a byte replaced by one that means something to
    /// JSON or by any byte, a byte dropped, a run repeated, the end cut) is read or refused, never
    /// a crash: a refusal names the line's number and says what is wrong; what is read writes
    /// back to a line that reads to the same snapshot.
    @Test func everyMutatedLineIsReadOrRefused() {
        var random = SplitMix64(seed: 0xBAD_11E5)
        var refused = 0
        for round in 0..<3_000 {
            let original = SubjectDataFormat.line(subject: Self.text(&random) + "s", snapshot: Self.snapshot(&random), configuration: F.configuration)
            var bytes = Array(original.dropLast())
            for _ in 0...random.below(3) { Self.mutate(&bytes, &random) }
            do {
                let decoded = try SubjectDataFormat.decode(bytes, line: round + 1, configuration: F.configuration)
                let again = SubjectDataFormat.line(subject: decoded.subject, snapshot: decoded.snapshot, configuration: F.configuration)
                let reread = try SubjectDataFormat.decode(Array(again.dropLast()), line: 1, configuration: F.configuration)
                #expect(reread.subject == decoded.subject && reread.snapshot == decoded.snapshot, "\(String(decoding: bytes, as: UTF8.self))")
            } catch {
                refused += 1
                #expect(error.line == round + 1 && !error.message.isEmpty, "\(error)")
            }
        }
        #expect(refused > 1_000 && refused < 3_000, "\(refused) of 3,000 refused: the mutations should break most lines, not all")
    }

    static func mutate(_ bytes: inout [UInt8], _ random: inout SplitMix64) {
        guard !bytes.isEmpty else { return }
        let at = random.below(bytes.count)
        switch random.below(4) {
        case 0: bytes[at] = random.pick(Array(#"{}[]:,"\-+.eE0129 tfn"#.utf8) + [0x00, 0x7F, 0xC3, 0xFF, UInt8(truncatingIfNeeded: random.next())])
        case 1: bytes.remove(at: at)
        case 2: bytes.insert(contentsOf: bytes[at..<min(bytes.count, at + 1 + random.below(12))], at: at)
        default: bytes.removeSubrange(at...)
        }
    }

    static func int(_ random: inout SplitMix64) -> Int64 {
        random.pick([Int64.min, Int64.max, 0, -1, Int64(bitPattern: random.next()), Int64(random.next() % 10_000)])
    }

    static func optionalInt(_ random: inout SplitMix64) -> Int64? {
        random.next() % 3 == 0 ? nil : int(&random)
    }

    static func double(_ random: inout SplitMix64) -> Double {
        while true {
            let value = random.pick([Double(bitPattern: random.next()), 0.1, -0.0, 1e-7, .leastNonzeroMagnitude, .greatestFiniteMagnitude, Double(random.next() % 1000) / 8])
            if value.isFinite { return value }
        }
    }

    static func text(_ random: inout SplitMix64) -> String {
        String((0..<Int(random.next() % 6)).map { _ in random.pick(["a", "\"", "\\", "\n", "\u{1}", "ü", "😀", "/", " ", "\u{7F}"] as [Character]) })
    }

    static func version(_ random: inout SplitMix64) -> Version {
        Version(major: Int(random.next() % 1000), minor: Int(random.next() % 100), patch: Int(random.next() % 10))
    }

    static func snapshot(_ random: inout SplitMix64) -> SubjectSnapshot {
        var record = SubjectRecord()
        if random.next() % 2 == 0 { record.parameters["plan"] = random.next() % 5 == 0 ? .null : .string(text(&random)) }
        if random.next() % 2 == 0 { record.parameters["level"] = .int(int(&random)) }
        if random.next() % 2 == 0 { record.parameters["ratio"] = .double(double(&random)) }
        if random.next() % 2 == 0 { record.parameters["wait"] = .duration(int(&random)) }
        if random.next() % 2 == 0 { record.parameters["since"] = .timestamp(int(&random)) }
        if random.next() % 2 == 0 { record.parameters["seen"] = .version(version(&random)) }
        if random.next() % 2 == 0 { record.parameters["tags"] = .list((0..<(random.next() % 3)).map { _ in .string(text(&random)) }) }
        var logs: [String: [Donation]] = [:]
        for event in ["opened", "saved"] where random.next() % 2 == 0 {
            record.events[event] = EventCounters(count: int(&random), first: optionalInt(&random), last: optionalInt(&random))
            let donations = (0..<(random.next() % 4)).map { _ in
                Donation(time: int(&random), info: event == "opened" ? [] : [
                    random.next() % 4 == 0 ? .null : .int(int(&random)), random.next() % 4 == 0 ? .null : .string(text(&random)),
                    random.next() % 4 == 0 ? .null : .double(double(&random)), random.next() % 4 == 0 ? .null : .timestamp(int(&random)),
                    random.next() % 4 == 0 ? .null : .duration(int(&random)),
                ])
            }
            if !donations.isEmpty { logs[event] = donations }
        }
        if random.next() % 2 == 0 {
            record.tips["welcome"] = TipRecord(displayCount: int(&random), firstDisplay: optionalInt(&random), lastDisplay: optionalInt(&random),
                                               displayDuration: int(&random), invalidation: random.next() % 2 == 0 ? nil : random.pick(InvalidationReason.allCases))
        }
        if random.next() % 2 == 0 {
            record.scenarios["review"] = ScenarioRecord(events: int(&random), firstEvent: optionalInt(&random), lastEvent: optionalInt(&random),
                                                        executions: int(&random), lastExecution: optionalInt(&random), resetAt: optionalInt(&random),
                                                        eventCountAtReset: int(&random))
        }
        record.lastNewTipDisplay = optionalInt(&random)
        record.whatsNew = WhatsNewRecord(presented: Set((0..<(random.next() % 3)).map { _ in version(&random) }),
                                         lastSeenAppVersion: random.next() % 2 == 0 ? nil : version(&random),
                                         previousAppVersion: random.next() % 2 == 0 ? nil : version(&random))
        return SubjectSnapshot(record: record, version: 1 + Int64(random.next() % 1000), logs: logs)
    }
}
