import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// Typed values: parameter defaults, booleans, counts, durations, versions, ids and references.
@Suite("Values and references")
struct ValueTests {
    /// Loads `version: 1` plus one parameter declared as `{type: TYPE, default: DEFAULT}`.
    static func parameter(_ type: String, _ defaultValue: String) throws -> ParameterDeclaration? {
        let yaml = "version: 1\nparameters:\n  p: {type: \(type), default: \(defaultValue)}\n"
        return try ConfigurationLoader().load(yaml: yaml, path: "test.yaml").configuration.parameters["p"]
    }

    @Test(arguments: [
        ("bool", "true", Value.bool(true)),
        ("bool", "False", .bool(false)),
        ("int", "42", .int(42)),
        ("int", "-7", .int(-7)),
        ("double", "1.5", .double(1.5)),
        ("double", "2", .double(2)),
        ("double", "-1e3", .double(-1000)),
        ("string", "free", .string("free")),
        ("string", "\"12\"", .string("12")),
        ("duration", "1d12h", .duration(129_600_000)),
        ("version", "1.2", .version(Version(major: 1, minor: 2))),
        ("timestamp", "2026-03-01T09:30:00Z", .timestamp(1_772_357_400_000)),
        ("timestamp", "2026-03-01T09:30:00+02:00", .timestamp(1_772_350_200_000)),
        ("timestamp", "2026-03-01", .timestamp(1_772_323_200_000)),
        ("timestamp", "\"2026-03-01T09:30:00.250Z\"", .timestamp(1_772_357_400_250)),
        ("timestamp", "1772357400000", .timestamp(1_772_357_400_000)),
        ("list<string>", "[free, pro]", .list([.string("free"), .string("pro")])),
        ("list<string>", "[]", .list([])),
        ("list<string>", "['a, b', \"c\"]", .list([.string("a, b"), .string("c")])),
        ("list<int>", "[1, 2, 3]", .list([.int(1), .int(2), .int(3)])),
        ("list<version>", "[1.0, 2.1.3]", .list([.version(Version(major: 1)), .version(Version(major: 2, minor: 1, patch: 3))])),
        ("int", "~", .null),
        ("list<string>", "null", .null),
    ] as [(String, String, Value)])
    func validDefaults(type: String, written: String, expected: Value) throws {
        let parameter = try #require(try Self.parameter(type, written))
        #expect(parameter.defaultValue == expected)
        #expect(parameter.defaultValue.conforms(to: parameter.type))
    }

    @Test func aParameterWithoutDefaultIsNull() throws {
        let loaded = try ConfigurationLoader().load(yaml: "version: 1\nparameters:\n  p: {type: list<timestamp>}\n", path: "test.yaml")
        #expect(loaded.configuration.parameters["p"]?.type == .list(.timestamp))
        #expect(loaded.configuration.parameters["p"]?.defaultValue == .null)
    }

