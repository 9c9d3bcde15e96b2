@testable import BeckonServer
import Testing

/// The event loop's reading of a tip status path (`/v1/subjects/{subject}/tips/{tip}`), on its
/// bytes: the two segments as written, or nil for a path of any other shape, which the router
/// then answers.
@Suite("beckon serve: the tip status path, read on its bytes")
struct TipStatusPathTests {
    @Test(arguments: [
        ("/v1/subjects/ada/tips/welcome", "ada", "welcome"),
        ("/v1/subjects/a%2Fb/tips/x%20y", "a%2Fb", "x%20y"),  // decoded later, as the router's are
        ("/v1/subjects/é/tips/ü", "é", "ü"),
        ("/v1/subjects/tips/tips/tips", "tips", "tips"),
        ("/v1/subjects/ada/tips/welcome/", nil, nil),
        ("/v1/subjects//tips/welcome", nil, nil),
        ("/v1/subjects/ada/tips/", nil, nil),
        ("/v1/subjects/./tips/welcome", nil, nil),
        ("/v1/subjects/ada/tips/..", nil, nil),
        ("/v1/subjects/ada/groups/onboarding", nil, nil),
        ("/v1/subject/ada/tips/welcome", nil, nil),
        ("/v1/subjects/ada", nil, nil),
        ("/v1/subjects/", nil, nil),
        ("", nil, nil),
    ] as [(String, String?, String?)])
    func readsTheSegmentsAsWritten(path: String, subject: String?, tip: String?) {
        let read = ServerRoutes.tipStatusParameters(in: path[...])
        #expect(read.map { String($0.subject) } == subject)
        #expect(read.map { String($0.tip) } == tip)
    }
}
