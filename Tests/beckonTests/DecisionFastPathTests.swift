import ArgumentParser
@testable import beckon
import BeckonTestSupport
import Testing

/// The cold start: plain decision command lines are read without the argument parser and must
/// read exactly as it reads them; every other line is left to it; and no command makes the
/// parser derive its name from its type (a scan of every protocol conformance at start-up).
@Suite("decision fast path")
struct DecisionFastPathTests {
    static let plainLines: [[String]] = [
        ["tip", "status", "welcome"],
        ["tip", "status", "welcome", "--config", "Config/example.yaml", "--now", "2026-03-01T09:00:00Z"],
        ["tip", "status", "welcome", "--json", "--subject", "ada", "--app-version", "2.4.0"],
        ["tip", "status", "welcome", "--locale", "de-CH, fr;q=0.8"],
        ["tip", "status", "welcome", "--now", "-86400000"],
        ["tip", "status", "welcome", "--transient", "a=1", "--transient", "b=2", "--show-tip", "x", "--hide-tip", "y", "--hide-tip", "z"],
        ["tip", "status", "welcome", "--show-all-tips", "--hide-all-tips"],
        ["tip", "display", "welcome", "--changes", "--subject", "ada"],
        ["tip", "display", "welcome"],
        ["group", "current", "onboarding", "--json"],
        ["scenario", "trigger", "ask-for-review", "--now", "1000"],
        ["scenario", "try", "ask-for-review", "--changes"],
        ["scenario", "status", "ask-for-review", "--config", "c.yaml"],
    ]

    @Test(arguments: plainLines)
    func plainLineReadsAsTheParserReadsIt(line: [String]) throws {
        let fast = try #require(DecisionFastPath.command(line))
        let parsed = try BeckonCommand.parseAsRoot(line)
        #expect(Self.summary(of: fast) == Self.summary(of: parsed))
    }

    static let otherLines: [[String]] = [
        ["tip", "status"],
        ["tip", "status", "--help"],
        ["tip", "status", "help"],
        ["tip", "status", "-x"],
        ["tip", "status", "", "--json"],
        ["tip", "status", "--subject", "ada", "welcome"],
        ["tip", "status", "welcome", "--subject=ada"],
        ["tip", "status", "welcome", "--subject", "a", "--subject", "b"],
        ["tip", "status", "welcome", "--subject"],
        ["tip", "status", "welcome", "--subject", "-a"],
        ["tip", "status", "welcome", "--json", "--json"],
        ["tip", "status", "welcome", "--changes"],
        ["tip", "status", "welcome", "--log-level", "debug"],
        ["tip", "status", "welcome", "--locale", "C.UTF-8"],  // a usage error, the parser's to report
        ["tip", "status", "welcome", "extra"],
        ["tip", "status", "welcome", "-h"],
        ["tip", "shown", "welcome", "--for", "1m"],
        ["status"],
        ["--version"],
    ]

    @Test(arguments: otherLines)
    func otherLineIsLeftToTheParser(line: [String]) {
        #expect(DecisionFastPath.command(line) == nil)
    }

    @Test
    func versionAloneIsTheVersionLine() throws {
        let result = try BeckonProcess.run(["--version"])
        #expect(result.status == 0)
        #expect(result.standardOutput == BeckonCommand.configuration.version + "\n")
        #expect(result.standardError.isEmpty)
    }

    @Test
    func everyCommandNamesItself() {
        var unnamed: [String] = []
        var pending: [any ParsableCommand.Type] = [BeckonCommand.self]
        while let command = pending.popLast() {
            if command.configuration.commandName == nil { unnamed.append("\(command)") }
            pending += command.configuration.subcommands
        }
        #expect(unnamed == [])
    }

    /// The command's type and every value it was given.
    static func summary(of command: any ParsableCommand) -> String {
        guard let decision = command as? any IdentifiedDecisionCommand else { return "\(type(of: command))" }
        let options = decision.options
        let config = options.configOptions
        let changes = (decision as? any RecordingDecisionCommand).map { "\($0.changes.requested)" } ?? "-"
        return [
            "\(type(of: command))", decision.id, options.subject, options.now ?? "nil", options.appVersion ?? "nil", options.locale ?? "nil",
            "\(options.transients)", "\(options.showTips)", "\(options.hideTips)", "\(options.showAllTips)", "\(options.hideAllTips)",
            config.config ?? "nil", "\(config.json)", "\(config.logLevel.map { "\($0)" } ?? "nil")", changes,
        ].joined(separator: "|")
    }
}
