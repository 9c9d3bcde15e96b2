@testable import BeckonServer
import BeckonTestSupport
import Hummingbird
import Testing

/// `RequestTarget` reads a request's target on its bytes as Hummingbird's `URI` reads it: the
/// same path and the same query members (names as written, values percent-decoded or as written),
/// but for the empty members it passes over, over seeded random targets made of the bytes that
/// matter (`?`, `&`, `=`, `%`, `#`, hex digits, non-ASCII text, escapes cut short or not hex; no
/// space, which ends a request line's target) and over the shapes written out below.
@Suite("beckon serve: a request's target read on its bytes")
struct RequestTargetTests {
    static let pieces = ["/", "?", "&", "=", "%", "#", "a", "b", "now", "transient", "4", "1", "F", "%41", "%c3%a9", "%C3", "%zz",
                         "%4", "%%", "é", "+", "%20", "%00", "%FF", "x=y", "&&", "=="]

    static let written = [
        "/", "/v1/subjects/ada/tips/welcome", "/a?", "/a?b", "/a?b=", "/a?=b", "/a?b=c&d=e", "/a?b=c&", "/a?&b=c", "/a?b=c&&d",
        "/a?transient=screenBrightness%3D0.8", "/a?b=%zz", "/a?b=%4", "/a?b=%C3%A9", "/a?b=%FF", "/a?b=c#d", "/a#b?c=d",
        "/a?b=c?d=e", "/a?b==c", "/a?%41=b", "/a?b=c+d",
    ]

    @Test(arguments: written)
    func readsAsURIReads(_ target: String) throws {
        try Self.expectSameReading(target)
    }

    @Test(arguments: [UInt64(0x7A26_0E7), 0xBEC0_0031])
    func readsRandomTargetsAsURIReads(seed: UInt64) throws {
        var random = SplitMix64(seed: seed)
        for _ in 0..<2_000 {
            var target = "/"
            for _ in 0..<Int(random.next() % 14) { target += random.pick(Self.pieces) }
            try Self.expectSameReading(target)
        }
    }

    /// `target` with no empty member in its query (up to a `#`).
    static func withoutEmptyMembers(_ target: String) -> String {
        guard let mark = target.firstIndex(of: "?") else { return target }
        let queryEnd = target[mark...].firstIndex(of: "#") ?? target.endIndex
        let members = target[target.index(after: mark)..<queryEnd].split(separator: "&", omittingEmptySubsequences: true)
        return target[...mark] + members.joined(separator: "&") + target[queryEnd...]
    }

    @Test(arguments: [("/a?b=1&&c=2", ["b=1", "c=2"]), ("/a?&b=1", ["b=1"]), ("/a?b=1&", ["b=1"]), ("/a?&", []), ("/a?=", ["="])])
    func passesOverEmptyMembers(_ target: String, members: [String]) throws {
        #expect(try #require(RequestTarget(target)).query.map { "\($0.name)=\($0.value)" } == members)
    }

    @Test(arguments: ["", "*", "http://example.com/a?b=c", "a?b=c"])
    func leavesATargetNotStartingWithASlashToURI(_ target: String) {
        #expect(RequestTarget(target) == nil)
    }

    static func expectSameReading(_ target: String) throws {
        let read = try #require(RequestTarget(target), "\(target)")
        // Hummingbird's `URI` of the target, as the router's request holds it, with the query's
        // empty members left out, which `URI` reads as members named `''` and `RequestTarget`
        // passes over.
        let uri = Request(head: HTTPRequest(method: .get, scheme: "http", authority: "127.0.0.1", path: withoutEmptyMembers(target)),
                          body: RequestBody(buffer: ByteBuffer())).uri
        #expect(String(read.path) == uri.path, "\(target)")
        let expected = uri.queryParameters.map { "\($0.key)=\($0.value)" }
        #expect(read.query.map { "\($0.name)=\($0.value)" } == expected, "\(target)")
        // None of the pieces spells U+FFFD, so a value holds one exactly when its escapes decode
        // to bytes that are not UTF-8; the first such member is named.
        #expect(read.undecodable == read.query.first { $0.value.contains("\u{FFFD}") }?.name, "\(target)")
    }

    @Test(arguments: [
        ("/a?b=%FF", "b"), ("/a?b=%C3", "b"), ("/a?x=1&b=%FF%FE&c=%FF", "b"), ("/a?%FF=1", nil),
        ("/a?b=%C3%A9", nil), ("/a?b=%zz", nil), ("/a?b=%EF%BF%BD", nil),
    ] as [(String, String?)])
    func namesTheFirstMemberWhoseEscapesAreNotUTF8(_ target: String, _ undecodable: String?) throws {
        #expect(try #require(RequestTarget(target)).undecodable == undecodable)
    }
}