    /// Each default that does not fit its type is one `config.type` error, at the value or at
    /// the offending item of a list (`offset` characters into the value).
    @Test(arguments: [
        ("int", "1.5", 0),
        ("int", "\"3\"", 0),
        ("int", "[1]", 0),
        ("double", "one", 0),
        ("double", ".inf", 0),
        ("bool", "1", 0),
        ("string", "{a: b}", 0),
        ("timestamp", "2026-02-30", 0),
        ("timestamp", "yesterday", 0),
        ("version", "{major: 1}", 0),
        ("list<string>", "free", 0),
        ("list<int>", "[1, two]", 4),
        ("list<string>", "[a, [b]]", 4),
    ])
    func mismatchedDefaults(type: String, written: String, offset: Int) throws {
        let yaml = "version: 1\nparameters:\n  p: {type: \(type), default: \(written)}\n"
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.codes == ["config.type"])
        // `  p: {type: ` is 12 characters and `, default: ` 11, so the value starts at 24 + the type.
        #expect(error.diagnostics.first?.span.start == SourcePosition(line: 3, column: 24 + type.count + offset))
    }

    @Test(arguments: [("version", "v1.2"), ("version", "1.2.3-beta"), ("version", "\"\""), ("duration", "7 days"), ("duration", "-1d")])
    func malformedVersionAndDurationDefaults(type: String, written: String) throws {
        let yaml = "version: 1\nparameters:\n  p: {type: \(type), default: \(written)}\n"
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.codes == [type == "version" ? "config.version" : "config.duration"])
        #expect(error.diagnostics.first?.span.start == SourcePosition(line: 3, column: 24 + type.count))
    }

    /// Only `true` and `false` (in any of YAML 1.2's three spellings) are booleans; YAML 1.1's
    /// `yes`, `on`, `y` are the classic surprise and are refused.
    @Test(arguments: ["yes", "no", "Yes", "on", "off", "y", "n", "1", "0", "\"true\"", "'false'", "tRUE"])
    func notBooleans(written: String) throws {
        let yaml = "version: 1\ntips:\n  welcome: {title: Welcome, ignoresDisplayFrequency: \(written)}\n"
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.summaries == ["test.yaml:3:54 config.type"])
        #expect(error.diagnostics.first?.message.hasSuffix("must be true or false, not '\(written.filter { $0 != "\"" && $0 != "'" })'") == true)
    }

    @Test(arguments: ["true", "True", "TRUE"])
    func booleans(written: String) throws {
        let yaml = "version: 1\ntips:\n  welcome: {title: Welcome, ignoresDisplayFrequency: \(written)}\n"
        let loaded = try ConfigurationLoader().load(yaml: yaml, path: "test.yaml")
        #expect(loaded.configuration.tips["welcome"]?.ignoresDisplayFrequency == true)
    }

    @Test(arguments: [
        ("events:\n  appLaunched: {retention: {maxCount: 0}}", "3:39"),
        ("tips:\n  welcome: {title: Welcome, maxDisplayCount: -2}", "3:46"),
        ("scenarios:\n  review: {minEventsRequired: -1}", "3:31"),
        ("scenarios:\n  review: {maxEventsPermitted: -1}", "3:32"),
        ("scenarios:\n  review: {maxExecutionsPermitted: -1}", "3:36"),
        ("scenarios:\n  review: {minSecondsSinceLastEvent: -0.5}", "3:38"),
    ])
    func negativeAndZeroCountsAreRangeErrors(yaml: String, position: String) throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\n\(yaml)\n"))
        #expect(error.summaries == ["test.yaml:\(position) config.range"])
    }

    @Test func zeroIsAValidScenarioCount() throws {
        let loaded = try ConfigurationLoader().load(yaml: "version: 1\nscenarios:\n  review: {minEventsRequired: 0, maxEventsPermitted: 0}\n", path: "test.yaml")
        #expect(loaded.configuration.scenarios["review"]?.minEventsRequired == 0)
        #expect(loaded.configuration.scenarios["review"]?.maxEventsPermitted == 0)
    }

    @Test func aScenarioCannotSetADurationAndItsSecondsAlias() throws {
        let yaml = "version: 1\nscenarios:\n  review:\n    minTimeSinceFirstEvent: 1d\n    minSecondsSinceFirstEvent: 86400\n"
        let error = try #require(Fixtures.diagnostics(yaml: yaml))
        #expect(error.summaries == ["test.yaml:5:5 config.conflict"])
        #expect(error.diagnostics.first?.notes == ["'minTimeSinceFirstEvent' is set at test.yaml:4:5"])
    }

    @Test(arguments: [
        ("immediate", Int64(0)), ("hourly", 3_600_000), ("daily", 86_400_000), ("weekly", 604_800_000),
        ("monthly", 2_592_000_000), ("36h", 129_600_000),
    ])
    func displayFrequencies(written: String, milliseconds: Int64) throws {
        let loaded = try ConfigurationLoader().load(yaml: "version: 1\ndisplay: {frequency: \(written)}\n", path: "test.yaml")
        #expect(loaded.configuration.displayFrequency == milliseconds)
    }

    @Test func aMisspeltDisplayFrequencyGetsASuggestion() throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\ndisplay: {frequency: dayly}\n"))
        #expect(error.summaries == ["test.yaml:2:22 config.value"])
        #expect(error.diagnostics.first?.message.hasSuffix("not 'dayly'; did you mean 'daily'?") == true)
    }

    @Test(arguments: ["1st", "has space", "dot.ted", "ünï", "-dash", "_under"])
    func malformedIDs(id: String) throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\nevents:\n  '\(id)': {}\n"))
        #expect(error.summaries == ["test.yaml:3:3 config.id"])
    }

    @Test(arguments: ["a", "Z9", "favorite-landmark", "snake_case", "a-1_b"])
    func wellFormedIDs(id: String) throws {
        let loaded = try ConfigurationLoader().load(yaml: "version: 1\nevents:\n  \(id): {}\n", path: "test.yaml")
        #expect(loaded.configuration.events.ids == [id])
    }

    /// Ids are unique within their kind only: a tip and an event may share a name.
    @Test func idsAreUniquePerKind() throws {
        let loaded = try ConfigurationLoader().load(yaml: """
            version: 1
            events: {welcome: {}}
            tips: {welcome: {title: Welcome}}
            groups: {welcome: {tips: [welcome]}}
            scenarios: {welcome: {event: welcome}}
            parameters: {welcome: {type: bool}}
            """, path: "test.yaml")
        #expect(loaded.configuration.tips.ids == ["welcome"])
        #expect(loaded.configuration.scenarios["welcome"]?.event == "welcome")
    }

    @Test func aTipListedTwiceInOneGroupIsAnError() throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\ntips: {a: {title: A}}\ngroups:\n  g: {tips: [a, a]}\n"))
        #expect(error.summaries == ["test.yaml:4:17 config.groupMembership"])
        #expect(error.diagnostics.first?.message == "group 'g' lists tip 'a' more than once")
    }

    @Test func undeclaredReferencesInTestingOverrides() throws {
        let error = try #require(Fixtures.diagnostics(yaml: "version: 1\ntips: {welcome: {title: Hi}}\ntesting: {show: [welcom], hide: [other]}\n"))
        #expect(error.summaries == ["test.yaml:3:18 config.undeclared", "test.yaml:3:34 config.undeclared"])
        #expect(error.diagnostics.first?.message == "'testing.show' refers to tip 'welcom', which is not declared; did you mean 'welcome'?")
    }

    @Test func aPluginStoreMustNameALoadedPlugin() throws {
        let error = try #require(Fixtures.diagnostics(yaml: """
            version: 1
            plugins: [{path: libdevice.so, as: device}]
            store: {backend: devise.kv}
            """))
        #expect(error.summaries == ["test.yaml:3:18 config.undeclared"])
        #expect(error.diagnostics.first?.message.hasSuffix("did you mean 'device'?") == true)
    }
}
