import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// A plugin's `config:` (and a store's `options:`) as the plugin will receive it: integers in
/// decimal within 64 bits, numbers within a double; anything else is refused at its position
/// instead of reaching the plugin changed.
@Suite struct PluginConfigValueTests {
    static func config(_ value: String) throws -> ConfigValue? {
        let yaml = "version: 1\nplugins:\n  - path: libx.so\n    config: \(value)\n"
        return try ConfigurationLoader().load(yaml: yaml, path: "test.yaml").configuration.plugins.first?.config
    }

    @Test(arguments: [
        ("12", ConfigValue.int(12)),
        ("012", .int(12)),
        ("+5", .int(5)),
        ("-0", .int(0)),
        ("9223372036854775807", .int(.max)),
        ("-9223372036854775808", .int(.min)),
        ("1.5", .double(1.5)),
        ("1e3", .double(1000)),
        ("1e-400", .double(0)),
        ("'99999999999999999999'", .string("99999999999999999999")),
        ("0x1F", .string("0x1F")),
        ("1_000", .string("1_000")),
        ("[1, 2.5, x]", .list([.int(1), .double(2.5), .string("x")])),
    ])
    func readAs(written: String, expected: ConfigValue) throws {
        #expect(try Self.config(written) == expected)
    }

    @Test(arguments: [
        ("99999999999999999999", "config.range",
         "99999999999999999999 is beyond the 64-bit integers a plugin receives (-9223372036854775808…9223372036854775807); quote it to pass it as text"),
        ("-9223372036854775809", "config.range",
         "-9223372036854775809 is beyond the 64-bit integers a plugin receives (-9223372036854775808…9223372036854775807); quote it to pass it as text"),
        ("1e400", "config.range", "1e400 is beyond the numbers a plugin receives (64-bit doubles); quote it to pass it as text"),
    ])
    func refusedAtItsPosition(written: String, code: String, message: String) throws {
        let yaml = "version: 1\nplugins:\n  - path: libx.so\n    config: {deep: [1, \(written)]}\n"
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.diagnostics.map(\.code) == [code])
        #expect(error.diagnostics.first?.message == message)
        #expect(error.diagnostics.first?.span.start == SourcePosition(line: 4, column: 24))
    }

    @Test func storeOptionsFollowTheSameRule() throws {
        let yaml = "version: 1\nstore:\n  backend: memory\n  options: {port: 99999999999999999999}\n"
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.diagnostics.map(\.code) == ["config.range"])
        #expect(error.diagnostics.first?.span.start == SourcePosition(line: 4, column: 19))
    }
}
