import BeckonCore
import BeckonRules
import Testing
import BeckonTestSupport

/// The stored binary forms of subject records and donation info: exact round trips of every
/// value kind and record field, a pinned format, and hostile bytes that must fail as corrupt
/// (never crash, hang or allocate without bound).
@Suite struct RecordCodecTests {
    static let values: [Value] = [
        .null, .bool(false), .bool(true),
        .int(0), .int(1), .int(-1), .int(63), .int(64), .int(-65), .int(.max), .int(.min),
        .double(0), .double(-0.0), .double(0.1), .double(-2.5e-8), .double(.greatestFiniteMagnitude),
        .double(.leastNonzeroMagnitude), .double(.infinity), .double(-.infinity),
        .string(""), .string("pro"), .string("ünïcødé 🎉 中文"), .string("nul \u{0} newline \n quote \" end"),
        .string(String(repeating: "long ", count: 100)),
        .duration(0), .duration(-1), .duration(90 * 86_400_000), .duration(.max),
        .timestamp(1_767_225_600_000), .timestamp(-86_400_000), .timestamp(.min),
        .version(Version(major: 0)), .version(Version(major: 2, minor: 10, patch: 3)), .version(Version(major: 999_999_999, minor: 0, patch: 1)),
        .version(Version(major: -1, minor: .max, patch: .min)),
        .list([]), .list([.string("a"), .string("")]), .list([.int(1), .null, .version(Version(major: 1))]),
        .list([.list([.int(1)]), .list([])]),
    ]

    static let fullRecord: SubjectRecord = {
        var record = SubjectRecord()
        for (index, value) in values.enumerated() { record.parameters["p\(index)"] = value }
        record.parameters[""] = .string("empty name")
        record.events = [
            "appLaunched": EventCounters(count: 3, first: 1_000, last: 3_000),
            "extreme": EventCounters(count: .max, first: .min, last: .max),
            "never": EventCounters(),
            "onlyFirst": EventCounters(count: 1, first: 7),
            "onlyLast": EventCounters(count: -1, last: 8),
        ]
        record.tips = ["never": TipRecord(), "shown": TipRecord(displayCount: 2, firstDisplay: 10, lastDisplay: 20, displayDuration: 1_500)]
        for (index, reason) in InvalidationReason.allCases.enumerated() {
            record.tips["tip-\(reason.rawValue)"] = TipRecord(displayCount: Int64(index), firstDisplay: index % 2 == 0 ? Int64(index) : nil,
                                                             lastDisplay: Int64(index + 100), displayDuration: Int64(index * 1000), invalidation: reason)
        }
        record.scenarios = [
            "review": ScenarioRecord(events: 5, firstEvent: 100, lastEvent: 500, executions: 1, lastExecution: 600),
            "offer": ScenarioRecord(events: 0, firstEvent: 700, lastEvent: 800, executions: 2, lastExecution: 900, resetAt: 650, eventCountAtReset: 12),
            "onlyReset": ScenarioRecord(resetAt: -5, eventCountAtReset: .min),
            "untouched": ScenarioRecord(),
        ]
        record.lastNewTipDisplay = 1_234_567
        record.whatsNew = WhatsNewRecord(presented: [Version(major: 1), Version(major: 1, minor: 1), Version(major: 2, minor: 0, patch: 5)],
                                         lastSeenAppVersion: Version(major: 2, minor: 3, patch: 1), previousAppVersion: Version(major: 2, minor: 2))
        return record
    }()

    /// Records that each set one optional part, so every flag bit is seen alone.
    static let partialRecords: [SubjectRecord] = {
        var records = [SubjectRecord()]
        var record = SubjectRecord()
        record.lastNewTipDisplay = 0
        records.append(record)
        record = SubjectRecord()
        record.whatsNew.lastSeenAppVersion = Version(major: 1)
        records.append(record)
        record = SubjectRecord()
        record.whatsNew.previousAppVersion = Version(major: 1)
        records.append(record)
        record = SubjectRecord()
        record.whatsNew.presented = [Version(major: 3)]
        records.append(record)
        for flag in 0..<4 {
            record = SubjectRecord()
            record.scenarios["s"] = ScenarioRecord(firstEvent: flag == 0 ? 1 : nil, lastEvent: flag == 1 ? 2 : nil,
                                                   lastExecution: flag == 2 ? 3 : nil, resetAt: flag == 3 ? 4 : nil)
            records.append(record)
        }
        return records
    }()

