import Foundation
import BeckonCore
import BeckonRules
import BeckonRuntime
import Testing

/// The data format: every member written and read back exactly, byte-stable, and every kind of
/// bad line refused with its number and the member's path.
@Suite("Subject data format")
struct SubjectDataFormatTests {
    typealias F = SubjectDataFixture

    @Test func everyMemberReadsBackToTheSameSnapshotAndBytes() throws {
        let line = F.line()
        let decoded = try SubjectDataFormat.decode(Array(line.utf8), line: 1, configuration: F.configuration)
        #expect(decoded.subject == "u")
        #expect(decoded.snapshot == F.snapshot)
        #expect(F.line(snapshot: decoded.snapshot) == line)
        // Sorted keys, no spaces, exact numbers, absent optionals left out.
        #expect(line.hasPrefix(#"{"events":{"opened":{"count":2,"first":1767225600000,"last":1767225600005}"#))
        #expect(line.contains(#""level":9223372036854775807"#) && line.contains(#""ratio":0.1"#) && line.contains(#""size":1e-07"#))
        #expect(line.contains(#""plan":"pro \"x\"/ü\n""#) && line.contains(#""seen":"1.2.3""#) && line.contains(#""wait":3600000"#))
        #expect(line.contains(#""whatsNew":{"lastSeen":"2.3.0","presented":["1.0.0","2.3.0"],"previous":"1.0.0"}"#))
        #expect(line.hasSuffix(#""version":7,"whatsNew":{"lastSeen":"2.3.0","presented":["1.0.0","2.3.0"],"previous":"1.0.0"}}"#))
    }

    @Test func stateOfIdsNoLongerDeclaredIsLeftOut() throws {
        var snapshot = F.snapshot
        snapshot.record.parameters["gone"] = .int(1)
        snapshot.record.parameters["level"] = .string("no longer an int")
        snapshot.record.events["gone"] = EventCounters(count: 1)
        snapshot.logs["gone"] = [Donation(time: 1)]
        snapshot.record.tips["gone"] = TipRecord()
        snapshot.record.scenarios["gone"] = ScenarioRecord()
        var expected = F.snapshot
        expected.record.parameters["level"] = nil
        #expect(F.line(snapshot: snapshot) == F.line(snapshot: expected))
    }

    struct BadLine: CustomTestStringConvertible, Sendable {
        let name: String
        let from: String, to: String
        let expected: String
        var testDescription: String { name }
    }

