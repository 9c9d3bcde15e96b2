import BeckonDiagnostics
import Testing

@Suite("Usage errors on one line")
struct UsageMessageTests {
    @Test(arguments: [
        ("Unknown option '--bogus'", "Error: Unknown option '--bogus'\nUsage: beckon tip status <id>\n  See 'beckon tip status --help' for more information.",
         "unknown option '--bogus' (see 'beckon tip status --help')"),
        ("Missing value for '--for <for>'.", "", "missing value for '--for <for>'"),
        ("The value 'nah' is invalid for '--reason <reason>'\nHelp: choose one", "no help named here",
         "the value 'nah' is invalid for '--reason <reason>'"),
        ("ABI mismatch", "", "ABI mismatch"),
        ("", "", "invalid command line"),
    ])
    func readsAsOneLine(message: String, fullText: String, expected: String) {
        #expect(UsageMessage.oneLine(message, fullText: fullText) == expected)
    }
}