    // MARK: Round trips

    @Test(arguments: values)
    func valueRoundTripsAsInfoAndAsParameter(value: Value) throws {
        let info = [value, .string("after")]
        #expect(try DonationInfoCodec.decode(DonationInfoCodec.encode(info)) == info)
        var record = SubjectRecord()
        record.parameters["value"] = value
        #expect(try SubjectRecordCodec.decode(SubjectRecordCodec.encode(record)) == record)
    }

    @Test func doublesKeepTheirExactBits() throws {
        for double in [0.0, -0.0, .nan, -.nan, .signalingNaN, Double(bitPattern: 0x7FF8_0000_DEAD_BEEF), .ulpOfOne] {
            let decoded = try DonationInfoCodec.decode(DonationInfoCodec.encode([.double(double)]))
            guard case .double(let result) = decoded.first else {
                Issue.record("not a double: \(decoded)")
                continue
            }
            #expect(result.bitPattern == double.bitPattern)
        }
    }

    @Test func infoRoundTrips() throws {
        for info in [[], Self.values, [Value.list(Self.values)]] {
            #expect(try DonationInfoCodec.decode(DonationInfoCodec.encode(info)) == info)
        }
    }

    @Test func everyRecordFieldRoundTrips() throws {
        let decoded = try SubjectRecordCodec.decode(SubjectRecordCodec.encode(Self.fullRecord))
        #expect(decoded.parameters == Self.fullRecord.parameters)
        #expect(decoded.events == Self.fullRecord.events)
        #expect(decoded.tips == Self.fullRecord.tips)
        #expect(decoded.scenarios == Self.fullRecord.scenarios)
        #expect(decoded.lastNewTipDisplay == Self.fullRecord.lastNewTipDisplay)
        #expect(decoded.whatsNew == Self.fullRecord.whatsNew)
        #expect(decoded == Self.fullRecord)
    }

    @Test(arguments: partialRecords.indices)
    func eachOptionalPartRoundTripsAlone(index: Int) throws {
        let record = Self.partialRecords[index]
        #expect(try SubjectRecordCodec.decode(SubjectRecordCodec.encode(record)) == record)
    }

    @Test func decodesFromAnyCollectionOfBytes() throws {
        let bytes = SubjectRecordCodec.encode(Self.fullRecord)
        #expect(try SubjectRecordCodec.decode(bytes[...]) == Self.fullRecord)
        #expect(try SubjectRecordCodec.decode(([0xFF] + bytes)[1...]) == Self.fullRecord)
        #expect(try SubjectRecordCodec.decode(bytes.lazy.map { $0 }) == Self.fullRecord)  // not contiguous
        let info = DonationInfoCodec.encode(Self.values)
        #expect(try DonationInfoCodec.decode(info.lazy.map { $0 }) == Self.values)
    }

    // MARK: The format

    /// The format is what files on users' disks contain: these bytes must never change meaning.
    @Test func formatOneIsPinned() throws {
        #expect(SubjectRecordCodec.encode(SubjectRecord()) == [1, 0, 0, 0, 0, 0, 0])
        #expect(DonationInfoCodec.encode([]) == [1, 0])
        var record = SubjectRecord()
        record.parameters["a"] = .int(-3)
        record.events["e"] = EventCounters(count: 2, first: 1, last: 64)
        record.tips["t"] = TipRecord(displayCount: 1, lastDisplay: 5, displayDuration: 0, invalidation: .tipClosed)
        record.scenarios["s"] = ScenarioRecord(events: 1, executions: 1, lastExecution: 9, eventCountAtReset: 0)
        record.lastNewTipDisplay = 2
        record.whatsNew = WhatsNewRecord(presented: [Version(major: 1, minor: 2, patch: 3)], previousAppVersion: Version(major: 1))
        let expected: [UInt8] = [
            1,                                  // format
            1, 1, 0x61, 3, 5,                   // parameters: "a" = int -3 (zigzag 5)
            1, 1, 0x65, 3, 4, 2, 128, 1,        // events: "e", first+last, count 2, first 1, last 64 (zigzag 128)
            1, 1, 0x74, 2 | 2 << 2, 2, 10, 0,   // tips: "t", last + tipClosed, count 1, last 5, duration 0
            1, 1, 0x73, 4, 2, 2, 18, 0,         // scenarios: "s", last execution, events 1, executions 1, at 9, count at reset 0
            1 | 4, 4, 1, 2, 4, 6, 2, 0, 0,      // new-tip display 2, presented [1.2.3], previous 1.0.0
        ]
        #expect(SubjectRecordCodec.encode(record) == expected)
        #expect(try SubjectRecordCodec.decode(expected) == record)
        let info: [Value] = [.null, .bool(false), .bool(true), .int(1), .double(1), .string("é"), .duration(-1), .timestamp(2), .version(Version(major: 1)), .list([.null])]
        #expect(DonationInfoCodec.encode(info) == [1, 10, 0, 1, 2, 3, 2, 4, 0, 0, 0, 0, 0, 0, 0xF0, 0x3F, 5, 2, 0xC3, 0xA9, 6, 1, 7, 4, 8, 2, 0, 0, 9, 1, 0])
    }

