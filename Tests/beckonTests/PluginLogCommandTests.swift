import BeckonTestSupport
import Foundation
import Testing

/// Plugin log lines: warnings and errors by default; `--log-level` and `BECKON_LOG_LEVEL` choose
/// the least severe level printed, the flag winning.
@Suite("beckon plugin log levels")
struct PluginLogCommandTests {
    static let lines = [
        "debug": "beckon: plugin 'chatty' debug: a debug line",
        "info": "beckon: plugin 'chatty' info: an info line",
        "warning": "beckon: plugin 'chatty' warning: a warning line",
        "error": "beckon: plugin 'chatty' error: an error line",
    ]

    static let cases: [(flag: String?, environment: String?, printed: [String])] = [
        (nil, nil, ["warning", "error"]),
        (nil, "", ["warning", "error"]),
        (nil, "debug", ["debug", "info", "warning", "error"]),
        (nil, "INFO", ["info", "warning", "error"]),
        (nil, "error", ["error"]),
        ("info", nil, ["info", "warning", "error"]),
        ("debug", "error", ["debug", "info", "warning", "error"]),
        ("error", "debug", ["error"]),
    ]

    @Test(arguments: cases)
    func printsTheChosenLevelsOnly(flag: String?, environment: String?, printed: [String]) throws {
        let folder = try PluginCommandTests.folder("store: {backend: memory}\nplugins: [{path: libchatty.so}]\n", plugins: [("good/chatty", "chatty")])
        let arguments = ["status", "--now", "2026-03-01T09:00:00Z"] + (flag.map { ["--log-level", $0] } ?? [])
        let result = try BeckonProcess.run(arguments, in: folder, environment: environment.map { ["BECKON_LOG_LEVEL": $0] } ?? [:])
        #expect(result.status == 0, "\(result.standardError)")
        let expected = ["debug", "info", "warning", "error"].filter(printed.contains).map { Self.lines[$0]! }
        #expect(result.standardError.split(separator: "\n").map(String.init) == expected)
    }

    @Test func anEnvironmentLevelThatNamesNoLevelIsAUsageError() throws {
        let folder = try PluginCommandTests.folder("store: {backend: memory}\nplugins: [{path: libchatty.so}]\n", plugins: [("good/chatty", "chatty")])
        let result = try BeckonProcess.run(["status"], in: folder, environment: ["BECKON_LOG_LEVEL": "loud"])
        #expect(result.status == 64)
        #expect(result.standardError == "beckon: error: BECKON_LOG_LEVEL: 'loud' is not a log level; use debug, info, warning or error (see 'beckon status --help')\n")
    }
}
