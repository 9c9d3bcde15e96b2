import Foundation
import Testing

/// A subject is at most 256 UTF-8 bytes once percent-decoded; a longer one is `subject_too_long` (414).
@Suite("beckon serve: subject length")
struct SubjectLengthTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var subject: String
        var accepted: Bool
        var description: String { "\(name) (\(subject.utf8.count) bytes)" }
    }

    static let cases: [Case] = [
        Case(name: "ASCII at the limit", subject: String(repeating: "a", count: 256), accepted: true),
        Case(name: "ASCII over the limit", subject: String(repeating: "a", count: 257), accepted: false),
        Case(name: "two-byte characters at the limit", subject: String(repeating: "é", count: 128), accepted: true),
        Case(name: "two-byte characters over the limit", subject: String(repeating: "é", count: 128) + "a", accepted: false),
        Case(name: "four-byte characters at the limit", subject: String(repeating: "🙂", count: 64), accepted: true),
        Case(name: "four-byte characters over the limit", subject: String(repeating: "🙂", count: 63) + "ééa", accepted: false),
        Case(name: "few characters, many bytes", subject: String(repeating: "🙂", count: 65), accepted: false),
    ]

    /// The routes that read the subject: an answer, a batch, a change stream.
    static let routes: [(method: String, path: String, body: String?)] = [
        ("GET", "/tips/welcome?now=2026-03-01T09:00:00Z", nil),
        ("POST", "/batch", #"{"now": "2026-03-01T09:00:00Z", "operations": [{"op": "status"}]}"#),
    ]

    @Test(arguments: cases) func aSubjectIsAtMost256Bytes(_ testCase: Case) async throws {
        let folder = try ServedBeckon.folder()
        try await ServedBeckon.withServer(folder) { client in
            let encoded = try #require(testCase.subject.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
            for route in Self.routes {
                let answer = try await client.send(route.method, "/v1/subjects/\(encoded)" + route.path, body: route.body)
                if testCase.accepted {
                    #expect(answer.status == 200, "\(route.path): \(answer.body)")
                    #expect(answer.object["subject"] as? String == testCase.subject)
                } else {
                    #expect(answer.status == 414, "\(route.path)")
                    #expect(answer.contentType == "application/problem+json")
                    #expect(answer.object["code"] as? String == "subject_too_long")
                    #expect(answer.object["exitCode"] == nil)
                }
            }
            if !testCase.accepted {
                let stream = try await EventStreamClient(port: client.port, path: "/v1/subjects/\(encoded)/changes")
                #expect(stream.status == 414)
                #expect(stream.contentType == "application/problem+json")
                await stream.close()
            }
        }
    }
}
