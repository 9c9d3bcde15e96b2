import ArgumentParser
import BeckonTestSupport
import Foundation
@testable import beckon
import Testing

/// The common options written before the subcommand (`beckon --config X tip status t`) read as
/// the same line written with them after it: the same exit code, output and errors.
@Suite("common options before the subcommand")
struct LeadingOptionsTests {
    static let now = "2026-03-01T09:00:00Z"

    /// A folder with `beckon.yaml` (a memory store, so nothing is written) and `other.yaml`, a
    /// configuration that is not valid.
    static func folder() throws -> URL {
        let folder = try BeckonProcess.folder(configuration: """
            version: 1
            store: {backend: memory}
            parameters:
              plan: {type: string, default: free}
            tips:
              welcome: {title: Welcome}
              upgrade: {title: Upgrade, rules: [params.plan == "pro"]}

            """)
        try "version: 2\n".write(to: folder.appendingPathComponent("other.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// Each line with common options before the subcommand, and the same line as the parser reads it.
    static let lines: [(leading: [String], canonical: [String])] = [
        (["--config", "beckon.yaml", "tip", "status", "welcome", "--now", now],
         ["tip", "status", "welcome", "--now", now, "--config", "beckon.yaml"]),
        (["--config", "beckon.yaml", "tip", "status", "upgrade", "--now", now],
         ["tip", "status", "upgrade", "--config", "beckon.yaml", "--now", now]),
        (["--json", "--config", "beckon.yaml", "status", "--now", now],
         ["status", "--now", now, "--json", "--config", "beckon.yaml"]),
        (["--config=beckon.yaml", "--json", "tip", "status", "welcome", "--now", now],
         ["tip", "status", "welcome", "--now", now, "--config=beckon.yaml", "--json"]),
        (["--log-level", "debug", "check"], ["check", "--log-level", "debug"]),
        (["--log-level=error", "--config", "other.yaml", "check"], ["check", "--log-level=error", "--config", "other.yaml"]),
        (["--config", "other.yaml", "--json", "check"], ["check", "--config", "other.yaml", "--json"]),
        (["--config", "beckon.yaml", "param", "get", "plan", "--subject", "ada", "--now", now],
         ["param", "get", "plan", "--subject", "ada", "--now", now, "--config", "beckon.yaml"]),
        (["--config", "beckon.yaml", "param", "set", "plan", "--now", now, "--", "-pro"],
         ["param", "set", "plan", "--now", now, "--config", "beckon.yaml", "--", "-pro"]),
        (["--json", "tip", "status", "nope", "--now", now], ["tip", "status", "nope", "--now", now, "--json"]),
        (["--config", "beckon.yaml", "tip", "status", "--help"], ["tip", "status", "--help", "--config", "beckon.yaml"]),
        (["--log-level", "loud", "check"], ["check", "--log-level", "loud"]),
        (["--config", "beckon.yaml", "tip"], ["tip", "--config", "beckon.yaml"]),
        (["--config", "beckon.yaml", "init", "-"], ["init", "-", "--config", "beckon.yaml"]),
    ]

    @Test(arguments: lines)
    func leadingOptionsReadAsAfterTheSubcommand(leading: [String], canonical: [String]) throws {
        let folder = try Self.folder()
        let moved = try BeckonProcess.run(leading, in: folder)
        let written = try BeckonProcess.run(canonical, in: folder)
        #expect(moved.status == written.status)
        #expect(moved.standardOutput == written.standardOutput)
        #expect(moved.standardError == written.standardError)
    }

    @Test func aLeadingConfigIsTheOneRead() throws {
        let folder = try Self.folder()
        let result = try BeckonProcess.run(["--config", "other.yaml", "check"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardError.hasSuffix("beckon: error: other.yaml is not valid: 1 error\n"))
    }

    /// Written before and after the subcommand, an option is a usage error: which one was meant is unclear.
    static let repeatedLines: [(line: [String], message: String)] = [
        (["--config", "beckon.yaml", "check", "--config", "other.yaml"],
         "beckon: error: '--config' is given both before and after 'check' (see 'beckon check --help')\n"),
        (["--json", "tip", "status", "welcome", "--json"],
         "beckon: error: '--json' is given both before and after 'tip status' (see 'beckon tip status --help')\n"),
        (["--log-level=debug", "status", "--log-level", "info"],
         "beckon: error: '--log-level' is given both before and after 'status' (see 'beckon status --help')\n"),
    ]

    @Test(arguments: repeatedLines)
    func optionBeforeAndAfterIsAUsageError(line: [String], message: String) throws {
        let result = try BeckonProcess.run(line, in: try Self.folder())
        #expect(result.status == 64)
        #expect(result.standardOutput == "")
        #expect(result.standardError == message)
    }

    @Test func movedDecisionLineStillTakesTheFastPath() throws {
        let line = ["--config", "c.yaml", "--json", "tip", "status", "welcome", "--subject", "ada"]
        guard case .arguments(let arranged) = LeadingOptions.arrange(line, subcommands: { LeadingOptions.Tree(BeckonCommand.self) }) else {
            Issue.record("the line was refused")
            return
        }
        #expect(arranged == ["tip", "status", "welcome", "--subject", "ada", "--config", "c.yaml", "--json"])
        let fast = try #require(DecisionFastPath.command(arranged))
        #expect(DecisionFastPathTests.summary(of: fast) == DecisionFastPathTests.summary(of: try BeckonCommand.parseAsRoot(arranged)))
    }

    /// Lines that no common option leads, or where no subcommand follows them, are left as they are.
    static let unchangedLines: [[String]] = [
        ["tip", "status", "welcome", "--config", "c.yaml"],
        ["--json"],
        ["--config"],
        ["--config", "c.yaml"],
        ["--config", "c.yaml", "--help"],
        ["--json", "--version"],
        ["--json", "help", "check"],
        ["--subject", "ada", "tip", "status", "welcome"],
    ]

    @Test(arguments: unchangedLines)
    func lineIsLeftAsItIs(line: [String]) {
        #expect(LeadingOptions.arrange(line, subcommands: { LeadingOptions.Tree(BeckonCommand.self) }) == .arguments(line))
    }

    @Test func movedOptionsGoBeforeTheEndOfOptions() {
        let line = ["--config", "c.yaml", "param", "set", "plan", "--", "--json"]
        let arranged = LeadingOptions.arrange(line, subcommands: { LeadingOptions.Tree(BeckonCommand.self) })
        #expect(arranged == .arguments(["param", "set", "plan", "--config", "c.yaml", "--", "--json"]))
    }

    @Test func negativeNowValueIsNotAnOption() {
        let line = ["--json", "tip", "status", "welcome", "--now", "--json"]
        let arranged = LeadingOptions.arrange(line, subcommands: { LeadingOptions.Tree(BeckonCommand.self) })
        #expect(arranged == .arguments(["tip", "status", "welcome", "--now", "--json", "--json"]))
    }
}
