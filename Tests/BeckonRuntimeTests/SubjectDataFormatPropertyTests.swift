import BeckonCore
import BeckonRules
import BeckonRuntime
import BeckonTestSupport
import Testing

/// Any snapshot of declared ids reads back from its line exactly, and its line is the same bytes
/// again: random values of every type (64-bit extremes, doubles from their bit patterns, text
/// with quotes, controls and characters beyond the BMP), random counters and logs.
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