    @Test func aNewerFormatIsRefusedByName() throws {
        var bytes = SubjectRecordCodec.encode(Self.fullRecord)
        bytes[0] = 2
        let error = try #require(throws: StoreError.self) { try SubjectRecordCodec.decode(bytes) }
        #expect(error.kind == .corrupt)
        #expect(error.message == "a stored subject record cannot be read: it was written in format 2 by a newer Beckon (this one reads up to format 1)")
        let info = try #require(throws: StoreError.self) { try DonationInfoCodec.decode([200, 0]) }
        #expect(info.message == "a stored donation info cannot be read: it was written in format 200 by a newer Beckon (this one reads up to format 1)")
    }

    // MARK: Hostile bytes

    @Test func everyTruncationIsCorrupt() throws {
        let record = SubjectRecordCodec.encode(Self.fullRecord)
        for length in 0..<record.count {
            expectCorrupt(record[..<length], "record cut to \(length) of \(record.count) bytes")
        }
        let info = DonationInfoCodec.encode(Self.values)
        for length in 0..<info.count {
            expectCorruptInfo(info[..<length], "info cut to \(length) of \(info.count) bytes")
        }
    }

    @Test func extraBytesAreCorrupt() throws {
        expectCorrupt(SubjectRecordCodec.encode(Self.fullRecord) + [0], "a record with a byte more")
        expectCorruptInfo(DonationInfoCodec.encode(Self.values) + [0], "info with a byte more")
    }

    @Test func malformedPartsAreCorrupt() {
        let cases: [(String, [UInt8])] = [
            ("empty", []),
            ("format 0", [0, 0, 0, 0, 0, 0, 0]),
            ("a count larger than the data", [1, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x7F, 0, 0, 0, 0, 0]),
            ("a varint of eleven bytes", [1, 1, 1, 0x61, 3, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01, 0, 0, 0, 0, 0]),
            ("a varint beyond 64 bits", [1, 1, 1, 0x61, 3, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x02, 0, 0, 0, 0, 0]),
            ("an unknown value kind", [1, 1, 1, 0x61, 42, 0, 0, 0, 0, 0]),
            ("invalid UTF-8 in a name", [1, 1, 2, 0xC3, 0x28, 0, 0, 0, 0, 0, 0]),
            ("invalid UTF-8 in a string", [1, 1, 1, 0x61, 5, 1, 0xFF, 0, 0, 0, 0, 0]),
            ("a parameter twice", [1, 2, 1, 0x61, 0, 1, 0x61, 0, 0, 0, 0, 0, 0]),
            ("an event twice", [1, 0, 2, 1, 0x65, 0, 0, 1, 0x65, 0, 0, 0, 0, 0, 0]),
            ("unknown event flags", [1, 0, 1, 1, 0x65, 4, 0, 0, 0, 0, 0]),
            ("an unknown invalidation reason", [1, 0, 0, 1, 1, 0x74, 5 << 2, 0, 0, 0, 0, 0]),
            ("unknown tip flags", [1, 0, 0, 1, 1, 0x74, 0x80, 0, 0, 0, 0, 0]),
            ("unknown scenario flags", [1, 0, 0, 0, 1, 1, 0x73, 16, 0, 0, 0, 0, 0]),
            ("unknown final flags", [1, 0, 0, 0, 0, 8, 0]),
            ("a presented version twice", [1, 0, 0, 0, 0, 0, 2, 2, 0, 0, 2, 0, 0]),
        ]
        for (name, bytes) in cases { expectCorrupt(bytes[...], name) }
    }

