import BeckonTestSupport
import Foundation
import Testing

/// `beckon check` with the calendar plugin (ABI 1.1): every problem of a plugin's config at once,
/// each at its value or, for an unknown key, at the key; a `bind` refusal at the argument.
@Suite("beckon check: plugin config problems and bind refusals")
struct PluginConfigCheckTests {
    /// A folder with the calendar plugin built as `libcal.so` and `beckon.yaml`.
    static func folder(_ yaml: String) throws -> URL {
        let folder = try BeckonProcess.temporaryFolder()
        let sources = Repository.url("Plugins/calendar")
        let names = try FileManager.default.contentsOfDirectory(atPath: sources.path).filter { $0.hasSuffix(".c") }.sorted()
        try CPlugin.compile(names.map { sources.appendingPathComponent($0).path }, into: folder.appendingPathComponent("libcal.so").path)
        try yaml.write(to: folder.appendingPathComponent("beckon.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// `beckon check` on a memory-store configuration that loads `libcal.so`, with `rest` after
    /// the plugin's path (its config, or tips); line numbers in messages count from `version`.
    static func check(afterPluginPath rest: String) throws -> ProcessResult {
        let folder = try Self.folder("""
            version: 1
            store: {backend: memory}
            plugins:
              - path: libcal.so

            """ + rest)
        return try BeckonProcess.run(["check"], in: folder)
    }

    @Test func everyConfigProblemIsShownAtItsValueOrKey() throws {
        let checked = try Self.check(afterPluginPath: """
                config:
                  timeZone: "+25:00"
                  weekends: [6, 7]
                  holidays: [2026-12-25, 2026-13-01]
                  weekend: [8]

            """)
        #expect(checked.status == 65)
        let lines = checked.standardError.split(separator: "\n").filter { $0.hasPrefix("beckon.yaml:") }
        let prefix = "error: plugin 'libcal.so' refused its config at"
        #expect(lines == [
            "beckon.yaml:6:17: \(prefix) /timeZone: time zone '+25:00' is not a valid offset (expected +HH:MM or -HH:MM up to 18 hours, such as '+05:30') [plugin.config]",
            "beckon.yaml:7:7: \(prefix) /weekends: unknown key 'weekends' (expected timeZone, holidays, weekend) [plugin.config]",
            "beckon.yaml:8:30: \(prefix) /holidays/1: '2026-13-01' is not a date (YYYY-MM-DD) [plugin.config]",
            "beckon.yaml:9:17: \(prefix) /weekend/0: weekend day 8 is out of range: ISO weekdays go from 1 (Monday) to 7 (Sunday) [plugin.config]",
        ], "\(checked.standardError)")
    }

    @Test func aBindRefusalIsShownAtTheArgument() throws {
        let checked = try Self.check(afterPluginPath: """
            tips:
              night: {title: Night, rules: ["calendar.hourBetween(22, 25)"]}

            """)
        #expect(checked.status == 65)
        #expect(checked.standardError.hasPrefix("""
            beckon.yaml:6:59: error: calendar.hourBetween rejected argument 2 '25': hourBetween's end hour must be from 0 to 24, not 25 [rule.plugin]
                6 |   night: {title: Night, rules: ["calendar.hourBetween(22, 25)"]}
                  |                                                           ^~

            """), "\(checked.standardError)")
    }
}
