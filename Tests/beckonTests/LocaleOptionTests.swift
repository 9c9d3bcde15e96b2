import BeckonTestSupport
import Foundation
import Testing

/// `--locale` and a trace's `locale:` as the CLI reads them: a value with no language range is a
/// usage error naming the flag (exit 64), on the fast path's command lines and the parser's alike,
/// and a trace's is a diagnostic at its position (exit 65). What the locale chooses is
/// `LocaleAcrossHostsTests`' (Tests/BeckonTests), the same for every host.
@Suite("beckon --locale")
struct LocaleOptionTests {
    static let example = Repository.path("Config/example.yaml")

    @Test(arguments: [
        ["tip", "status", "welcome", "--locale", "C.UTF-8"],        // the fast path's shape
        ["tip", "status", "welcome", "--locale=C.UTF-8"],           // the parser's
        ["status", "--locale", ""],
        ["group", "current", "onboarding", "--locale", "de;q=0"],  // every range unacceptable
        ["simulate", "trace.yaml", "--locale", "*;q=x"],
    ])
    func aLocaleWithNoLanguageRangeIsAUsageError(arguments: [String]) throws {
        let result = try BeckonProcess.run(arguments + ["--config", Self.example])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--locale: '"), "\(result.standardError)")
        #expect(result.standardError.contains("is not a language tag, an Accept-Language list or a POSIX locale name"))
        #expect(result.standardOutput == "")
    }

    @Test func aTraceLocaleWithNoLanguageRangeIsReportedAtItsPosition() throws {
        let folder = try BeckonProcess.temporaryFolder()
        try """
            locale: de-CH
            start: 2026-03-01T09:00:00Z
            steps:
              - tip.status: welcome
                locale: C.UTF-8

            """.write(to: folder.appendingPathComponent("trace.yaml"), atomically: true, encoding: .utf8)
        let result = try BeckonProcess.run(["simulate", "trace.yaml", "--config", Self.example], in: folder)
        #expect(result.status == 65)
        #expect(result.standardError.hasPrefix(
            "trace.yaml:5:13: error: 'locale' of step 1: 'C.UTF-8' is not a language tag, an Accept-Language list or a POSIX locale name (such as de-CH; de-CH, fr;q=0.8; or de_CH.UTF-8) [config.value]\n"),
            "\(result.standardError)")
    }

    /// A trace's `locale:` is its steps' default, a step's own wins, and `--locale` is the default
    /// of a trace that gives none; `--json` answers say which locale each chose.
    @Test(arguments: [
        ("locale: de-CH\n", [] as [String], ["de-CH", "fr", "de-CH"]),
        ("", ["--locale", "zh-Hant-TW, de;q=0.5"], ["zh-Hant", "fr", "zh-Hant"]),
        ("locale: de-AT\n", ["--locale", "fr"], ["de", "fr", "de"]),
        ("", [], ["en", "fr", "en"]),
    ])
    func aTraceChoosesTheLocaleOfItsSteps(top: String, options: [String], chosen: [String]) throws {
        let folder = try LocalizedConfiguration.folder()
        try """
            \(top)start: 2026-03-01T09:00:00Z
            steps:
              - tip.status: welcome
              - tip.status: welcome
                locale: fr
              - tip.display: welcome

            """.write(to: folder.appendingPathComponent("trace.yaml"), atomically: true, encoding: .utf8)
        let result = try BeckonProcess.run(["simulate", "trace.yaml", "--config", "beckon.yaml", "--json"] + options, in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        let locales = result.standardOutput.split(separator: "\n").map { line in
            ((try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any])?["locale"] as? String
        }
        #expect(locales == chosen, "\(result.standardOutput)")
    }
}
