import BeckonCore
import BeckonDiagnostics
import BeckonRules
import Testing

/// SEMANTICS §2: typed parameters, persisted per subject, defaults, transient values.
@Suite struct ParameterTests {
    static let yaml = """
        parameters:
          flag: {type: bool, default: false}
          count: {type: int, default: 0}
          ratio: {type: double, default: 1.5}
          plan: {type: string, default: free}
          lastSync: {type: version, default: 1.0.0}
          installedAt: {type: timestamp}
          trial: {type: duration, default: 14d}
          features: {type: list<string>, default: []}
          weights: {type: list<double>, default: [1.0]}
          brightness: {type: double, default: 0.5, transient: true}
        tips:
          pro: {title: Pro, rules: ["params.plan == \\"pro\\""]}
          bright: {title: Bright, rules: ["params.brightness > 0.8"]}
        """

    struct TypedCase: Sendable, CustomTestStringConvertible {
        var parameter: String
        var defaultValue: Value
        var value: Value
        /// What is stored and read back (ints widen to double).
        var stored: Value
        var testDescription: String { "\(parameter) = \(value)" }
    }

    static let typedCases: [TypedCase] = [
        TypedCase(parameter: "flag", defaultValue: .bool(false), value: .bool(true), stored: .bool(true)),
        TypedCase(parameter: "count", defaultValue: .int(0), value: .int(-7), stored: .int(-7)),
        TypedCase(parameter: "ratio", defaultValue: .double(1.5), value: .double(0.25), stored: .double(0.25)),
        TypedCase(parameter: "ratio", defaultValue: .double(1.5), value: .int(3), stored: .double(3)),
        TypedCase(parameter: "plan", defaultValue: .string("free"), value: .string("pro"), stored: .string("pro")),
        TypedCase(parameter: "lastSync", defaultValue: .version(Version(major: 1)), value: .version(Version(major: 2, minor: 1)), stored: .version(Version(major: 2, minor: 1))),
        TypedCase(parameter: "installedAt", defaultValue: .null, value: .timestamp(t0), stored: .timestamp(t0)),
        TypedCase(parameter: "trial", defaultValue: .duration(14 * day), value: .duration(30 * day), stored: .duration(30 * day)),
        TypedCase(parameter: "features", defaultValue: .list([]), value: .list([.string("maps"), .string("sync")]), stored: .list([.string("maps"), .string("sync")])),
        TypedCase(parameter: "weights", defaultValue: .list([.double(1)]), value: .list([.int(2), .double(0.5)]), stored: .list([.double(2), .double(0.5)])),
    ]

    @Test(arguments: typedCases)
    func setReadAndPersist(_ test: TypedCase) throws {
        let harness = try Harness(Self.yaml)
        #expect(try harness.engine.parameter(test.parameter, at(t0)) == test.defaultValue)
        try harness.engine.setParameter(test.parameter, to: test.value, at(t0))
        #expect(try harness.engine.parameter(test.parameter, at(t0)) == test.stored)
        #expect(try harness.record().parameters[test.parameter] == test.stored)
        // Persisted: another engine on the same store (another process) reads it.
        #expect(try harness.sibling().parameter(test.parameter, at(t0 + day)) == test.stored)
        // Per subject: another subject still has the default.
        #expect(try harness.engine.parameter(test.parameter, at(t0, "other")) == test.defaultValue)
    }

    struct WrongTypeCase: Sendable, CustomTestStringConvertible {
        var parameter: String
        var value: Value
        var expected: String
        var given: String
        var testDescription: String { "\(parameter) given \(value)" }
    }

