@testable import BeckonServer
import HTTPTypes
import Testing

/// `HTTPFields.value(of:)` reads what the subscript reads (absent, one field, several joined,
/// `Cookie` joined with "; ", names in any case), the subscript being the reference; and a list
/// value's elements.
@Suite("beckon serve: a header field's value")
struct HTTPFieldsValueTests {
    static let fields: [[(String, String)]] = [
        [],
        [("Content-Length", "5")],
        [("content-length", "5"), ("Host", "a")],
        [("Accept-Language", "de"), ("Host", "a"), ("accept-language", "fr;q=0.8")],
        [("Cookie", "a=1"), ("Cookie", "b=2")],
        [("If-None-Match", ""), ("If-None-Match", "W/\"1\"")],
        [("Authorization", "Bearer x")],
    ]

    static let names: [HTTPField.Name] = [.contentLength, .acceptLanguage, .cookie, .ifNoneMatch, .authorization, .transferEncoding]

    @Test(arguments: fields)
    func readsWhatTheSubscriptReads(_ written: [(String, String)]) throws {
        var fields = HTTPFields()
        for (name, value) in written { fields.append(HTTPField(name: try #require(HTTPField.Name(name)), value: value)) }
        for name in Self.names {
            #expect(fields.value(of: name) == fields[name], "\(name) in \(written)")
        }
    }

    /// A list value's elements (`Content-Encoding`, `Expect`): split at commas, the white space
    /// around each and the empty ones dropped.
    @Test(arguments: [("gzip", ["gzip"]), (" br ,\tgzip", ["br", "gzip"]), ("gzip,, ,identity", ["gzip", "identity"]), ("", []), (" , ", [])])
    func aListValueIsReadAsItsElements(_ value: String, elements: [String]) {
        #expect(HTTPFields.listElements(of: value) == elements)
    }
}
