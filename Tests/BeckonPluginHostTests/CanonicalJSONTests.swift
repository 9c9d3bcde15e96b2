@testable import BeckonPluginHost
import BeckonCore
import Testing

/// The canonical JSON a plugin receives as its `config:` and a store as its `options:`.
@Suite("canonical JSON")
struct CanonicalJSONTests {
    @Test(arguments: [
        (ConfigValue.null, "null"),
        (.bool(true), "true"),
        (.int(12), "12"),
        (.int(0), "0"),
        (.int(.max), "9223372036854775807"),
        (.int(.min), "-9223372036854775808"),
        (.double(0.1), "0.1"),
        (.double(3), "3.0"),
        (.double(1500), "1500.0"),
        (.double(-2.5e-8), "-2.5e-08"),
        (.double(1e20), "1e+20"),
        (.double(.greatestFiniteMagnitude), "1.7976931348623157e+308"),
        (.string("a\"b\\c\n\u{1}é"), "\"a\\\"b\\\\c\\n\\u0001é\""),
        (.list([.int(1), .null, .string("x")]), "[1,null,\"x\"]"),
        (.map([("b", .int(1)), ("a", .list([])), ("é", .bool(false)), ("B", .null)]), "{\"B\":null,\"a\":[],\"b\":1,\"é\":false}"),
    ])
    func text(value: ConfigValue, json: String) {
        #expect(CanonicalJSON.text(value) == json)
    }
}