    static let badLines: [BadLine] = [
        BadLine(name: "wrong format version", from: #""format":1"#, to: #""format":2"#,
                expected: "line 1: /format: format 2 is not known to this Beckon (it reads format 1)"),
        BadLine(name: "unknown event", from: #"{"events":{"opened""#, to: #"{"events":{"closed""#,
                expected: "line 1: /events/closed: no event 'closed' is declared"),
        BadLine(name: "wrong type of an info field", from: #""count":-3"#, to: #""count":"3""#,
                expected: #"line 1: /logs/saved/0/info/count: expected an int, got "3""#),
        BadLine(name: "wrong type of a parameter", from: #""level":9223372036854775807"#, to: #""level":1.5"#,
                expected: "line 1: /parameters/level: expected an int, got 1.5"),
        BadLine(name: "an int beyond 64 bits", from: #""level":9223372036854775807"#, to: #""level":9223372036854775808"#,
                expected: "line 1: /parameters/level: expected an int, got 9223372036854775808"),
        BadLine(name: "unknown parameter", from: #""level":"#, to: #""levels":"#,
                expected: "line 1: /parameters/levels: no parameter 'levels' is declared"),
        BadLine(name: "transient parameter", from: #""level":9223372036854775807"#, to: #""probe":true"#,
                expected: "line 1: /parameters/probe: 'probe' is transient: it is never stored"),
        BadLine(name: "unknown info field", from: #""count":-3"#, to: #""counts":-3"#,
                expected: "line 1: /logs/saved/0/info/counts: event 'saved' declares no info field 'counts'"),
        BadLine(name: "unknown tip", from: #""tips":{"welcome""#, to: #""tips":{"welcomed""#,
                expected: "line 1: /tips/welcomed: no tip 'welcomed' is declared"),
        BadLine(name: "unknown scenario", from: #""scenarios":{"review""#, to: #""scenarios":{"reviews""#,
                expected: "line 1: /scenarios/reviews: no scenario 'reviews' is declared"),
        BadLine(name: "a subject too long", from: #""subject":"u""#, to: #""subject":""# + String(repeating: "u", count: 257) + #"""#,
                expected: "line 1: /subject: the subject has 257 UTF-8 bytes; at most 256 are accepted"),
        BadLine(name: "missing version", from: #","version":7"#, to: "",
                expected: "line 1: the member \"version\" is missing"),
        BadLine(name: "truncated", from: #""version":7,"#, to: #""version":7"#,
                expected: "line 1: not valid JSON at byte"),
        BadLine(name: "a member twice", from: #""version":7,"#, to: #""version":7,"version":8,"#,
                expected: "the member \"version\" is given twice"),
    ]

    @Test(arguments: badLines)
    func aBadLineIsRefusedWithItsNumberAndPath(_ bad: BadLine) {
        let line = F.line()
        #expect(line.contains(bad.from), "the fixture changed: \(bad.from)")
        var text = line.replacingOccurrences(of: bad.from, with: bad.to)
        if bad.name == "truncated" { text = String(line.prefix(while: { $0 != "w" })) }
        let error = #expect(throws: SubjectDataLineError.self) {
            _ = try SubjectDataFormat.decode(Array(text.utf8), line: 1, configuration: F.configuration)
        }
        #expect(error?.description.contains(bad.expected) == true, "\(String(describing: error))")
    }

    /// A byte order mark that starts the file is passed over; anywhere else it is not JSON. The
    /// bytes named count it, so they are the file's.
    @Test func aByteOrderMarkIsPassedOverOnlyWhereTheFileStarts() throws {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        let line = mark + Array(F.line().utf8)
        #expect(try SubjectDataFormat.decode(line, line: 1, configuration: F.configuration).snapshot == F.snapshot)
        #expect(throws: SubjectDataLineError(line: 2, path: "", message: "not valid JSON at byte 1: expected a value")) {
            _ = try SubjectDataFormat.decode(line, line: 2, configuration: F.configuration)
        }
        #expect(throws: SubjectDataLineError(line: 1, path: "", message: "not valid JSON at byte 4: expected a value")) {
            _ = try SubjectDataFormat.decode(mark + mark, line: 1, configuration: F.configuration)
        }
        #expect(throws: SubjectDataLineError(line: 1, path: "", message: "not UTF-8 text (byte 4 of the line)")) {
            _ = try SubjectDataFormat.decode(mark + [0xFF], line: 1, configuration: F.configuration)
        }
    }

    /// A line that ends in `\r\n` (saved on Windows) reads as the line without the `\r`.
    @Test func aCarriageReturnBeforeTheLineEndIsRead() throws {
        let line = Array(F.line().utf8) + [0x0D]
        #expect(try SubjectDataFormat.decode(line, line: 2, configuration: F.configuration).snapshot == F.snapshot)
    }

    @Test func bytesThatAreNotUTF8AreRefusedWithTheirOffset() {
        var bytes = Array(F.line().utf8)
        let subject = bytes.firstIndex(of: UInt8(ascii: "u"))!
        bytes[subject] = 0xFF
        #expect(throws: SubjectDataLineError(line: 3, path: "", message: "not UTF-8 text (byte \(subject + 1) of the line)")) {
            _ = try SubjectDataFormat.decode(bytes, line: 3, configuration: F.configuration)
        }
    }
}