    @Test func deeplyNestedListsAreCorruptNotAStackOverflow() throws {
        // 100,000 nested one-element lists: decoding must stop at the depth limit.
        let bytes: [UInt8] = [1, 1] + Array(repeating: [9, 1], count: 100_000).flatMap { $0 } + [0]
        let error = try #require(throws: StoreError.self) { try DonationInfoCodec.decode(bytes) }
        #expect(error.message.contains("nest deeper than"), "\(error.message)")
        // Nesting within the limit is fine.
        var value = Value.int(7)
        for _ in 0..<60 { value = .list([value]) }
        #expect(try DonationInfoCodec.decode(DonationInfoCodec.encode([value])) == [value])
    }

    @Test func randomBytesNeverCrash() throws {
        var generator = SplitMix64(seed: 5)
        var decoded = 0
        for _ in 0..<20_000 {
            let length = Int.random(in: 0...64, using: &generator)
            var bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
            if !bytes.isEmpty, Bool.random(using: &generator) { bytes[0] = 1 }  // get past the format byte
            if let record = try? SubjectRecordCodec.decode(bytes) {
                decoded += 1
                #expect(try comparable(SubjectRecordCodec.decode(SubjectRecordCodec.encode(record))) == comparable(record))
            }
            if let info = try? DonationInfoCodec.decode(bytes) {
                #expect(try DonationInfoCodec.decode(DonationInfoCodec.encode(info)).map(comparable) == info.map(comparable))
            }
        }
        // Whatever random bytes decode to must be some record; most are refused.
        #expect(decoded < 20_000)
    }

    @Test func mutatedRecordsNeverCrash() throws {
        var generator = SplitMix64(seed: 11)
        let original = SubjectRecordCodec.encode(Self.fullRecord)
        for _ in 0..<5_000 {
            var bytes = original
            for _ in 0..<Int.random(in: 1...4, using: &generator) {
                bytes[Int.random(in: 0..<bytes.count, using: &generator)] = UInt8.random(in: 0...255, using: &generator)
            }
            if let record = try? SubjectRecordCodec.decode(bytes) {
                #expect(try comparable(SubjectRecordCodec.decode(SubjectRecordCodec.encode(record))) == comparable(record))
            }
        }
    }

    /// The record with each NaN (which a random double often is, and which equals nothing)
    /// replaced by its bits, so that round trips can be compared.
    private func comparable(_ record: SubjectRecord) -> SubjectRecord {
        var record = record
        record.parameters = record.parameters.mapValues(comparable)
        return record
    }

    private func comparable(_ value: Value) -> Value {
        switch value {
        case .double(let double) where double.isNaN: .string("NaN \(double.bitPattern)")
        case .list(let items): .list(items.map(comparable))
        default: value
        }
    }

    private func expectCorrupt(_ bytes: ArraySlice<UInt8>, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectRefusedAsCorrupt(what, messagePrefix: "a stored subject record cannot be read: ", sourceLocation: sourceLocation) { () throws(StoreError) in
            try SubjectRecordCodec.decode(bytes)
        }
    }

    private func expectCorruptInfo(_ bytes: ArraySlice<UInt8>, _ what: String, sourceLocation: SourceLocation = #_sourceLocation) {
        expectRefusedAsCorrupt(what, sourceLocation: sourceLocation) { () throws(StoreError) in try DonationInfoCodec.decode(bytes) }
    }

    /// `decode` must throw a `.corrupt` error, whose message starts with `messagePrefix` if given.
    private func expectRefusedAsCorrupt<Decoded>(_ what: String, messagePrefix: String? = nil, sourceLocation: SourceLocation,
                                                 _ decode: () throws(StoreError) -> Decoded) {
        do {
            let decoded = try decode()
            Issue.record("\(what): decoded as \(decoded)", sourceLocation: sourceLocation)
        } catch {
            #expect(error.kind == .corrupt, "\(what)", sourceLocation: sourceLocation)
            if let messagePrefix {
                #expect(error.message.hasPrefix(messagePrefix), "\(what): \(error.message)", sourceLocation: sourceLocation)
            }
        }
    }
}
