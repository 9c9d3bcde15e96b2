@testable import BeckonPluginHost
import BeckonCore
import Testing

/// Plugin `config:` and store `options:` cross into C as canonical JSON text, where a NUL in a
/// string is escaped: the C string handed over holds no NUL, and the plugin reads it back intact.
@Suite struct CanonicalJSONNulTests {
    @Test func aNulInTextIsEscapedNotCut() {
        let text = CanonicalJSON.text(.map([("key", .string("a\0b"))]))
        #expect(text == #"{"key":"a\u0000b"}"#)
        #expect(!text.utf8.contains(0))
    }
}
