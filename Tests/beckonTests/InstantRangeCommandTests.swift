import BeckonTestSupport
import Foundation
import Testing

/// One instant range, `0000-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z`, wherever the CLI reads
/// an instant: `--now`, a timestamp parameter, a timestamp info field, a plugin's result.
@Suite("beckon instant range")
struct InstantRangeCommandTests {
    static let range = "instants lie between 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z"

    static func folder(plugin: Bool = false, tips: String = "t: {title: T}") throws -> URL {
        let folder = try BeckonProcess.temporaryFolder()
        if plugin { try PluginCommandTests.build("good/chatty", as: "chatty", in: folder) }
        try """
            version: 1
            store: {path: state.db}
            \(plugin ? "plugins: [{path: libchatty.so}]" : "")
            parameters:
              at: {type: timestamp, default: null}
            events:
              visit: {info: {when: timestamp}}
            tips:
            \(tips.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n"))
            """.write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    static let outside: [(arguments: [String], message: String)] = [
        (["status", "--now", "253402300800000"], "--now '253402300800000' is out of range: \(range)"),
        (["status", "--now", "-62167219200001"], "--now '-62167219200001' is out of range: \(range)"),
        (["status", "--now", "9223372036854775807"], "--now '9223372036854775807' is out of range: \(range)"),
        (["status", "--now", "9999-12-31T23:59:59.999-00:01"], "--now '9999-12-31T23:59:59.999-00:01' is out of range: \(range)"),
        (["param", "set", "at", "253402300800000"], "parameter 'at' is timestamp: '253402300800000' is out of range: \(range)"),
        (["param", "set", "at", "0000-01-01T00:00:00+00:01"], "parameter 'at' is timestamp: '0000-01-01T00:00:00+00:01' is out of range: \(range)"),
        (["event", "donate", "visit", "--info", "when=-9223372036854775808"],
         "info field 'when' of event 'visit' is timestamp: '-9223372036854775808' is out of range: \(range)"),
    ]

    @Test(arguments: outside)
    func instantsOutsideTheRangeAreRefused(arguments: [String], message: String) throws {
        let folder = try Self.folder()
        let result = try BeckonProcess.run(arguments, in: folder)
        #expect(result.status == 65)
        #expect(result.standardError == "beckon: error: \(message)\n")
        let stored = try BeckonProcess.run(["param", "get", "at", "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(stored.standardOutput == "at = null\n", "nothing was stored")
        let donation = try BeckonProcess.run(["event", "donate", "visit", "--now", "2026-03-01T09:00:00Z", "--json"], in: folder)
        #expect(donation.standardOutput.contains("\"count\":1"), "the refused donation was not recorded: \(donation.standardOutput)")
    }

    /// The ends of the range are accepted, and what is printed reads back through `--now`.
    @Test(arguments: ["-62167219200000", "0000-01-01T00:00:00Z", "253402300799999", "9999-12-31T23:59:59.999Z"])
    func theEndsOfTheRangeAreAcceptedAndReadBack(instant: String) throws {
        let folder = try Self.folder()
        let set = try BeckonProcess.run(["param", "set", "at", instant, "--now", instant, "--json"], in: folder)
        #expect(set.status == 0, "\(set.standardError)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(set.standardOutput.utf8)) as? [String: Any])
        let printed = try #require(answer["now"] as? String)
        #expect(try BeckonProcess.run(["param", "get", "at", "--now", printed], in: folder).status == 0)
    }

    /// A plugin's timestamp result outside the range is an error of the rule, never a year such
    /// as 292278994 in an answer.
    @Test func aPluginTimestampOutsideTheRangeIsARuleError() throws {
        let folder = try Self.folder(plugin: true, tips: """
            t: {title: T, rules: ["chatty.instant(9223372036854775807) > now"]}
            ok: {title: OK, rules: ["chatty.instant(253402300799999) > now"]}
            """)
        let outside = try BeckonProcess.run(["tip", "status", "t", "--json", "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(outside.status == 1, "\(outside.standardError)")
        let answer = try #require(try JSONSerialization.jsonObject(with: Data(outside.standardOutput.utf8)) as? [String: Any])
        #expect(answer["reasonCode"] as? String == "ruleError", "\(outside.standardOutput)")
        #expect(!outside.standardOutput.contains("292278994"))
        let inside = try BeckonProcess.run(["tip", "status", "ok", "--now", "2026-03-01T09:00:00Z"], in: folder)
        #expect(inside.status == 0, "\(inside.standardOutput)\(inside.standardError)")
    }
}
