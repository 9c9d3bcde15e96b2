import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// YAML core tags are accepted where they agree with the node and with the expected value;
/// any other tag is refused at its node, by name.
@Suite("YAML tags")
struct YAMLTagTests {
    @Test(arguments: [
        "version: !!int 1",
        "version: !<tag:yaml.org,2002:int> 1",
        "version: 1\napp: !!map {version: !!str 1.2.0}",
        "version: 1\nevents: !!map {opened: !!null }",
        "version: 1\nparameters: {ratio: {type: double, default: !!float 0.5}, n: {type: int, default: !!int \"3\"}}",
        "version: 1\nparameters: {on: {type: bool, default: !!bool true}, name: {type: string, default: !!str 12}}",
        "version: 1\nparameters: {tags: {type: list<string>, default: !!seq [a, b]}, at: {type: timestamp, default: !!int 0}}",
        "version: 1\nstore: {busyTimeout: !!str 2s}",
    ])
    func aCoreTagThatAgreesIsAccepted(_ yaml: String) throws {
        _ = try ConfigurationLoader().load(yaml: yaml + "\n", path: "test.yaml")
    }

    @Test func taggedValuesHaveTheirTaggedType() throws {
        let loaded = try ConfigurationLoader().load(yaml: """
            version: 1
            parameters:
              name: {type: string, default: !!str 12}
              n: {type: int, default: !!int "3"}
            store: {backend: memory, options: {a: !!float 1, b: !!str true, c: !!int "7", d: !!null }}
            """, path: "test.yaml")
        let parameters = loaded.configuration.parameters
        #expect(parameters["name"]?.defaultValue == .string("12"))
        #expect(parameters["n"]?.defaultValue == .int(3))
        #expect(loaded.configuration.store.options == .map([("a", .double(1)), ("b", .string("true")), ("c", .int(7)), ("d", .null)]))
    }

    static let refusals: [ConfigRefusal] = [
        ConfigRefusal(yaml: "version: !foo 1", summary: "test.yaml:1:10 yaml.tag",
                message: "the YAML tag '!foo' is not supported; a configuration may use only the core tags !!int, !!float, !!bool, !!str, !!null, !!map, !!seq"),
        ConfigRefusal(yaml: "version: !!binary 1", summary: "test.yaml:1:10 yaml.tag",
                message: "the YAML tag '!!binary' is not supported; a configuration may use only the core tags !!int, !!float, !!bool, !!str, !!null, !!map, !!seq"),
        ConfigRefusal(yaml: "version: 1\napp: !!seq {version: 1.0.0}", summary: "test.yaml:2:6 yaml.tag",
                message: "the tag '!!seq' cannot be on a mapping"),
        ConfigRefusal(yaml: "version: !!map 1", summary: "test.yaml:1:10 yaml.tag",
                message: "the tag '!!map' cannot be on text"),
        ConfigRefusal(yaml: "version: !!int one", summary: "test.yaml:1:10 yaml.tag",
                message: "the tag '!!int' needs an integer, not 'one'"),
        ConfigRefusal(yaml: "version: !!bool yes", summary: "test.yaml:1:10 yaml.tag",
                message: "the tag '!!bool' needs true or false, not 'yes'"),
        // A core tag that disagrees with the expected value is the value's type error.
        ConfigRefusal(yaml: "version: !!str 1", summary: "test.yaml:1:10 config.type",
                message: "'version' must be an integer, not '1' tagged !!str"),
        ConfigRefusal(yaml: "version: !!float 1", summary: "test.yaml:1:10 config.type",
                message: "'version' must be an integer, not '1' tagged !!float"),
        ConfigRefusal(yaml: "version: 1\napp: {version: !!float 1.2}", summary: "test.yaml:2:16 config.type",
                message: "'app.version' must be a version such as 1.2.0, not '1.2' tagged !!float"),
    ]

    @Test(arguments: refusals)
    func aTagThatDoesNotAgreeIsRefusedAtItsNode(_ refusal: ConfigRefusal) throws {
        try refusal.expectRefused()
    }
}
