import BeckonTestSupport
import Foundation
import Testing

/// `beckon simulate` replays the example traces of `Config/traces/` exactly as their committed
/// `.expected` outputs say, and reports every mistake of a bad trace at its line and column.
///
/// When a change of the engine or of the output is intended, regenerate the expected outputs with
/// `BECKON_UPDATE_EXPECTED=1 swift test --filter SimulateCommand` and review the diff.
@Suite("beckon simulate")
struct SimulateCommandTests {
    static let exampleConfiguration = Repository.path("Config/example.yaml")

    /// Runs `beckon simulate trace.yaml --config Config/example.yaml` on `trace`, written to a new folder.
    static func simulate(_ trace: String, options: [String] = []) throws -> ProcessResult {
        let folder = try BeckonProcess.temporaryFolder()
        try trace.write(to: folder.appendingPathComponent("trace.yaml"), atomically: true, encoding: .utf8)
        return try BeckonProcess.run(["simulate", "trace.yaml", "--config", exampleConfiguration] + options, in: folder)
    }

    // MARK: The example traces

    @Test(arguments: ["tips", "scenarios", "whats-new", "first-week"])
    func exampleTraceGivesItsExpectedOutput(name: String) throws {
        let result = try BeckonProcess.run(["simulate", "Config/traces/\(name).yaml", "--config", "Config/example.yaml"])
        let expectedFile = Repository.url("Config/traces/\(name).expected")
        if ProcessInfo.processInfo.environment["BECKON_UPDATE_EXPECTED"] != nil, result.status == 0 {
            try result.standardOutput.write(to: expectedFile, atomically: true, encoding: .utf8)
        }
        let expected = try String(contentsOf: expectedFile, encoding: .utf8)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput == expected)
    }

    @Test(arguments: ["tips", "scenarios", "whats-new", "first-week"])
    func exampleTraceInJSONIsOneObjectPerStep(name: String) throws {
        let human = try BeckonProcess.run(["simulate", "Config/traces/\(name).yaml", "--config", "Config/example.yaml"])
        let result = try BeckonProcess.run(["simulate", "Config/traces/\(name).yaml", "--config", "Config/example.yaml", "--json"])
        #expect(result.status == 0)
        let lines = result.standardOutput.split(separator: "\n")
        let stepLines = human.standardOutput.split(separator: "\n").filter { !$0.hasPrefix(" ") }
        #expect(lines.count == stepLines.count)
        for (index, line) in lines.enumerated() {
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            #expect(object["step"] as? Int == index + 1)
            for key in ["at", "now", "subject", "op", "line"] {
                #expect(object[key] != nil, "step \(index + 1) has no '\(key)'")
            }
        }
    }

    @Test func jsonLinesCarryTheAnswer() throws {
        let result = try Self.simulate("""
            subject: ada
            steps:
              - {at: 2026-03-01T09:30:00Z, tip.status: favorite-landmark}
              - {after: 1s, set: {plan: pro}}
              - {scenario.try: ask-for-review}

            """, options: ["--json"])
        #expect(result.status == 0)
        #expect(result.standardOutput == """
            {"actions":[{"id":"learn-more","title":"Learn more"},{"id":"dismiss","title":"Not now"}],"at":"2026-03-01T09:30:00Z","changed":false,"displayCount":0,"displayDurationMs":0,"id":"favorite-landmark","image":"star.fill","invalidation":null,"line":3,"locale":"en","message":"Tap the star to keep this landmark.","now":1772357400000,"op":"tip.status","reason":"rule 1 is false: params.isLoggedIn (\(Repository.root.path)/Config/example-tips.yaml:17)","reasonCode":"rule","revisitAt":null,"status":"pending","step":1,"subject":"ada","title":"Save as favorite"}
            {"arguments":{"plan":"pro"},"at":"2026-03-01T09:30:01Z","line":4,"now":1772357401000,"op":"set","step":2,"stored":true,"subject":"ada"}
            {"at":"2026-03-01T09:30:01Z","checks":[{"actual":0,"detail":"needs at least 5 events; has 0","limit":5,"name":"minEventsRequired","passed":false},{"actual":0,"detail":"allows fewer than 4 executions; has 0","limit":4,"name":"maxExecutionsPermitted","passed":true},{"actual":null,"detail":"no event yet","limit":604800000,"name":"minTimeSinceFirstEvent","passed":true},{"actual":null,"detail":"never executed","limit":172800000,"name":"minTimeBetweenExecutions","passed":true},{"detail":"params.plan == \\"free\\"","name":"condition 1","passed":false,"source":"\(Repository.root.path)/Config/example.yaml:53"}],"events":0,"executed":false,"executions":0,"id":"ask-for-review","line":5,"now":1772357401000,"op":"scenario.try","revisitAt":null,"step":3,"subject":"ada"}

            """)
    }

    // MARK: Time

    @Test func instantsAreISOOrUnixMillisecondsAndAfterCountsFromThePreviousStep() throws {
        let result = try Self.simulate("""
            start: 2026-03-01T10:30:00+01:00
            steps:
              - {after: 1d12h, donate: appLaunched}
              - {donate: appLaunched}
              - {at: 1772357400000, donate: appLaunched}
              - {subject: someone-else, after: 500ms, donate: appLaunched}

            """)
        #expect(result.status == 0)
        #expect(result.standardError == "")
        #expect(result.standardOutput == """
            2026-03-02T21:30:00Z  default       donate appLaunched → count 1
            2026-03-02T21:30:00Z  default       donate appLaunched → count 2
            2026-03-01T09:30:00Z  default       donate appLaunched → count 3
            2026-03-01T09:30:00.500Z  someone-else  donate appLaunched → count 1

            """)
    }

    @Test func aStepWithoutAnInstantNeedsAStart() throws {
        let result = try Self.simulate("steps:\n  - {after: 1h, tip.status: welcome}\n")
        #expect(result.status == 65)
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            trace.yaml:2:6: error: step 1 has no instant to run at: give it 'at:' (such as 2026-03-01T09:30:00Z), or give the trace a 'start:' that 'after:' counts from [trace.time]
                2 |   - {after: 1h, tip.status: welcome}
                  |      ^~~~~
            beckon: error: trace.yaml is not valid: 1 error

            """)
    }

    // MARK: Bad traces

    @Test func unknownOperationIsReportedWithASuggestion() throws {
        let result = try Self.simulate("""
            start: 2026-03-01T09:00:00Z
            steps:
              - {tip.stats: welcome}

            """)
        #expect(result.status == 65)
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            trace.yaml:3:6: error: unknown key 'tip.stats' in step 1; did you mean 'tip.status'? [config.unknownKey]
                3 |   - {tip.stats: welcome}
                  |      ^~~~~~~~~
            beckon: error: trace.yaml is not valid: 1 error

            """)
    }

    @Test func badInstantIsReportedAtItsPosition() throws {
        let result = try Self.simulate("""
            steps:
              - at: 2026-03-01 9:30
                tip.status: welcome

            """)
        #expect(result.status == 65)
        #expect(result.standardError == """
            trace.yaml:2:9: error: 'at' of step 1 must be an instant: ISO-8601 such as 2026-03-01T09:30:00Z, or Unix milliseconds, not '2026-03-01 9:30' [config.type]
                2 |   - at: 2026-03-01 9:30
                  |         ^~~~~~~~~~~~~~~
            beckon: error: trace.yaml is not valid: 1 error

            """)
    }

    @Test func undeclaredTipIsReportedWithASuggestion() throws {
        let result = try Self.simulate("""
            start: 0
            steps:
              - {tip.status: welcome}
              - {after: 1m, tip.display: favourite-landmark}

            """)
        #expect(result.status == 65)
        #expect(result.standardOutput == "")
        #expect(result.standardError == """
            trace.yaml:4:30: error: step 2 refers to tip 'favourite-landmark', which is not declared; did you mean 'favorite-landmark'? [config.undeclared]
                4 |   - {after: 1m, tip.display: favourite-landmark}
                  |                              ^~~~~~~~~~~~~~~~~~
            beckon: error: trace.yaml is not valid: 1 error

            """)
    }

    @Test func parameterValueOfTheWrongTypeIsReported() throws {
        let result = try Self.simulate("""
            start: 0
            steps:
              - set:
                  isLoggedIn: true
                  favoritesCount: lots

            """)
        #expect(result.status == 65)
        #expect(result.standardError == """
            trace.yaml:5:23: error: the value of parameter 'favoritesCount' in step 1 must be an integer, not 'lots' [config.type]
                5 |       favoritesCount: lots
                  |                       ^~~~
            beckon: error: trace.yaml is not valid: 1 error

            """)
    }

    @Test func everyMistakeIsReportedAtOnce() throws {
        let result = try Self.simulate("""
            subject: ada
            stat: 2026-03-01T09:00:00Z
            steps:
              - {at: 0, donate: landmarkViewed, info: {landmrk: Tower}, for: 3s}
              - {set: {screenBrightness: 0.5}}
              - {scenario.trigger: offer-subscription}
              - {tip.invalidate: welcome, reason: closed}
              - {tip.shown: welcome}
              - {donate: appLaunched, tip.status: welcome}
              - {after: 2s}
              - {at: 1, after: 2s, reset: welcome}

            """)
        #expect(result.status == 65)
        #expect(result.standardError == """
            trace.yaml:2:1: error: unknown key 'stat' in the trace; did you mean 'start'? [config.unknownKey]
                2 | stat: 2026-03-01T09:00:00Z
                  | ^~~~
            trace.yaml:4:44: error: unknown info field 'landmrk' of event 'landmarkViewed' in step 1; did you mean 'landmark'? [config.unknownKey]
                4 |   - {at: 0, donate: landmarkViewed, info: {landmrk: Tower}, for: 3s}
                  |                                            ^~~~~~~
            trace.yaml:4:61: error: 'for' is an argument of 'tip.shown', not of 'donate' (step 1) [trace.argument]
                4 |   - {at: 0, donate: landmarkViewed, info: {landmrk: Tower}, for: 3s}
                  |                                                             ^~~
            trace.yaml:5:12: error: parameter 'screenBrightness' is transient: it is never stored; give its value in the step's 'transient:' (step 2) [trace.argument]
                5 |   - {set: {screenBrightness: 0.5}}
                  |            ^~~~~~~~~~~~~~~~
            trace.yaml:6:24: error: scenario 'offer-subscription' counts the event 'appLaunched': donate that event instead of triggering the scenario (step 3) [trace.argument]
                6 |   - {scenario.trigger: offer-subscription}
                  |                        ^~~~~~~~~~~~~~~~~~
            trace.yaml:7:39: error: 'reason' of step 4 must be one of actionPerformed, tipClosed, not 'closed' [config.value]
                7 |   - {tip.invalidate: welcome, reason: closed}
                  |                                       ^~~~~~
            trace.yaml:8:6: error: 'tip.shown' in step 5 needs 'for:' (how long the tip was on screen, such as 45s) [config.missingKey]
                8 |   - {tip.shown: welcome}
                  |      ^~~~~~~~~
            trace.yaml:9:27: error: step 6 has more than one operation ('donate' and 'tip.status'); give each its own step [trace.operation]
                9 |   - {donate: appLaunched, tip.status: welcome}
                  |                           ^~~~~~~~~~
            trace.yaml:10:5: error: step 7 has no operation; give it one of set, donate, tip.status, tip.display, tip.shown, tip.invalidate, tip.reset, reset, group.current, scenario.trigger, scenario.try, scenario.status, scenario.reset, whatsNew.next, whatsNew.present, whatsNew.mark, whatsNew.unmark, explain.tip, explain.scenario [trace.operation]
               10 |   - {after: 2s}
                  |     ^
            trace.yaml:11:13: error: step 8 has both 'at' and 'after'; give one [trace.time]
               11 |   - {at: 1, after: 2s, reset: welcome}
                  |             ^~~~~
            trace.yaml:11:31: error: 'reset' of step 8 must be 'all' (the subject's whole state), not 'welcome'; to reset one tip use 'tip.reset', one scenario 'scenario.reset' [config.value]
               11 |   - {at: 1, after: 2s, reset: welcome}
                  |                               ^~~~~~~
            beckon: error: trace.yaml is not valid: 11 errors

            """)
    }

    /// A trace's subjects are held to what every host takes: non-empty, at most 256 UTF-8 bytes.
    @Test func subjectsAreCheckedAsEveryHostChecksThem() throws {
        let long = String(repeating: "a", count: 257)
        let result = try Self.simulate("""
            subject: \(long)
            start: 2026-03-01T09:00:00Z
            steps:
              - {subject: "", tip.status: welcome}
              - {subject: \(long), tip.status: welcome}

            """)
        #expect(result.status == 65)
        let errors = result.standardError.split(separator: "\n").filter { $0.hasPrefix("trace.yaml:") }
        #expect(errors == [
            "trace.yaml:1:10: error: 'subject': the subject has 257 UTF-8 bytes; at most 256 are accepted [config.value]",
            "trace.yaml:4:15: error: 'subject' of step 1 must not be empty [config.value]",
            "trace.yaml:5:15: error: 'subject' of step 2: the subject has 257 UTF-8 bytes; at most 256 are accepted [config.value]",
        ], "\(result.standardError)")
    }

    @Test func badTraceInJSONListsDiagnostics() throws {
        let result = try Self.simulate("start: 0\nsteps:\n  - {tip.status: welcom}\n", options: ["--json"])
        #expect(result.status == 65)
        #expect(result.standardError == "")
        #expect(result.standardOutput == """
            [{"code":"config.undeclared","column":18,"file":"trace.yaml","line":3,"message":"step 1 refers to tip 'welcom', which is not declared; did you mean 'welcome'?","notes":[],"severity":"error"}]

            """)
    }

    @Test func missingTraceExits66() throws {
        let result = try BeckonProcess.run(["simulate", "Config/traces/none.yaml", "--config", "Config/example.yaml"])
        #expect(result.status == 66)
        #expect(result.standardOutput == "")
        #expect(result.standardError == "beckon: error: cannot read trace 'Config/traces/none.yaml': No such file or directory\n")
    }

    @Test func missingConfigurationExits66() throws {
        let result = try BeckonProcess.run(["simulate", "Config/traces/tips.yaml", "--config", "none.yaml"])
        #expect(result.status == 66)
        #expect(result.standardError == "beckon: error: cannot read configuration 'none.yaml': No such file or directory\n")
    }

    @Test func badConfigurationExits65WithItsDiagnostics() throws {
        let folder = try BeckonProcess.folder(configuration: "version: 1\ntips: {a: {titel: A}}\n")
        try "steps: []\n".write(to: folder.appendingPathComponent("trace.yaml"), atomically: true, encoding: .utf8)
        let result = try BeckonProcess.run(["simulate", "trace.yaml"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardOutput == "")
        #expect(result.standardError.hasSuffix("beckon: error: beckon.yaml is not valid: 2 errors\n"))
    }

    @Test func whatsNewNeedsAnAppVersion() throws {
        let folder = try BeckonProcess.folder(configuration: "version: 1\n")
        try "start: 0\nsteps:\n  - {whatsNew.next: true}\n  - {appVersion: 1.2, whatsNew.present: true}\n"
            .write(to: folder.appendingPathComponent("trace.yaml"), atomically: true, encoding: .utf8)
        let result = try BeckonProcess.run(["simulate", "trace.yaml"], in: folder)
        #expect(result.status == 65)
        #expect(result.standardError == """
            trace.yaml:3:6: error: 'whatsNew.next' in step 1 needs an app version: give the step or the trace 'appVersion:', or the configuration 'app.version' [trace.argument]
                3 |   - {whatsNew.next: true}
                  |      ^~~~~~~~~~~~~
            beckon: error: trace.yaml is not valid: 1 error

            """)
    }

    // MARK: --html

    /// `simulate --html` of the example's first week into `page`, a path in a new folder.
    static func simulateToPage(_ page: String) throws -> (page: String, result: ProcessResult) {
        let path = try BeckonProcess.temporaryFolder().appendingPathComponent(page).path
        return (path, try BeckonProcess.run(["simulate", "Config/traces/first-week.yaml", "--config", "Config/example.yaml", "--html", path]))
    }

    @Test func aPageOfOneStepSaysSoInTheSingular() throws {
        let folder = try BeckonProcess.folder(configuration: "version: 1\n")
        try "start: 0\nsteps:\n  - {reset: all}\n".write(to: folder.appendingPathComponent("trace.yaml"), atomically: true, encoding: .utf8)
        let result = try BeckonProcess.run(["simulate", "trace.yaml", "--html", "page.html"], in: folder)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == "wrote page.html: 1 step of 1 subject\n")
    }

    @Test func htmlPageIsOneSelfContainedFile() throws {
        let (page, result) = try Self.simulateToPage("week.html")
        #expect(result.status == 0)
        #expect(result.standardOutput == "wrote \(page): 7 steps of 2 subjects\n")
        let html = try String(contentsOfFile: page, encoding: .utf8)
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        // No text of the data is markup: not a `<` in it (the example's content has some).
        let parts = html.split(separator: "id=\"beckon-data\">")
        let data = parts[1].split(separator: "</script>")[0]
        #expect(data.hasPrefix("{") && data.hasSuffix("}"))
        #expect(!data.contains("<") && data.contains(#"\u003c"#))
        // Nothing is fetched: no external script, style, font or image outside the data (which
        // holds the content's links as text; the browser test sees no request leave the file).
        let outsideData = parts[0] + parts[1].dropFirst(data.count)
        for outside in ["src=", "href=", "<link", "@import", "url("] {
            #expect(!outsideData.contains(outside), "the page refers to something outside it: \(outside)")
        }
    }

    @Test func htmlToStandardOutputIsThePageAlone() throws {
        let (page, _) = try Self.simulateToPage("week.html")
        let result = try BeckonProcess.run(["simulate", "Config/traces/first-week.yaml", "--config", "Config/example.yaml", "--html", "-"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput == (try String(contentsOfFile: page, encoding: .utf8)))
    }

    @Test func htmlIntoAMissingFolderExits66AndWritesNothing() throws {
        let (page, result) = try Self.simulateToPage("missing/week.html")
        #expect(result.status == 66)
        #expect(result.standardError == "beckon: error: cannot write \(page): No such file or directory\n")
        #expect(result.standardOutput == "")
    }
}