    static let wrongTypeCases: [WrongTypeCase] = [
        WrongTypeCase(parameter: "flag", value: .int(1), expected: "bool", given: "int"),
        WrongTypeCase(parameter: "flag", value: .string("true"), expected: "bool", given: "string"),
        WrongTypeCase(parameter: "count", value: .double(1.5), expected: "int", given: "double"),
        WrongTypeCase(parameter: "count", value: .string("3"), expected: "int", given: "string"),
        WrongTypeCase(parameter: "ratio", value: .string("0.5"), expected: "double", given: "string"),
        WrongTypeCase(parameter: "plan", value: .int(3), expected: "string", given: "int"),
        WrongTypeCase(parameter: "lastSync", value: .string("2.0.0"), expected: "version", given: "string"),
        WrongTypeCase(parameter: "installedAt", value: .int(t0), expected: "timestamp", given: "int"),
        WrongTypeCase(parameter: "installedAt", value: .duration(day), expected: "timestamp", given: "duration"),
        WrongTypeCase(parameter: "trial", value: .int(14), expected: "duration", given: "int"),
        WrongTypeCase(parameter: "features", value: .string("maps"), expected: "list<string>", given: "string"),
        WrongTypeCase(parameter: "features", value: .list([.int(1)]), expected: "list<string>", given: "list<int>"),
        WrongTypeCase(parameter: "weights", value: .list([.string("x")]), expected: "list<double>", given: "list<string>"),
    ]

    @Test(arguments: wrongTypeCases)
    func wrongTypeIsRefusedAndNothingIsWritten(_ test: WrongTypeCase) throws {
        let harness = try Harness(Self.yaml)
        try harness.engine.setParameter("plan", to: .string("pro"), at(t0))
        let before = try harness.stored()
        let error = engineError { try harness.engine.setParameter(test.parameter, to: test.value, at(t0)) }
        #expect(error?.isInvalidValue == true)
        let message = error?.message ?? ""
        #expect(message.contains("'\(test.parameter)'"), "names the parameter: \(message)")
        #expect(message.contains("is \(test.expected)"), "names the expected type: \(message)")
        #expect(message.contains("is \(test.given)"), "names the given type: \(message)")
        let after = try harness.stored()
        #expect(after.version == before.version)
        #expect(after.record == before.record)
    }

    @Test func parametersDriveRules() throws {
        let harness = try Harness(Self.yaml)
        #expect(try harness.engine.tipStatus("pro", at(t0)).status == .pending)
        try harness.engine.setParameter("plan", to: .string("pro"), at(t0))
        #expect(try harness.engine.tipStatus("pro", at(t0)).status == .available)
        #expect(try harness.engine.tipStatus("pro", at(t0, "other")).status == .pending)
    }

    @Test func transientValuesLiveForOneCall() throws {
        let harness = try Harness(Self.yaml)
        let error = engineError { try harness.engine.setParameter("brightness", to: .double(0.9), at(t0)) }
        #expect(error?.isNotApplicable == true)
        #expect(try harness.stored().version == 0)
        #expect(try harness.engine.parameter("brightness", at(t0)) == .double(0.5))
        #expect(try harness.engine.parameter("brightness", at(t0, transient: ["brightness": .double(0.9)])) == .double(0.9))
        #expect(try harness.engine.tipStatus("bright", at(t0, transient: ["brightness": .double(0.9)])).status == .available)
        // Not remembered: the next call without it sees the default.
        #expect(try harness.engine.tipStatus("bright", at(t0)).status == .pending)
        _ = try harness.engine.displayTip("bright", at(t0, transient: ["brightness": .double(0.9)]))
        #expect(try harness.record().parameters["brightness"] == nil)
        // A transient value for a persisted parameter is not how persisted ones are set.
        try harness.engine.setParameter("plan", to: .string("pro"), at(t0))
        #expect(try harness.engine.parameter("plan", at(t0, transient: ["plan": .string("team")])) == .string("pro"))
    }

    @Test func undeclaredParameter() throws {
        let harness = try Harness(Self.yaml)
        #expect(engineError { try harness.engine.setParameter("plane", to: .string("x"), at(t0)) } == .undeclared(kind: "parameter", id: "plane", suggestion: "plan"))
        #expect(engineError { try harness.engine.parameter("nothing", at(t0)) }?.isUndeclared == true)
        #expect(try harness.stored().version == 0)
    }

    @Test func parameterWithoutDefaultIsNull() throws {
        let harness = try Harness(Self.yaml)
        #expect(try harness.engine.parameter("installedAt", at(t0)) == .null)
    }

    @Test func defaultsMustHaveTheDeclaredType() {
        let errors = loadErrors("parameters: {count: {type: int, default: many}}")
        #expect(errors.map(\.code) == ["config.type"])
    }
}
