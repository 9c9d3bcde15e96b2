import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// What a `plugins:` entry may say beyond its file: `name:` instead of `path:`, `version:` (a
/// range), `sha256:` (a pin); and `plugins:` as a mapping with `requirePins` and the list as
/// `load`. Each mistake is refused at its value, before any plugin loads.
@Suite struct PluginEntryConfigTests {
    @Test func entriesKeepWhatTheySay() throws {
        let pin = String(repeating: "Ab", count: 32)
        let yaml = """
            version: 1
            plugins:
              - {path: libx.so, version: ">=1.2, <2", sha256: \(pin)}
              - {name: roll-out, as: rollout, timeout: 250ms}
            """
        let plugins = try ConfigurationLoader().load(yaml: yaml, path: "/etc/beckon/test.yaml").configuration.plugins
        #expect(plugins.map(\.path) == ["/etc/beckon/libx.so", ""])
        #expect(plugins.map(\.lookupName) == [nil, "roll-out"])
        #expect(plugins.map(\.sha256?.hex) == [pin.lowercased(), nil])
        #expect(plugins.first?.sha256?.span.start == SourcePosition(line: 3, column: 51))
        #expect(plugins.first?.versions?.value.text == ">=1.2, <2")
        #expect(plugins.first?.versions?.span.start == SourcePosition(line: 3, column: 30))
        #expect(plugins.last?.span.start == SourcePosition(line: 4, column: 12))
        #expect(plugins.map(\.callTimeLimit) == [nil, 250])
    }

    @Test func requirePinsAndTheListAsLoad() throws {
        let yaml = "version: 1\nplugins:\n  requirePins: true\n  load:\n    - {path: liby.so}\n"
        let configuration = try ConfigurationLoader().load(yaml: yaml, path: "test.yaml").configuration
        #expect(configuration.requirePluginPins)
        #expect(configuration.plugins.map(\.writtenPath) == ["liby.so"])
        let list = try ConfigurationLoader().load(yaml: "version: 1\nplugins: [{path: liby.so}]\n", path: "test.yaml").configuration
        #expect(!list.requirePluginPins)
    }

    struct Mistake: Sendable, CustomTestStringConvertible {
        var entry: String
        var code: String
        var column: Int
        var message: String
        var testDescription: String { entry }
    }

    static let mistakes: [Mistake] = [
        Mistake(entry: "{path: libx.so, name: x}", code: "config.value", column: 27,
                message: "a plugin gives either 'path' (its file) or 'name' (to find it in the plugin folders), not both"),
        Mistake(entry: "{as: x}", code: "config.missingKey", column: 5,
                message: "a plugin is missing 'path' (its file) or 'name' (to find it in the plugin folders)"),
        Mistake(entry: "{name: 2x}", code: "config.value", column: 12,
                message: "a plugin's 'name' is the name its descriptor gives ([A-Za-z][A-Za-z0-9_-]*), not '2x'"),
        Mistake(entry: "{path: libx.so, sha256: abc}", code: "config.value", column: 29,
                message: "a plugin's 'sha256' must be the file's SHA-256 digest, 64 hexadecimal digits (`beckon plugins --pin` prints it), not 'abc'"),
        Mistake(entry: "{path: libx.so, version: \">=1.2,\"}", code: "config.value", column: 30,
                message: "'>=1.2,' is not a version range: an empty comparator is not OP VERSION (OP one of =, >, >=, <, <=, ~, ^ or none; VERSION like 1, 1.2, 1.2.3, 1.2.3-beta.1 or 1.*), e.g. \">=1.2, <2\""),
        Mistake(entry: "{path: libx.so, timeout: 0s}", code: "config.range", column: 30,
                message: "a plugin's 'timeout' must be longer than 0"),
        Mistake(entry: "{path: libx.so, pin: abc}", code: "config.unknownKey", column: 21,
                message: "unknown key 'pin' in a plugin"),
    ]

    @Test(arguments: mistakes)
    func mistakesAreRefusedAtTheirValue(_ mistake: Mistake) throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\nplugins:\n  - \(mistake.entry)\n"))
        #expect(error.diagnostics.map(\.code) == [mistake.code])
        #expect(error.diagnostics.first?.message.hasPrefix(mistake.message) == true, "\(error.diagnostics.first?.message ?? "")")
        #expect(error.diagnostics.first?.span.start == SourcePosition(line: 3, column: mistake.column))
    }

    @Test func anotherKeyInThePluginsMappingIsRefused() throws {
        let yaml = "version: 1\nplugins:\n  requirePins: true\n  load: []\n  other: 1\n"
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.diagnostics.map(\.code) == ["config.unknownKey"])
        #expect(error.diagnostics.first?.span.start == SourcePosition(line: 5, column: 3))
    }
}
