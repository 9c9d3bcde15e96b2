import BeckonTestSupport
import Foundation
import Testing

/// `beckon check --format text|json|github`, and `--json` as the synonym of `--format json`.
@Suite("beckon check --format")
struct CheckFormatTests {
    /// A configuration with mistakes in two files (the second included, its name holding a
    /// comma), a warning, a note, and a message quoting a comma, a colon and a percent sign.
    static func badFolder() throws -> URL {
        let folder = try BeckonProcess.folder(configuration: """
            version: 1
            include: ["tips,v2.yaml"]
            store: {backend: memory}
            events:
              appLaunched: {}
            tips:
              welcome:
                title: Welcome
                rules: ["1 == 1"]
                maxDisplayCount: -1

            """)
        try """
            tips:
              sign-in:
                titel: Sign in
                "50%: off, now": true
              welcome: {title: Welcome again}

            """.write(to: folder.appendingPathComponent("tips,v2.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    /// A valid configuration with one warning.
    static func warningFolder() throws -> URL {
        return try BeckonProcess.folder(configuration: """
            version: 1
            store: {backend: memory}
            tips:
              welcome: {title: Welcome, rules: ["2 > 1"]}

            """)
    }

    @Test func githubPrintsOneWorkflowCommandPerDiagnostic() throws {
        let result = try BeckonProcess.run(["check", "--format", "github"], in: try Self.badFolder())
        #expect(result.status == 65)
        let expected = [
            "::warning file=beckon.yaml,line=9,col=14,endLine=9,endColumn=19,title=rule.constant::this rule is always true; it does not depend on anything",
            "::error file=beckon.yaml,line=10,col=22,endLine=10,endColumn=23,title=config.range::'maxDisplayCount' of tip 'welcome' must be at least 1, not -1",
            "::error file=tips%2Cv2.yaml,line=2,col=3,endLine=2,endColumn=9,title=config.missingKey::tip 'sign-in' is missing the required key 'title'",
            "::error file=tips%2Cv2.yaml,line=3,col=5,endLine=3,endColumn=9,title=config.unknownKey::unknown key 'titel' in tip 'sign-in'; did you mean 'title'?",
            "::error file=tips%2Cv2.yaml,line=4,col=5,endLine=4,endColumn=19,title=config.unknownKey::unknown key '50%25: off, now' in tip 'sign-in'",
            "::error file=tips%2Cv2.yaml,line=5,col=3,endLine=5,endColumn=9,title=config.duplicateId::tip 'welcome' is declared more than once%0Anote: first declared at beckon.yaml:7:3",
            "",
        ]
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == expected.count)
        for (line, expectedLine) in zip(lines, expected) {
            #expect(line == expectedLine)
        }
        #expect(result.standardError == "beckon: error: beckon.yaml is not valid: 5 errors, 1 warning\n")
    }

    @Test func githubOnAValidConfigurationAnnotatesItsWarningsThenSummarizes() throws {
        let result = try BeckonProcess.run(["check", "--format", "github"], in: try Self.warningFolder())
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            ::warning file=beckon.yaml,line=4,col=38,endLine=4,endColumn=42,title=rule.constant::this rule is always true; it does not depend on anything
            beckon.yaml: valid — 1 tip, 0 groups, 0 scenarios, 0 events, 0 parameters, 0 what's-new entries, 0 plugins, 1 file

            """)
        #expect(result.standardError == "")
    }

    @Test func githubOnAnUnreadableFilePrintsOneErrorLine() throws {
        let result = try BeckonProcess.run(["check", "--format", "github", "--config", "missing,1.yaml"], in: try BeckonProcess.temporaryFolder())
        #expect(result.status == 66)
        #expect(result.standardOutput == "::error file=missing%2C1.yaml::cannot read configuration 'missing,1.yaml': No such file or directory\n")
        #expect(result.standardError == "beckon: error: cannot read configuration 'missing,1.yaml': No such file or directory\n")
    }

    /// Each line and the line it must print exactly as.
    static let synonyms: [(line: [String], same: [String])] = [
        (["check", "--format", "json"], ["check", "--json"]),
        (["check", "--format=json", "--json"], ["check", "--json"]),
        (["check", "--format", "text"], ["check"]),
    ]

    @Test(arguments: synonyms)
    func formatsAndTheirSynonymsPrintTheSame(line: [String], same: [String]) throws {
        for folder in [try Self.badFolder(), try Self.warningFolder()] {
            let result = try BeckonProcess.run(line, in: folder)
            let expected = try BeckonProcess.run(same, in: folder)
            #expect(result.status == expected.status)
            #expect(result.standardOutput == expected.standardOutput)
            #expect(result.standardError == expected.standardError)
        }
    }

    @Test(arguments: [["--json", "--format", "github"], ["--format", "text", "--json"]])
    func jsonWithAnotherFormatIsAUsageError(options: [String]) throws {
        let result = try BeckonProcess.run(["check"] + options, in: try Self.warningFolder())
        #expect(result.status == 64)
        #expect(result.standardOutput == "")
        let format = options.contains("github") ? "github" : "text"
        #expect(result.standardError == "beckon: error: --json cannot be combined with --format \(format) (see 'beckon check --help')\n")
    }

    @Test func unknownFormatIsAUsageError() throws {
        let result = try BeckonProcess.run(["check", "--format", "sarif"], in: try Self.warningFolder())
        #expect(result.status == 64)
        #expect(result.standardError.hasPrefix("beckon: error: "))
        #expect(result.standardError.contains("sarif"))
    }
}
