import BeckonCore
@testable import BeckonServer
import Testing

/// OFREPBodyReader: RFC 8259 JSON in one pass, the wanted context attributes kept, the rest
/// checked and skipped; anything that is not one JSON object is malformed.
@Suite("beckon serve: OFREP body reader")
struct OFREPBodyReaderTests {
    static func read(_ text: String) -> Result<OFREPBodyReader.Context, OFREPBodyReader.Malformed> {
        var text = text
        return text.withUTF8 { bytes in
            Result { () throws(OFREPBodyReader.Malformed) in
                try OFREPBodyReader.read(UnsafeRawBufferPointer(bytes)) { $0 != "skipped" }
            }
        }
    }

    /// Bodies that read, and the attributes kept (as `name=value` lines).
    static let wellFormed: [(String, String?)] = [
        (#"{"context": {"targetingKey": "ada"}}"#, #"targetingKey=string("ada")"#),
        (#" { "other": [1, {"a": null}], "context" : { "targetingKey" : "a\u00e9\ud83d\ude00\n\"\\\/" , "skipped": {"deep": [true, false]} } } "#,
         "targetingKey=string(\"aé😀\\n\\\"\\\\/\")"),
        (#"{"context": {"now": -1.5e+3, "n": 0, "b": true, "l": [1, "x", null, []], "o": {}}}"#,
         #"now=number("-1.5e+3"),n=number("0"),b=bool(true),l=array([BeckonServer.OFREPBodyReader.Value.number("1"), BeckonServer.OFREPBodyReader.Value.string("x"), BeckonServer.OFREPBodyReader.Value.null, BeckonServer.OFREPBodyReader.Value.array([])]),o=object"#),
        (#"{"context": null}"#, nil),
        (#"{}"#, nil),
        (#"{"context": {}}"#, ""),
        // Names given twice among what is skipped are not compared: they are not read.
        (#"{"a": 1, "a": 2, "context": {"skipped": 1, "skipped": [], "targetingKey": "ada"}}"#, #"targetingKey=string("ada")"#),
    ]

    @Test(arguments: wellFormed)
    func wellFormedBodiesRead(_ body: String, _ kept: String?) throws {
        switch Self.read(body) {
        case .success(.attributes(let attributes)):
            #expect(attributes.map { "\($0.name)=\($0.value)" }.joined(separator: ",") == kept)
        case .success(.absent): #expect(kept == nil)
        case .success(.notObject): Issue.record("not an object: \(body)")
        case .failure(let error): Issue.record("\(body): \(error.message)")
        }
    }

    @Test func aContextThatIsNotAnObject() {
        guard case .success(.notObject) = Self.read(#"{"context": [1]}"#) else { Issue.record("read"); return }
    }

    static let malformed = [
        "", " ", "[]", "1", "{", #"{"context":}"#, #"{"a":1}x"#, #"{"a":01}"#, #"{"a":1,}"#, #"{"a":tru}"#, #"{"a":-}"#,
        #"{"a":1.}"#, #"{"a":1e}"#, "{\"a\":\"\u{01}\"}", #"{"a":"\ud800"}"#, #"{"a":"\x"}"#, #"{"a":"\u12"}"#, #"{"a":"open}"#,
        #"{a:1}"#, #"{"a" 1}"#, #"{"context": {"targetingKey": "ada",}}"#,
        // What is read, named twice: which one is meant is not guessed.
        #"{"context": {"targetingKey": "ada", "targetingKey": "bob"}}"#, #"{"context": {}, "context": {"targetingKey": "bob"}}"#,
        #"{"context": null, "context": {"targetingKey": "bob"}}"#, "{\"a\":" + String(repeating: "[", count: 100) + String(repeating: "]", count: 100) + "}",
    ]

    @Test(arguments: malformed)
    func malformedBodiesDoNotRead(_ body: String) {
        if case .success = Self.read(body) { Issue.record("read: \(body)") }
    }

    @Test func aMemberGivenTwiceIsNamedWhereItStartsAgain() {
        guard case .failure(let error) = Self.read(#"{"context": {"targetingKey": "ada", "targetingKey": "bob"}}"#) else { Issue.record("read"); return }
        #expect(error.message == #"the member "targetingKey" is given twice at byte 37"#)
    }

    /// The byte named is the one the strict parser of `/v1`'s bodies names for the same text
    /// (both count from 1), wherever both refuse it.
    @Test(arguments: malformed)
    func theByteNamedIsTheStrictParsers(_ body: String) throws {
        guard case .failure(let error) = Self.read(body) else { Issue.record("read: \(body)"); return }
        let strictOffset: Int
        do {
            _ = try JSONParser.parse(Array(body.utf8))
            return  // JSON, but not the object OFREP reads ("[]", "1")
        } catch {
            strictOffset = error.offset
        }
        let named = try #require(error.message.split(separator: " ").last.flatMap { Int($0) }, "\(error.message)")
        #expect(named == strictOffset, "\(body): \(error.message)")
    }

    @Test func invalidUTF8DoesNotRead() {
        var bytes: [UInt8] = Array(#"{"context": {"targetingKey": "a"#.utf8) + [0xFF] + Array(#""}}"#.utf8)
        let result = bytes.withUnsafeMutableBytes { buffer in
            Result { () throws(OFREPBodyReader.Malformed) in try OFREPBodyReader.read(UnsafeRawBufferPointer(buffer)) { _ in true } }
        }
        if case .success = result { Issue.record("invalid UTF-8 read") }
    }
}
