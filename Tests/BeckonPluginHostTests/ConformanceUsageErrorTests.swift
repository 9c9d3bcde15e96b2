import BeckonTestSupport
import Testing

/// `beckon-conformance` usage errors read `beckon-conformance: error: …` on standard error, like
/// its other errors, and exit 64; help still prints on standard output.
@Suite("beckon-conformance usage errors")
struct ConformanceUsageErrorTests {
    static let cases: [(arguments: [String], message: String)] = [
        ([], "missing expected argument '<PATH.so>'"),
        (["libx.so", "--bogus"], "unknown option '--bogus' (see 'beckon-conformance --help')"),
        (["libx.so", "--store"], "missing value for '--store <NAME>' (see 'beckon-conformance --help')"),
        (["libx.so", "--options", "{"],
         "--options is not valid JSON: the text ends early (truncated?): expected a member's name at byte 2 (see 'beckon-conformance --help')"),
        (["libx.so", "--config", "{\"a\": 1, \"a\": 2}"],
         "--config is not valid JSON: the member \"a\" is given twice at byte 10 (see 'beckon-conformance --help')"),
        (["libx.so", "--options", "{\"size\": 1e999}"],
         "--options is not valid JSON: the number 1e999 is out of range (see 'beckon-conformance --help')"),
    ]

    @Test(arguments: cases)
    func usageErrorsUseTheOneErrorFormat(arguments: [String], message: String) throws {
        let result = try ConformanceToolTests.run(arguments)
        #expect(result.status == 64)
        #expect(result.standardError == "beckon-conformance: error: \(message)\n")
        #expect(result.standardOutput.isEmpty)
    }

    @Test func helpPrintsOnStandardOutput() throws {
        let result = try ConformanceToolTests.run(["--help"])
        #expect(result.status == 0)
        #expect(result.standardOutput.hasPrefix("OVERVIEW: Run the Beckon store contract"))
        #expect(result.standardError.isEmpty)
    }
}
