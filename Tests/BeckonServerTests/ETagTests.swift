import BeckonCore
import BeckonRuntime
@testable import BeckonServer
import BeckonTestSupport
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// `ETag` on the answers of GET routes, and 304 for an `If-None-Match` that names it.
@Suite("beckon serve: ETag")
struct ETagTests {
    /// The GET routes, each asked twice at two instants with nothing written between: the same
    /// tag both times (the answers differ only in `now`), and 304 when the second names it.
    static let reads = [
        "/tips/welcome", "/tips/welcome/explanation", "/groups/onboarding", "/scenarios/ask-for-review",
        "/scenarios/ask-for-review/explanation", "/parameters/plan", "", "?tip=welcome",
    ]

    @Test func theSameAnswerTwiceIsNotModified() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            for path in Self.reads {
                let separator = path.contains("?") ? "&" : "?"
                let first = try await client.get("/v1/subjects/ada\(path)\(separator)now=2026-03-01T09:00:00Z")
                let tag = try #require(first.headers["etag"].first, "\(path)")
                #expect(first.status == 200)
                #expect(tag.hasPrefix("W/\""), "\(tag)")
                let again = try await client.send(.GET, "/v1/subjects/ada\(path)\(separator)now=2026-03-01T09:00:05Z", body: nil,
                                                  headers: [("If-None-Match", tag)])
                #expect(again.status == 304, "\(path)")
                #expect(again.body.isEmpty)
                #expect(again.headers["etag"].first == tag)
                // Without the condition, the answer and its tag.
                let plain = try await client.get("/v1/subjects/ada\(path)\(separator)now=2026-03-01T09:00:05Z")
                #expect(plain.status == 200)
                #expect(plain.headers["etag"].first == tag)
                #expect(plain.body != first.body, "the answers differ in their now")
            }
        }
    }

    @Test func aDonationThatChangesTheAnswerChangesTheTag() async throws {
        try await ServedBeckon.withServer(try ServedBeckon.folder()) { client in
            let path = "/v1/subjects/ada/tips/favorite-landmark"
            let before = try await client.get(path + "?now=2026-03-01T09:00:00Z")
            let tag = try #require(before.headers["etag"].first)
            #expect(before.object["reasonCode"] as? String == "rule")
            for minute in 1...2 {
                let donation = try await client.post("/v1/subjects/ada/events/landmarkViewed/donate?now=2026-03-01T09:0\(minute):00Z")
                #expect(donation.status == 200)
                #expect(donation.headers["etag"].isEmpty, "a POST's answer has no tag")
            }
            let after = try await client.send(.GET, path + "?now=2026-03-01T09:05:00Z", body: nil, headers: [("If-None-Match", tag)])
            #expect(after.status == 200)
            // Still pending, now for another reason: the group shows its first tip first.
            #expect(after.object["reasonCode"] as? String == "group")
            let newTag = try #require(after.headers["etag"].first)
            #expect(newTag != tag)
            // Another subject's answer is not this one's.
            let other = try await client.send(.GET, "/v1/subjects/bo/tips/favorite-landmark?now=2026-03-01T09:00:00Z", body: nil,
                                              headers: [("If-None-Match", tag)])
            #expect(other.status == 200)
        }
    }

    /// `If-None-Match` as RFC 9110 reads it: weak comparison, lists, `*`.
    @Test func ifNoneMatchCompareWeakly() {
        let tag = AnswerETag(of: ByteBuffer(string: #"{"now":"2026-03-01T09:00:00Z","status":"available"}"#))
        let opaque = String(tag.header.dropFirst(2))
        #expect(tag.isMatched(by: tag.header))
        #expect(tag.isMatched(by: opaque))
        #expect(tag.isMatched(by: "*"))
        #expect(tag.isMatched(by: #"W/"0000000000000000", \#(tag.header)"#))
        #expect(tag.isMatched(by: #""0000000000000000" ,\#t\#(opaque) "#))
        #expect(!tag.isMatched(by: #"W/"0000000000000000""#))
        #expect(!tag.isMatched(by: ""))
    }

    /// The tag leaves out the answer's top-level `now`, wherever it is, and nothing else.
    @Test(arguments: [
        (#"{"a":1,"now":"2026-03-01T09:00:00Z","z":2}"#, #"{"a":1,"now":"2027-01-01T00:00:00Z","z":2}"#, true),
        (#"{"now":"2026-03-01T09:00:00Z","z":2}"#, #"{"now":"2026-03-01T09:00:01.5Z","z":2}"#, true),
        (#"{"a":1,"now":"2026-03-01T09:00:00Z"}"#, #"{"a":1,"now":"2026-03-01T09:00:01Z"}"#, true),
        (#"{"a":1,"now":"2026-03-01T09:00:00Z","z":2}"#, #"{"a":1,"now":"2026-03-01T09:00:00Z","z":3}"#, false),
        (#"{"a":{"now":"2026-03-01T09:00:00Z"},"z":2}"#, #"{"a":{"now":"2026-03-01T09:00:01Z"},"z":2}"#, false),
        (#"{"a":"\"now\":1","now":1}"#, #"{"a":"\"now\":2","now":1}"#, false),
        (#"{"a":1,"now":"x"}"#, #"{"a":1,"now":"y"}"#, true),
        (#"{"a":1}"#, #"{"a":2}"#, false),
    ])
    func theTagLeavesOutNowOnly(_ first: String, _ second: String, _ same: Bool) {
        #expect((AnswerETag(of: ByteBuffer(string: first)) == AnswerETag(of: ByteBuffer(string: second))) == same, "\(first) \(second)")
    }

    /// The tip status writer says where its `now` member stands, and the fast paths make the tag
    /// with that instead of looking for it: it is where the scan finds it, whatever the instant
    /// (with or without milliseconds), the subject, the tip and the answer's language.
    @Test func theWriterSaysWhereNowIsAsTheScanFindsIt() throws {
        let folder = try ServedBeckon.folder(FastPathTests.configuration)
        let serving = try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path).serving
        var random = SplitMix64(seed: 0xE7A6)
        for _ in 0..<60 {
            let slot = Int(random.next() % 2)
            var now = FastPathTests.wallClock + Int64(random.next() % 10_000_000_000)
            if random.next() % 2 == 0 { now -= now % 1000 }
            let request = DecisionRequest(subject: random.pick(["ada", "bob lovelace", "élodie \"b\""]), now: now, appVersion: nil,
                                          locales: random.pick([[], ["de-CH"], ["fr-CA"], ["zh-Hant"]]))
            let decision = try serving.runtime.engine.tipStatus(slot: slot, request)
            serving.tipAnswers.withStatusJSONText(slot: slot, id: nil, decision, subject: request.subject, now: now) { bytes, nowMember in
                #expect(AnswerETag.nowMember(in: UnsafeRawBufferPointer(bytes)) == nowMember, "\(String(decoding: bytes, as: UTF8.self))")
            }
        }
    }

    /// An OFREP bulk answer's tag is made without looking for a `now`: it has none at its top
    /// level, whoever asks, whatever the context.
    @Test func anOFREPBulkAnswerHasNoNowToLeaveOut() throws {
        let folder = try ServedBeckon.folder(FastPathTests.configuration)
        let serving = try ReloadableRuntime(configPath: folder.appendingPathComponent("beckon.yaml").path).serving
        for body in [#"{"context":{"targetingKey":"ada"}}"#, #"{"context":{"targetingKey":"bo","now":"2026-03-01T09:00:00Z","locale":"de-CH"}}"#,
                     #"{"context":{"targetingKey":"now","appVersion":"2.3.1","screenBrightness":0.9}}"#] {
            let answer = OFREPRoutes.evaluateAll(body: ByteBuffer(string: body), on: serving) { FastPathTests.wallClock }
            #expect(answer.status == 200, "\(body)")
            #expect(answer.body.withUnsafeReadableBytes { AnswerETag.nowMember(in: $0) } == nil, "\(String(buffer: answer.body))")
        }
    }
}
