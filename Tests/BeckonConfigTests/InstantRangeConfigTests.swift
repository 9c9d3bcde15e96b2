import BeckonConfig
import BeckonCore
import BeckonDiagnostics
import Testing

/// A timestamp parameter's default obeys Beckon's one instant range
/// (`0000-01-01T00:00:00Z ... 9999-12-31T23:59:59.999Z`), as traces do.
@Suite("Instant range in configurations")
struct InstantRangeConfigTests {
    /// A configuration whose one timestamp parameter defaults to `written` (on line 3, column 34).
    static func yaml(default written: String) -> String {
        """
        version: 1
        parameters:
          at: {type: timestamp, default: \(written)}
        """
    }

    @Test(arguments: ["253402300800000", "-62167219200001", "'9999-12-31T23:59:59.999-00:01'", "9223372036854775807"])
    func aTimestampDefaultOutsideTheRangeIsRefusedAtItsValue(written: String) throws {
        let error = try #require(Fixtures.diagnostics(yaml: Self.yaml(default: written)))
        #expect(error.diagnostics.map(\.code) == ["config.range"])
        #expect(error.diagnostics.first?.span.start.line == 3)
        #expect(error.diagnostics.first?.span.start.column == 34)
        #expect(error.diagnostics.first?.message.contains("must lie between 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z") == true)
    }

    @Test(arguments: ["253402300799999", "-62167219200000", "9999-12-31T23:59:59.999Z", "0000-01-01"])
    func theEndsOfTheRangeAreAccepted(written: String) throws {
        #expect(throws: Never.self) { _ = try ConfigurationLoader().load(yaml: Self.yaml(default: written), path: "test.yaml") }
    }
}
